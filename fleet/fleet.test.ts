// A fleet on this machine's real servers: two Routing Service processes and two app
// processes, each pair behind a round-robin balancer, sharing one PostgreSQL (grants,
// idempotency records, the run ledger), one Redis (rate limits) and one S3-compatible
// bucket (s3rver). Needs the app's production build, TEST_DATABASE_URL and
// TEST_REDIS_URL (npm test provides all three; see README, "Running more than one
// instance").
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processResultSchema, uploadGrantSchema } from "@/lib/contract";
import { readObject } from "../service/src/storage/read";
import { S3Store } from "../service/src/storage/s3";
import { freePort } from "../service/test/helpers";
import { startTestBucket, type TestBucket } from "../service/test/s3-bucket";
import { Buyer } from "./buyer";
import { type Instance, launchApp, launchService, root, waitReady } from "./instances";
import { type RoundRobinProxy, startRoundRobinProxy } from "./proxy";

const OCR = "5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d";
const DATABASE = process.env.TEST_DATABASE_URL ?? "";
const REDIS = process.env.TEST_REDIS_URL ?? "";
const RATE_LIMIT = 2000;

// What every instance of a program shares (README, "Running more than one instance").
const APP_KEY = `app-${randomBytes(12).toString("hex")}`;
const PROBE_KEY = `probe-${randomBytes(12).toString("hex")}`;
const DUPLICATES_KEY = `dup-${randomBytes(12).toString("hex")}`;
const SESSION_SECRET = randomBytes(32).toString("hex");
const METRICS_KEY = randomBytes(16).toString("hex");

const letter = () => readFile(path.join(root, "fixtures", "letter.png"));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let bucket: TestBucket;
let schema: string;
let admin: pg.Client;
let scopedDatabase: string;
let dataDir: string;
const services: Instance[] = [];
const apps: Instance[] = [];
let serviceProxy: RoundRobinProxy;
let appProxy: RoundRobinProxy;

function serviceEnv(name: string): Record<string, string> {
  return {
    SERVICE_API_KEYS: [APP_KEY, PROBE_KEY, DUPLICATES_KEY].join(","),
    SERVICE_PUBLIC_URL: serviceProxy.url,
    SERVICE_DATA_DIR: path.join(dataDir, name),
    SERVICE_DATABASE_URL: scopedDatabase,
    SERVICE_CORS_ORIGINS: appProxy.url,
    REDIS_URL: REDIS,
    ...bucket.env(),
    RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    WORK_CONCURRENCY: "2",
    WORK_QUEUE_MAX: "64",
    // A killed instance's running keys are taken over 6 s after it went silent.
    IDEMPOTENCY_LEASE_SECONDS: "6",
    // Each run waits a little in the first provider, so a run is in flight when an
    // instance is killed.
    PROVIDER_FAULTS: "tesseractjs-fast=delay:1500",
    METRICS_KEY,
    LOG_LEVEL: "warn",
  };
}

function appEnv(): Record<string, string> {
  return {
    ROUTING_API_URL: serviceProxy.url,
    ROUTING_API_KEY: APP_KEY,
    DATABASE_URL: scopedDatabase,
    REDIS_URL: REDIS,
    SESSION_SECRET,
    UPLOAD_ORIGINS: bucket.endpoint,
    APP_RATE_LIMIT_PER_MINUTE: "100000",
  };
}

async function metric(instance: Instance, pattern: RegExp): Promise<number> {
  const res = await fetch(`${instance.url}/metrics`, {
    headers: { Authorization: `Bearer ${METRICS_KEY}` },
  });
  const text = await res.text();
  let sum = 0;
  for (const line of text.split("\n")) {
    if (pattern.test(line)) sum += Number(line.split(" ").at(-1));
  }
  return sum;
}

const providerRuns = async (instances: Instance[]) =>
  (
    await Promise.all(
      instances.map((i) => metric(i, /^docroute_provider_attempts_total\{.*outcome="ok"/)),
    )
  ).reduce((a, b) => a + b, 0);

describe.runIf(DATABASE && REDIS)("a fleet of two services and two apps", () => {
  beforeAll(async () => {
    bucket = await startTestBucket();
    dataDir = await mkdtemp(path.join(tmpdir(), "docroute-fleet-"));
    schema = `fleet_${process.pid}_${randomBytes(4).toString("hex")}`;
    admin = new pg.Client({ connectionString: DATABASE });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    const scoped = new URL(DATABASE);
    scoped.searchParams.set("options", `-c search_path=${schema}`);
    scopedDatabase = scoped.toString();

    const servicePorts = [await freePort(), await freePort()];
    const appPorts = [await freePort(), await freePort()];
    serviceProxy = await startRoundRobinProxy(servicePorts.map((p) => `http://127.0.0.1:${p}`));
    appProxy = await startRoundRobinProxy(appPorts.map((p) => `http://127.0.0.1:${p}`));
    // The first service creates the tables; the second starts on them, as a scaled-up one would.
    for (const [i, port] of servicePorts.entries()) {
      const service = launchService(`service-${i + 1}`, port, serviceEnv(`service-${i + 1}`));
      services.push(service);
      await waitReady(service, "/readyz");
    }
    for (const [i, port] of appPorts.entries()) {
      apps.push(launchApp(`app-${i + 1}`, port, appEnv()));
    }
    await Promise.all(apps.map((app) => waitReady(app, "/api/health")));
  }, 180_000);

  afterAll(async () => {
    await Promise.all([...services, ...apps].map((i) => i.stop()));
    await serviceProxy?.close();
    await appProxy?.close();
    await bucket?.close();
    await admin?.query(`drop schema if exists "${schema}" cascade`);
    await admin?.end();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("counts one per-key rate limit over both services, through Redis", async () => {
    const before = [...serviceProxy.answered];
    const statuses: number[] = [];
    const total = RATE_LIMIT + 20;
    for (let sent = 0; sent < total; sent += 50) {
      const batch = Array.from({ length: Math.min(50, total - sent) }, () =>
        fetch(`${serviceProxy.url}/v1/categories`, { headers: { "X-API-Key": PROBE_KEY } }).then(
          (r) => r.status,
        ),
      );
      statuses.push(...(await Promise.all(batch)));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    // Both instances answered about half: alone, each would have allowed the whole limit.
    for (const [i, n] of serviceProxy.answered.entries()) {
      expect(n - (before[i] ?? 0)).toBeGreaterThan(total / 2 - 50);
    }
  });

  it("runs 100 concurrent duplicates of one Idempotency-Key once, over both services", async () => {
    const headers = { "X-API-Key": DUPLICATES_KEY, "Content-Type": "application/json" };
    const grantRes = await fetch(`${serviceProxy.url}/v1/categories/${OCR}/uploads`, {
      method: "POST",
      headers,
      body: JSON.stringify({ content_type: "image/png" }),
    });
    const grant = uploadGrantSchema.parse(await grantRes.json());
    const put = await fetch(grant.upload_url, {
      method: "PUT",
      headers: { "Content-Type": "image/png" },
      body: new Uint8Array(await letter()),
    });
    expect(put.status).toBe(200);

    const runsBefore = await providerRuns(services);
    const before = [...serviceProxy.answered];
    const key = randomUUID();
    const body = JSON.stringify({ input: { document: grant.s3_uri, mime_type: "image/png" } });
    const firstStatuses: number[] = [];
    const answers = await Promise.all(
      Array.from({ length: 100 }, async () => {
        // A duplicate that finds the first still running gets 409 and asks again, as a client does.
        for (let attempt = 0; ; attempt++) {
          const res = await fetch(`${serviceProxy.url}/v1/categories/${OCR}/process`, {
            method: "POST",
            headers: { ...headers, "Idempotency-Key": key },
            body,
          });
          if (attempt === 0) firstStatuses.push(res.status);
          if (res.status !== 409 || attempt > 100) {
            return {
              status: res.status,
              replayed: res.headers.get("idempotent-replayed"),
              body: await res.text(),
            };
          }
          await res.body?.cancel();
          await sleep(200);
        }
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
    // One answer, byte for byte: one run, one trace id.
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.replayed !== "true")).toHaveLength(1);
    expect(await providerRuns(services)).toBe(runsBefore + 1);
    const result = processResultSchema.parse(JSON.parse(answers[0]?.body ?? ""));
    expect(result.data.text).toContain("Dear");
    // The duplicates really were spread over both instances.
    for (const [i, n] of serviceProxy.answered.entries()) {
      expect(n - (before[i] ?? 0)).toBeGreaterThanOrEqual(50);
    }
    expect(firstStatuses.filter((s) => s === 409).length).toBeGreaterThan(0);
  }, 60_000);

  it("shares the buyer's session: a grant from one app, the process call and the run page on the other", async () => {
    const [appA, appB] = apps;
    if (!appA || !appB) throw new Error("two apps expected");
    const onA = new Buyer(appA.url);
    const grant = uploadGrantSchema.parse(
      await onA.call(`/api/categories/${OCR}/uploads`, { contentType: "image/png" }),
    );
    await fetch(grant.upload_url, {
      method: "PUT",
      headers: { "Content-Type": "image/png" },
      body: new Uint8Array(await letter()),
    });
    const onB = new Buyer(appB.url);
    onB.cookie = onA.cookie;
    const result = processResultSchema.parse(
      await onB.call(
        `/api/categories/${OCR}/process`,
        { document: grant.s3_uri, mimeType: "image/png", objectKey: grant.object_key },
        { "Idempotency-Key": randomUUID() },
      ),
    );
    for (const app of apps) {
      const page = await fetch(`${app.url}/runs/${result.meta.trace_id}`, {
        headers: { Cookie: onA.cookie },
      });
      expect(page.status, app.name).toBe(200);
      expect(await page.text(), app.name).toContain("Dear");
    }
  }, 60_000);

  it("loses nothing when one service and one app are killed mid-load", async () => {
    const png = await letter();
    const buyers = Array.from({ length: 12 }, () => new Buyer(appProxy.url));
    const runs = buyers.map((buyer, i) => buyer.run(png, `letter-${i}.png`));
    // Kill once the process calls are in flight (each spends 1.5 s in its first provider).
    const [serviceToKill] = services;
    const [appToKill] = apps;
    if (!serviceToKill || !appToKill) throw new Error("instances missing");
    await sleep(2500);
    await Promise.all([serviceToKill.kill(), appToKill.kill()]);

    const settled = await Promise.allSettled(runs);
    const failures = settled.flatMap((s) => (s.status === "rejected" ? [String(s.reason)] : []));
    expect(failures).toEqual([]);
    const done = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    // The kills hit calls in flight: some browsers lost their connection to the app
    // and retried with the same key, then waited (409) for a claim to finish or, when
    // its service was the one killed, to be taken over.
    const retried = done.flatMap((run) => run.retried);
    expect(retried).toContain("network_error");
    expect(retried).toContain("still_running");

    // Every in-flight run ended with its real outcome: the document's text.
    for (const run of done) expect(run.result.data.text).toContain("Dear");

    // No upload lost: every object is in the bucket, byte for byte.
    const store = new S3Store({
      bucket: bucket.env().S3_BUCKET ?? "",
      endpoint: bucket.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    for (const run of done) {
      expect((await readObject(store, run.objectKey))?.equals(png)).toBe(true);
    }
    store.close();

    // One ledger row per run, ended with the trace id the buyer got, none left running.
    const { rows } = await admin.query<{
      idempotency_key: string;
      trace_id: string | null;
      status: string;
    }>(
      `select idempotency_key, trace_id, status from "${schema}".ledger_runs where idempotency_key = any($1)`,
      [done.map((run) => run.idempotencyKey)],
    );
    expect(rows).toHaveLength(done.length);
    for (const run of done) {
      expect(rows.find((row) => row.idempotency_key === run.idempotencyKey)).toEqual({
        idempotency_key: run.idempotencyKey,
        trace_id: run.result.meta.trace_id,
        status: "succeeded",
      });
    }
  }, 240_000);

  it("stops an instance missing a shared setting at start, naming it", async () => {
    const { REDIS_URL: _redis, ...serviceWithoutRedis } = serviceEnv("service-x");
    const service = launchService("service-x", await freePort(), serviceWithoutRedis);
    expect(await service.exited).toBe(1);
    expect(service.output()).toContain(
      "REDIS_URL: must be set when SERVICE_DATABASE_URL is PostgreSQL",
    );

    const { SESSION_SECRET: _secret, ...appWithoutSecret } = appEnv();
    const app = launchApp("app-x", await freePort(), appWithoutSecret);
    const exited = await Promise.race([app.exited, sleep(60_000).then(() => "still running")]);
    await app.kill();
    expect(exited).toBe(1);
    expect(app.output()).toContain("SESSION_SECRET: must be set when DATABASE_URL is PostgreSQL");
    expect(app.output()).not.toContain(APP_KEY);
  }, 90_000);
});
