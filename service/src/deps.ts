// What buildApp (app.ts) is given, and what each route plugin receives as options.
// Its own module, so the routes need not import app.ts, which imports them.
import type { ServiceDb } from "./db/types";
import type { Jobs } from "./jobs";
import type { JobsConfig } from "./jobs/settings";
import type { DocumentRunner } from "./run/runner";
import type { ServiceConfig } from "./settings";
import type { ObjectStore } from "./storage/types";

export interface AppDeps {
  config: ServiceConfig;
  db: ServiceDb;
  store: ObjectStore;
  /**
   * How documents reach the router (run/runner.ts), built once at start: the process
   * route, and the jobs started here, are registered only when one is given.
   */
  runner?: DocumentRunner;
  /**
   * Jobs (jobs/), already started: the process call answers 202 with a job when asked to
   * or for a long document, and /v1/jobs and batches are served. Whoever started them
   * closes them (tests).
   */
  jobs?: Jobs;
  /** Or their settings: buildApp starts jobs over the runner and closes them with the app. */
  jobsConfig?: JobsConfig;
  /** Where log lines go (default stdout); tests read them here. */
  logStream?: { write(line: string): void };
}
