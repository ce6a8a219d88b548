// Brings up the fleet of fleet.test.ts: a bucket (s3rver), a PostgreSQL schema of its
// own, two balancers, two Routing Service processes and two app processes, with the
// environment each needs; and takes it all down again.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { findCategory } from "../service/src/catalog";
import { freePort } from "../service/test/helpers";
import { startTestBucket, type TestBucket } from "../service/test/s3-bucket";
import { type Instance, launchApp, launchService, waitReady } from "./instances";
import { type RoundRobinProxy, startRoundRobinProxy } from "./proxy";

export const FLEET_RATE_LIMIT = 2000;

/** The API keys every service accepts: the apps', and two the test calls the services with. */
export const FLEET_KEYS = {
  app: `app-${randomBytes(12).toString("hex")}`,
  probe: `probe-${randomBytes(12).toString("hex")}`,
  duplicates: `dup-${randomBytes(12).toString("hex")}`,
  jobs: `jobs-${randomBytes(12).toString("hex")}`,
};
/** Whichever provider the router picks first for a text-recognition run. */
const textRecognitionProviders =
  findCategory("5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d")?.providers.map((slot) => slot.provider) ??
  [];
const SESSION_SECRET = randomBytes(32).toString("hex");
const METRICS_KEY = randomBytes(16).toString("hex");

export interface Fleet {
  services: Instance[];
  apps: Instance[];
  serviceProxy: RoundRobinProxy;
  appProxy: RoundRobinProxy;
  bucket: TestBucket;
  /** The fleet's PostgreSQL schema, and a client to read it. */
  schema: string;
  admin: pg.Client;
  /** What a service instance (`name` picks its data dir) or an app instance is started with. */
  serviceEnv(name: string): Record<string, string>;
  appEnv(): Record<string, string>;
  /** Provider attempts that answered, summed over the services' /metrics. */
  providerRuns(): Promise<number>;
  /** Provider attempts that answered on one service (its /metrics). */
  providerRunsOf(service: Instance): Promise<number>;
  /**
   * Starts again, with their own settings, the services that were killed or stopped, as an
   * operator's restart policy would, each on a new port its balancer is pointed at;
   * resolves once they are ready.
   */
  restartDeadServices(): Promise<void>;
  close(): Promise<void>;
}

/** The /metrics lines of provider attempts that answered. */
const PROVIDER_RUNS = /^docroute_provider_attempts_total\{.*outcome="ok"/;

async function metric(instance: Instance, pattern: RegExp): Promise<number> {
  const res = await fetch(`${instance.url}/metrics`, {
    headers: { Authorization: `Bearer ${METRICS_KEY}` },
  });
  let sum = 0;
  for (const line of (await res.text()).split("\n")) {
    if (pattern.test(line)) sum += Number(line.split(" ").at(-1));
  }
  return sum;
}

export async function startFleet(databaseUrl: string, redisUrl: string): Promise<Fleet> {
  const bucket = await startTestBucket();
  const dataDir = await mkdtemp(path.join(tmpdir(), "docroute-fleet-"));
  const schema = `fleet_${process.pid}_${randomBytes(4).toString("hex")}`;
  // pg-boss's tables in a schema of the fleet's own: in the default one, the turns of
  // another test's jobs on the same database would be taken (and dropped) by this fleet.
  const queueSchema = `${schema}_queue`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  const scoped = new URL(databaseUrl);
  scoped.searchParams.set("options", `-c search_path=${schema}`);
  const database = scoped.toString();

  // The services bind port 0 and say which port they got (launchService); their balancer
  // learns it then. The apps are given free ports: Next's server takes its port before it
  // listens.
  const SERVICES = 2;
  const appPorts = [await freePort(), await freePort()];
  const serviceProxy = await startRoundRobinProxy();
  const appProxy = await startRoundRobinProxy(appPorts.map((p) => `http://127.0.0.1:${p}`));

  const serviceEnv = (name: string): Record<string, string> => ({
    SERVICE_API_KEYS: Object.values(FLEET_KEYS).join(","),
    SERVICE_PUBLIC_URL: serviceProxy.url,
    SERVICE_DATA_DIR: path.join(dataDir, name),
    SERVICE_DATABASE_URL: database,
    SERVICE_CORS_ORIGINS: appProxy.url,
    REDIS_URL: redisUrl,
    ...bucket.env(),
    RATE_LIMIT_PER_MINUTE: String(FLEET_RATE_LIMIT),
    WORK_CONCURRENCY: "2",
    WORK_QUEUE_MAX: "64",
    // A killed instance's running keys are taken over 6 s after it went silent.
    IDEMPOTENCY_LEASE_SECONDS: "6",
    // Likewise a killed instance's job: its lease runs out 6 s after its last renewal.
    JOB_LEASE_SECONDS: "6",
    // A turn keeps its job to the end (no yield after a slice), so the test knows which
    // instance holds the job it kills.
    JOB_SLICE_SECONDS: "600",
    JOB_QUEUE_SCHEMA: queueSchema,
    // Each run waits in its first provider (whichever the router picks), so runs are
    // in flight when an instance is killed.
    PROVIDER_FAULTS: textRecognitionProviders.map((name) => `${name}=delay:3000`).join(";"),
    METRICS_KEY,
  });
  const appEnv = (): Record<string, string> => ({
    ROUTING_API_URL: serviceProxy.url,
    ROUTING_API_KEY: FLEET_KEYS.app,
    DATABASE_URL: database,
    REDIS_URL: redisUrl,
    SESSION_SECRET,
    UPLOAD_ORIGINS: bucket.endpoint,
    APP_RATE_LIMIT_PER_MINUTE: "100000",
  });

  const services: Instance[] = [];
  const apps: Instance[] = [];
  const close = async () => {
    await Promise.all([...services, ...apps].map((i) => i.stop()));
    await serviceProxy.close();
    await appProxy.close();
    await bucket.close();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.query(`drop schema if exists "${queueSchema}" cascade`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  };
  const startService = async (i: number) => {
    const name = `service-${i + 1}`;
    const service = launchService(name, serviceEnv(name));
    services[i] = service;
    await waitReady(service, "/readyz");
    serviceProxy.setBackend(i, service.url);
  };
  try {
    // The first service creates the tables; the second starts on them, as a scaled-up one would.
    for (let i = 0; i < SERVICES; i++) await startService(i);
    for (const [i, port] of appPorts.entries()) {
      apps.push(launchApp(`app-${i + 1}`, port, appEnv()));
    }
    await Promise.all(apps.map((app) => waitReady(app, "/api/health")));
  } catch (error) {
    await close();
    throw error;
  }

  return {
    services,
    apps,
    serviceProxy,
    appProxy,
    bucket,
    schema,
    admin,
    serviceEnv,
    appEnv,
    async providerRuns() {
      const counts = await Promise.all(services.map((s) => metric(s, PROVIDER_RUNS)));
      return counts.reduce((a, b) => a + b, 0);
    },
    providerRunsOf: (service) => metric(service, PROVIDER_RUNS),
    async restartDeadServices() {
      for (const [i, service] of services.entries()) {
        if (service.alive()) continue;
        await service.exited;
        await startService(i);
      }
    },
    close,
  };
}
