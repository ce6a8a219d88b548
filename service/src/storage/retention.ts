// The retention sweep: uploads do not live forever. A grant nobody used (no upload, or in
// S3 mode no process call) goes an hour after its upload URL expired; every other grant
// and its object go UPLOAD_RETENTION_HOURS after the grant. The object is deleted before
// its grant row, so an object never outlives the row that leads to it. Every instance
// sweeps; deleting what another instance already deleted is no error.
import type { FastifyBaseLogger } from "fastify";
import type { GrantStore } from "../db/types";
import { uploadsSwept } from "../metrics";
import type { ObjectStore } from "./types";

export interface RetentionOptions {
  /** Objects and their grants are deleted this long after the grant. */
  retentionMs: number;
  /** A grant never used is deleted this long after its URL expired (no PUT lasts that long). */
  unusedGraceMs: number;
}

export const UNUSED_GRACE_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 10 * 60 * 1000;
const BATCH = 500;

/** Deletes what is past its time; returns how many grants went. */
export async function sweepUploads(
  grants: GrantStore,
  store: ObjectStore,
  options: RetentionOptions,
  now: Date,
): Promise<number> {
  const expiredBefore = new Date(now.getTime() - options.unusedGraceMs);
  const createdBefore = new Date(now.getTime() - options.retentionMs);
  let swept = 0;
  for (;;) {
    const keys = await grants.sweepable(expiredBefore, createdBefore, BATCH);
    if (keys.length === 0) break;
    await store.remove(keys);
    await grants.delete(keys);
    swept += keys.length;
    uploadsSwept.inc(keys.length);
    if (keys.length < BATCH) break;
  }
  return swept;
}

/** Sweeps now and every 10 minutes until stopped; a failed sweep is logged and retried. */
export function startRetentionSweep(
  grants: GrantStore,
  store: ObjectStore,
  options: RetentionOptions,
  log: FastifyBaseLogger,
): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= sweepUploads(grants, store, options, new Date())
      .then(
        (swept) => {
          if (swept > 0) log.info({ swept }, "retention: deleted expired uploads");
        },
        (error: unknown) => log.warn({ err: error }, "retention sweep failed; retrying later"),
      )
      .finally(() => {
        running = undefined;
      });
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
