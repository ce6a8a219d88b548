// The durable queue jobs run through, shared by every instance on the same database:
// pg-boss on PostgreSQL (pg-boss-queue.ts), a table of the service's own SQLite database
// on one machine (table-queue.ts). Both follow pg-boss's model: a message is taken by one
// taker at a time; a handler that throws has its message retried after a delay (doubling
// when asked) until its retries are spent; a message whose taker died is given out again
// once it expires.
//
// What goes through it is small: "turns" (work on this job for a while) and webhook
// deliveries, each naming a job. What a job has done lives in the jobs tables
// (db/job-store.ts), so a turn that runs twice, or late, does no harm.

export const TURNS = "docroute-job-turns";
export const WEBHOOKS = "docroute-job-webhooks";
export type QueueName = typeof TURNS | typeof WEBHOOKS;

export interface SendOptions {
  /** Higher is taken first; equal ones oldest first. */
  priority: number;
  /** At most one message with this key waits at a time; another send is dropped. */
  singletonKey?: string;
  /** Not taken before this many ms from now. */
  delayMs?: number;
  retryLimit: number;
  /** Before the first retry; doubles each time when `retryBackoff`. */
  retryDelayMs: number;
  retryBackoff: boolean;
  /** How long a taken message may run before it counts as failed (its taker died). */
  expireMs: number;
}

export interface QueueMessage {
  id: string;
  /** The job it is about. */
  jobId: string;
  /** Earlier tries of this message that failed. */
  retryCount: number;
}

export type Handler = (message: QueueMessage) => Promise<void>;

export interface JobQueue {
  /** The backend, for logs and docs: "pg-boss" or "table". */
  readonly kind: string;
  send(queue: QueueName, jobId: string, options: SendOptions): Promise<void>;
  /** Starts `concurrency` takers of `queue` on this instance. */
  work(queue: QueueName, concurrency: number, handler: Handler): Promise<void>;
  /**
   * Stops taking. Handlers that are running are waited for (they should have been told
   * to stop); with `crash`, nothing is waited for or told to the database, as when the
   * process dies (tests).
   */
  stop(options?: { crash?: boolean }): Promise<void>;
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    timer.unref?.();
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
