// The queue on one machine: a table of the service's SQLite database (db/queue-store.ts),
// polled by each instance's takers. Why not a library: the SQLite queues for Node that
// exist were looked at (INTERFACE.md, "Jobs"), and none is both maintained and able to
// hand a dead taker's work to another (plainjob, the closest, requeues by creation time,
// not by a lease, and is a 0.0.x with two releases); this one is the few statements
// pg-boss runs, on the database the service already has.
import type { FastifyBaseLogger } from "fastify";
import type { QueueTableStore } from "../db/types";
import { type Handler, type JobQueue, pause, type QueueName } from "./queue";

export interface TableQueueOptions {
  /** How often an idle taker looks again (a send on this instance wakes it at once). */
  pollMs: number;
  /** How often expired messages are given out again and old ones deleted. */
  maintenanceMs?: number;
  log: Pick<FastifyBaseLogger, "error">;
}

/** Completed and failed messages are kept this long, for looking into. */
const KEEP_DONE_MS = 24 * 3_600_000;

export function createTableQueue(store: QueueTableStore, options: TableQueueOptions): JobQueue {
  const { pollMs, log } = options;
  const stopping = new AbortController();
  let crashed = false;
  const loops: Promise<void>[] = [];
  /** Idle takers of each queue, woken by a send on this instance. */
  const idle = new Map<QueueName, Set<() => void>>();

  const maintenanceMs = options.maintenanceMs ?? Math.max(1000, pollMs);
  let lastPurge = 0;
  const maintenance = setInterval(() => {
    const now = Date.now();
    void store.expire(now).catch((error) => log.error({ err: error }, "queue maintenance failed"));
    if (now - lastPurge > 3_600_000) {
      lastPurge = now;
      void store.purge(now - KEEP_DONE_MS).catch(() => {});
    }
  }, maintenanceMs);
  maintenance.unref();

  function wake(queue: QueueName): void {
    for (const resume of idle.get(queue) ?? []) resume();
  }

  /** Waits `pollMs`, or less when a send wakes this taker or the queue stops. */
  async function rest(queue: QueueName): Promise<void> {
    const waiting = new AbortController();
    const resume = () => waiting.abort();
    const set = idle.get(queue) ?? new Set();
    idle.set(queue, set);
    set.add(resume);
    stopping.signal.addEventListener("abort", resume, { once: true });
    try {
      await pause(pollMs, waiting.signal);
    } finally {
      set.delete(resume);
      stopping.signal.removeEventListener("abort", resume);
    }
  }

  async function take(queue: QueueName, handler: Handler): Promise<void> {
    while (!stopping.signal.aborted) {
      let message: Awaited<ReturnType<QueueTableStore["fetch"]>>;
      try {
        message = await store.fetch(queue, Date.now());
      } catch (error) {
        log.error({ err: error }, "could not take from the job queue");
        await rest(queue);
        continue;
      }
      if (!message) {
        await rest(queue);
        continue;
      }
      let failure: unknown;
      try {
        const { job_id: jobId } = JSON.parse(message.data) as { job_id: string };
        await handler({ id: message.id, jobId, retryCount: message.retryCount });
      } catch (error) {
        failure = error;
      }
      // A process that dies tells the database nothing: its messages expire.
      if (crashed) return;
      try {
        if (failure === undefined) await store.complete(message.id, Date.now());
        else await store.fail(message.id, errorText(failure), Date.now());
      } catch (error) {
        log.error({ err: error }, "could not settle a job queue message");
      }
    }
  }

  return {
    kind: "table",

    async send(queue, jobId, send) {
      const now = Date.now();
      await store.send(
        {
          queue,
          data: JSON.stringify({ job_id: jobId }),
          priority: send.priority,
          singletonKey: send.singletonKey ?? null,
          startAfter: now + (send.delayMs ?? 0),
          retryLimit: send.retryLimit,
          retryDelayMs: send.retryDelayMs,
          retryBackoff: send.retryBackoff,
          expireMs: send.expireMs,
        },
        now,
      );
      if (!send.delayMs) wake(queue);
    },

    async work(queue, concurrency, handler) {
      for (let i = 0; i < concurrency; i++) loops.push(take(queue, handler));
    },

    async stop(stop = {}) {
      crashed = stop.crash === true;
      clearInterval(maintenance);
      stopping.abort();
      if (!crashed) await Promise.allSettled(loops);
    },
  };
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500);
}
