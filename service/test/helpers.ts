// Starts the real service on an ephemeral port with a temp data dir and a real SQLite db.
// Every service test (categories, uploads, storage, process, ops) goes through this.
//
//   const svc = await startService({ env: { RATE_LIMIT_PER_MINUTE: "5" }, router: myRouter });
//   const res = await svc.fetch("/v1/categories");            // sends X-API-Key: svc.key
//   const res2 = await svc.fetch("/v1/categories", { key: null }); // no key
//   await svc.close();
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { type AppDeps, buildApp } from "../src/app";
import { loadRunConfig, loadServiceConfig } from "../src/config";
import { openServiceDb } from "../src/db/index";
import type { ServiceDb } from "../src/db/types";
import type { Jobs, JobsConfig } from "../src/jobs";
import type { Router } from "../src/router/types";
import { createDocumentRunner, type RunConfig } from "../src/run/runner";
import type { ServiceConfig } from "../src/settings";
import { createObjectStore } from "../src/storage/index";
import type { ObjectStore } from "../src/storage/types";
import { freePort } from "./free-port";

export { freePort };

export const TEST_KEY = "test-key-0123456789abcdef";
export const OTHER_KEY = "other-key-0123456789abcdef";
export const METRICS_KEY = "metrics-key-0123456789abcdef";

export interface StartOptions {
  /** Environment variables on top of the test defaults (keys, temp data dir, silent logs). */
  env?: Record<string, string>;
  /** Fields set on the parsed config, after env. */
  config?: Partial<ServiceConfig>;
  /** The router documents go to: the process route (and jobs) are served only with one. */
  router?: Router;
  /** The document runner's settings (default: from `env`). */
  runConfig?: RunConfig;
  /** Jobs the test started (and closes), or settings of jobs the service starts and closes. */
  jobs?: Jobs;
  jobsConfig?: JobsConfig;
  /** Receives the service's log lines (set env LOG_LEVEL too: tests default to silent). */
  logStream?: { write(line: string): void };
  /** Replace the SQLite db or the storage (the service then does not own and close them). */
  db?: ServiceDb;
  store?: ObjectStore;
}

export interface TestService {
  url: string;
  key: string;
  config: ServiceConfig;
  db: ServiceDb;
  store: ObjectStore;
  app: FastifyInstance;
  dataDir: string;
  /** fetch relative to the service, with X-API-Key: key (unless `key` is given; null sends none). */
  fetch(pathname: string, init?: RequestInit & { key?: string | null }): Promise<Response>;
  /** fetch with a JSON body. */
  postJson(
    pathname: string,
    body: unknown,
    init?: RequestInit & { key?: string | null },
  ): Promise<Response>;
  /** GET /metrics on the service's port with the test's METRICS_KEY. */
  metrics(): Promise<Response>;
  close(): Promise<void>;
}

interface Built {
  app: FastifyInstance;
  config: ServiceConfig;
  db: ServiceDb;
  store: ObjectStore;
}

async function listen(build: (port: number) => Promise<Built>): Promise<Built & { port: number }> {
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const built = await build(port);
    try {
      await built.app.listen({ host: "127.0.0.1", port });
      return { ...built, port };
    } catch (error) {
      await built.app.close();
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || attempt >= 5) throw error;
    }
  }
}

export async function startService(options: StartOptions = {}): Promise<TestService> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "docroute-test-"));
  const owned: { db?: ServiceDb } = {};
  const { app, config, db, store, port } = await listen(async (port) => {
    const config: ServiceConfig = {
      ...loadServiceConfig({
        SERVICE_API_KEYS: `${TEST_KEY},${OTHER_KEY}`,
        SERVICE_DATA_DIR: dataDir,
        SERVICE_PORT: String(port),
        SERVICE_PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: "silent",
        METRICS_KEY,
        ...options.env,
      }),
      ...options.config,
    };
    if (!options.db && !owned.db)
      owned.db = await openServiceDb(config.databaseUrl, config.dataDir);
    const db = options.db ?? owned.db;
    if (!db) throw new Error("no database");
    const store = options.store ?? (await createObjectStore(config));
    const run = options.runConfig ?? loadRunConfig(options.env);
    const deps: AppDeps = {
      config,
      db,
      store,
      runner:
        options.router &&
        createDocumentRunner({ router: options.router, grants: db.grants, store, config: run }),
      jobs: options.jobs,
      jobsConfig: options.jobsConfig,
      logStream: options.logStream,
    };
    return { app: await buildApp(deps), config, db, store };
  });
  const url = `http://127.0.0.1:${port}`;

  const doFetch: TestService["fetch"] = (pathname, init = {}) => {
    const { key = TEST_KEY, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (key !== null) headers.set("X-API-Key", key);
    return fetch(`${url}${pathname}`, { ...rest, headers });
  };

  return {
    url,
    key: TEST_KEY,
    config,
    db,
    store,
    app,
    dataDir,
    fetch: doFetch,
    postJson: (pathname, body, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set("Content-Type", "application/json");
      return doFetch(pathname, { method: "POST", ...init, headers, body: JSON.stringify(body) });
    },
    metrics: () => fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_KEY}` } }),
    async close() {
      await app.close();
      await owned.db?.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
