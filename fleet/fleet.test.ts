// A fleet on this machine's real servers (fleet.ts): two Routing Service processes and
// two app processes, each pair behind a round-robin balancer, sharing one PostgreSQL
// (grants, idempotency records, the run ledger, jobs and their pg-boss queue), one Redis
// (rate limits) and one S3-compatible bucket (s3rver). The tests share the fleet and run
// in order: one that kills an instance leaves it dead for those after it. Needs the app's production build, TEST_DATABASE_URL
// and TEST_REDIS_URL (npm test provides all three; see docs/operations.md, "Running more
// than one instance").
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantSchema } from "@/lib/api/documents";
import {
  isFinishedJob,
  type Job,
  jobSchema,
  ocrDataSchema,
  processResultSchema,
  uploadGrantSchema,
} from "@/lib/kernel/contract";
import { imagePage, writePdf } from "../scripts/calibration/simple-pdf";
import { readObject } from "../service/src/storage/read";
import { S3Store } from "../service/src/storage/s3";
import { freePort } from "../service/test/helpers";
import { Buyer } from "./buyer";
import { FLEET_KEYS, FLEET_RATE_LIMIT, type Fleet, startFleet } from "./fleet";
import { launchApp, launchService, root } from "./instances";

const OCR = "5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d";
const DATABASE = process.env.TEST_DATABASE_URL ?? "";
const REDIS = process.env.TEST_REDIS_URL ?? "";

const letter = () => readFile(path.join(root, "fixtures", "letter.png"));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The scanned pages of the job's PDF, in order, each with words only it has. */
const JOB_PAGES = [
  { fixture: "letter.png", words: "Alvarez" },
  { fixture: "invoice.png", words: "Northwind" },
  { fixture: "german-letter.png", words: "Lieferung" },
] as const;

/** A PDF of JOB_PAGES, pictures only (no text layer), at 200 dpi. */
async function scannedJobPdf(): Promise<Buffer> {
  const pages = await Promise.all(
    JOB_PAGES.map(async ({ fixture }) =>
      imagePage(await readFile(path.join(root, "fixtures", fixture)), 200),
    ),
  );
  return writePdf(pages);
}

const count = (text: string, words: string) => text.split(words).length - 1;

describe.runIf(DATABASE && REDIS)("a fleet of two services and two apps", () => {
  let fleet: Fleet;
  beforeAll(async () => {
    fleet = await startFleet(DATABASE, REDIS);
  }, 180_000);
  afterAll(async () => {
    await fleet?.close();
  });

  it("counts one per-key rate limit over both services, through Redis", async () => {
    const before = [...fleet.serviceProxy.answered];
    const statuses: number[] = [];
    const total = FLEET_RATE_LIMIT + 20;
    for (let sent = 0; sent < total; sent += 50) {
      const batch = Array.from({ length: Math.min(50, total - sent) }, () =>
        fetch(`${fleet.serviceProxy.url}/v1/categories`, {
          headers: { "X-API-Key": FLEET_KEYS.probe },
        }).then((r) => r.status),
      );
      statuses.push(...(await Promise.all(batch)));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(FLEET_RATE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    // Both instances answered about half: alone, each would have allowed the whole limit.
    for (const [i, n] of fleet.serviceProxy.answered.entries()) {
      expect(n - (before[i] ?? 0)).toBeGreaterThan(total / 2 - 50);
    }
  });

  it("runs 100 concurrent duplicates of one Idempotency-Key once, over both services", async () => {
    const headers = { "X-API-Key": FLEET_KEYS.duplicates, "Content-Type": "application/json" };
    const grantRes = await fetch(`${fleet.serviceProxy.url}/v1/categories/${OCR}/uploads`, {
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

    const runsBefore = await fleet.providerRuns();
    const before = [...fleet.serviceProxy.answered];
    const key = randomUUID();
    const body = JSON.stringify({ input: { document: grant.s3_uri, mime_type: "image/png" } });
    const firstStatuses: number[] = [];
    const answers = await Promise.all(
      Array.from({ length: 100 }, async () => {
        // A duplicate that finds the first still running gets 409 and asks again, as a client does.
        for (let attempt = 0; ; attempt++) {
          const res = await fetch(`${fleet.serviceProxy.url}/v1/categories/${OCR}/process`, {
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
          await sleep(500);
        }
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
    // One answer, byte for byte: one run, one trace id.
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.replayed !== "true")).toHaveLength(1);
    expect(await fleet.providerRuns()).toBe(runsBefore + 1);
    const result = processResultSchema.parse(JSON.parse(answers[0]?.body ?? ""));
    expect(result.data.text).toContain("Dear");
    // The duplicates really were spread over both instances.
    for (const [i, n] of fleet.serviceProxy.answered.entries()) {
      expect(n - (before[i] ?? 0)).toBeGreaterThanOrEqual(50);
    }
    expect(firstStatuses.filter((s) => s === 409).length).toBeGreaterThan(0);
  }, 60_000);

  it("shares the buyer's session: a grant from one app, the process call and the run page on the other", async () => {
    const [appA, appB] = fleet.apps;
    if (!appA || !appB) throw new Error("two apps expected");
    const onA = new Buyer(appA.url);
    const grant = grantSchema.parse(
      await onA.call(`/api/categories/${OCR}/uploads`, { contentType: "image/png" }),
    );
    await fetch(grant.uploadUrl, {
      method: "PUT",
      headers: { "Content-Type": "image/png" },
      body: new Uint8Array(await letter()),
    });
    const onB = new Buyer(appB.url);
    onB.cookie = onA.cookie;
    const result = processResultSchema.parse(
      await onB.call(
        `/api/categories/${OCR}/process`,
        { document: grant.s3Uri, mimeType: "image/png" },
        { "Idempotency-Key": randomUUID() },
      ),
    );
    for (const app of fleet.apps) {
      const page = await fetch(`${app.url}/runs/${result.meta.trace_id}`, {
        headers: { Cookie: onA.cookie },
      });
      expect(page.status, app.name).toBe(200);
      expect(await page.text(), app.name).toContain("Dear");
    }
  }, 60_000);

  it("loses nothing when one service and one app are killed mid-load", async () => {
    const png = await letter();
    const buyers = Array.from({ length: 12 }, () => new Buyer(fleet.appProxy.url));
    const runs = buyers.map((buyer, i) => buyer.run(png, `letter-${i}.png`));
    // Kill once most process calls are in flight (each spends 3 s in its first provider).
    const [serviceToKill] = fleet.services;
    const [appToKill] = fleet.apps;
    if (!serviceToKill || !appToKill) throw new Error("instances missing");
    const processing = `/v1/categories/${OCR}/process`;
    while (fleet.serviceProxy.waiting(processing) < buyers.length - 2) await sleep(20);
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
      bucket: fleet.bucket.env().S3_BUCKET ?? "",
      endpoint: fleet.bucket.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    for (const run of done) {
      expect((await readObject(store, run.objectKey))?.equals(png)).toBe(true);
    }
    store.close();

    // One ledger row per run, ended with the trace id the buyer got, none left running.
    const { rows } = await fleet.admin.query<{
      idempotency_key: string;
      trace_id: string | null;
      status: string;
    }>(
      `select idempotency_key, trace_id, status from "${fleet.schema}".ledger_runs where idempotency_key = any($1)`,
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

  it("finishes a job on the other service, every page once, when the one running it is killed", async () => {
    // The test above killed a service: both run again, as a restart policy would have them.
    await fleet.restartDeadServices();
    const base = fleet.serviceProxy.url;
    const headers = { "X-API-Key": FLEET_KEYS.jobs, "Content-Type": "application/json" };
    const grantRes = await fetch(`${base}/v1/categories/${OCR}/uploads`, {
      method: "POST",
      headers,
      body: JSON.stringify({ content_type: "application/pdf" }),
    });
    const grant = uploadGrantSchema.parse(await grantRes.json());
    const put = await fetch(grant.upload_url, {
      method: "PUT",
      headers: { "Content-Type": "application/pdf" },
      body: new Uint8Array(await scannedJobPdf()),
    });
    expect(put.status).toBe(200);

    const runsBefore = await Promise.all(fleet.services.map((s) => fleet.providerRunsOf(s)));
    const accepted = await fetch(`${base}/v1/categories/${OCR}/process`, {
      method: "POST",
      headers: { ...headers, Prefer: "respond-async" },
      body: JSON.stringify({ input: { document: grant.s3_uri, mime_type: "application/pdf" } }),
    });
    expect(accepted.status).toBe(202);
    const { id } = jobSchema.parse(await accepted.json());
    const location = accepted.headers.get("location") ?? "";
    expect(location).toMatch(new RegExp(`/v1/jobs/${id}$`));
    const readJob = async (): Promise<Job> => {
      const res = await fetch(`${base}/v1/jobs/${id}`, { headers });
      return jobSchema.parse(await res.json());
    };

    // Mid-way: a page kept, the next being read (each waits 3 s in its provider).
    let job = await readJob();
    while (job.pages_done === 0 && !isFinishedJob(job.status)) {
      await sleep(100);
      job = await readJob();
    }
    expect(job.status).toBe("running");
    expect(job.pages_done).toBeLessThan(JOB_PAGES.length);
    // The one that holds it is the one whose providers read its pages.
    const runsNow = await Promise.all(fleet.services.map((s) => fleet.providerRunsOf(s)));
    const holders = fleet.services.filter((_, i) => (runsNow[i] ?? 0) > (runsBefore[i] ?? 0));
    expect(holders).toHaveLength(1);
    const [holder] = holders;
    const survivor = fleet.services.find((s) => s !== holder);
    if (!holder || !survivor) throw new Error("two services expected");
    await holder.kill();

    // What the killed instance had kept; the rest is the survivor's to read.
    const { rows } = await fleet.admin.query<{ pages_done: number }>(
      `select pages_done from "${fleet.schema}".jobs where id = $1`,
      [id],
    );
    const keptByKilled = Number(rows[0]?.pages_done);
    expect(keptByKilled).toBeGreaterThan(0);
    expect(keptByKilled).toBeLessThan(JOB_PAGES.length);
    const survivorBefore = await fleet.providerRunsOf(survivor);

    // Taken over once its lease (6 s) runs out; 3 s and more a page after that.
    const deadline = Date.now() + 90_000;
    while (!isFinishedJob(job.status) && Date.now() < deadline) {
      await sleep(250);
      job = await readJob();
    }
    expect(job.status).toBe("succeeded");
    expect(job.pages_done).toBe(JOB_PAGES.length);
    expect(job.pages_total).toBe(JOB_PAGES.length);
    // The survivor read exactly the pages not kept: none twice, none lost.
    expect((await fleet.providerRunsOf(survivor)) - survivorBefore).toBe(
      JOB_PAGES.length - keptByKilled,
    );
    const data = ocrDataSchema.parse(job.data);
    expect(data.pages.map((page) => page.number)).toEqual(JOB_PAGES.map((_, i) => i + 1));
    for (const [i, { words }] of JOB_PAGES.entries()) {
      expect(data.pages[i]?.text, `page ${i + 1}`).toContain(words);
      expect(count(data.text, words), words).toBe(1);
    }
    // Its text in page order.
    const at = JOB_PAGES.map(({ words }) => data.text.indexOf(words));
    expect(at).toEqual([...at].sort((a, b) => a - b));
    const pages = await fleet.admin.query<{ number: number }>(
      `select number from "${fleet.schema}".job_pages where job_id = $1 order by number`,
      [id],
    );
    expect(pages.rows.map((row) => Number(row.number))).toEqual(JOB_PAGES.map((_, i) => i + 1));
  }, 180_000);

  it("stops an instance missing a shared setting at start, naming it", async () => {
    const { REDIS_URL: _redis, ...serviceWithoutRedis } = fleet.serviceEnv("service-x");
    const service = launchService("service-x", serviceWithoutRedis);
    expect(await service.exited).toBe(1);
    expect(service.output()).toContain(
      "REDIS_URL: must be set when SERVICE_DATABASE_URL is PostgreSQL",
    );

    const { SESSION_SECRET: _secret, ...appWithoutSecret } = fleet.appEnv();
    const app = launchApp("app-x", await freePort(), appWithoutSecret);
    const exited = await Promise.race([app.exited, sleep(60_000).then(() => "still running")]);
    await app.kill();
    expect(exited).toBe(1);
    expect(app.output()).toContain("SESSION_SECRET: must be set when DATABASE_URL is PostgreSQL");
    expect(app.output()).not.toContain(FLEET_KEYS.app);
  }, 90_000);
});
