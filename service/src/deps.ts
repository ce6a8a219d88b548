// What buildApp (app.ts) is given, and what each route plugin receives as options.
// Its own module, so the routes need not import app.ts, which imports them.
import type { ServiceConfig } from "./config";
import type { ServiceDb } from "./db/types";
import type { Jobs, JobsConfig } from "./jobs";
import type { Router } from "./router/types";
import type { ProcessConfig } from "./run/config";
import type { ObjectStore } from "./storage/types";

export interface AppDeps {
  config: ServiceConfig;
  db: ServiceDb;
  store: ObjectStore;
  /** The router the process route uses (routing/); the route is registered only when one is given. */
  router?: Router;
  /**
   * Jobs (jobs/), already started: the process call answers 202 with a job when asked to
   * or for a long document, and /v1/jobs and batches are served. Whoever started them
   * closes them (tests).
   */
  jobs?: Jobs;
  /** Or their settings: buildApp starts jobs over the router and closes them with the app. */
  jobsConfig?: JobsConfig;
  /** Work-queue and idempotency settings of the process route; from the environment when unset. */
  processConfig?: ProcessConfig;
  /** Where log lines go (default stdout); tests read them here. */
  logStream?: { write(line: string): void };
}
