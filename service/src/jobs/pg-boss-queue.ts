// The queue of a fleet: pg-boss (12.x) on the service's PostgreSQL database, in its own
// schema. Turns go to a "short" queue, where at most one message per job waits
// (singletonKey = the job id); webhooks to a standard one with exponential retries.
// pg-boss's supervisor gives out again what a dead instance held once it expires; the
// jobs' own leases (db/job-store.ts) decide who works on a job.
import type { FastifyBaseLogger } from "fastify";
import { PgBoss, type QueuePolicy } from "pg-boss";
import { type JobQueue, type QueueName, TURNS, WEBHOOKS } from "./queue";

export interface PgBossQueueOptions {
  url: string;
  schema: string;
  pollMs: number;
  /** How often pg-boss's supervisor expires what a dead instance held (seconds). */
  maintenanceSeconds?: number;
  log: Pick<FastifyBaseLogger, "error">;
}

interface TurnData {
  job_id: string;
}

export async function createPgBossQueue(options: PgBossQueueOptions): Promise<JobQueue> {
  const { log } = options;
  const boss = new PgBoss({
    connectionString: options.url,
    schema: options.schema,
    application_name: "docroute-jobs",
    max: 4,
    // No cron schedules: nothing to watch the clock for.
    schedule: false,
    superviseIntervalSeconds: options.maintenanceSeconds ?? 60,
  });
  boss.on("error", (error) => log.error({ err: error }, "pg-boss"));
  await boss.start();
  await createQueue(boss, TURNS, "short");
  await createQueue(boss, WEBHOOKS, "standard");

  const workers = new Map<QueueName, string[]>();
  const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));

  return {
    kind: "pg-boss",

    async send(queue, jobId, send) {
      const data: TurnData = { job_id: jobId };
      await boss.send(queue, data, {
        priority: send.priority,
        ...(send.singletonKey ? { singletonKey: send.singletonKey } : {}),
        ...(send.delayMs ? { startAfter: seconds(send.delayMs) } : {}),
        retryLimit: send.retryLimit,
        retryDelay: seconds(send.retryDelayMs),
        retryBackoff: send.retryBackoff,
        expireInSeconds: seconds(send.expireMs),
      });
      // Idle takers on this instance look now rather than at their next poll.
      if (!send.delayMs) for (const id of workers.get(queue) ?? []) boss.notifyWorker(id);
    },

    async work(queue, concurrency, handler) {
      const ids = workers.get(queue) ?? [];
      workers.set(queue, ids);
      for (let i = 0; i < concurrency; i++) {
        const id = await boss.work<TurnData>(
          queue,
          {
            batchSize: 1,
            includeMetadata: true,
            pollingIntervalSeconds: options.pollMs / 1000,
          },
          async ([job]) => {
            if (!job) return;
            await handler({ id: job.id, jobId: job.data.job_id, retryCount: job.retryCount });
          },
        );
        ids.push(id);
      }
    },

    async stop(stop = {}) {
      // A crash (tests): no waiting. pg-boss still marks what was running as failed, so
      // it is retried sooner than by expiry; the job's own lease decides either way.
      await boss.stop(stop.crash ? { graceful: false, close: true } : { timeout: 15_000 });
    },
  };
}

/** Creates the queue if missing; two instances starting at once may race to create it. */
async function createQueue(boss: PgBoss, name: QueueName, policy: QueuePolicy) {
  try {
    // Done messages are only a record: the jobs' tables say what a job did.
    await boss.createQueue(name, { policy, deleteAfterSeconds: 86_400 });
  } catch (error) {
    if (!/already exists/i.test(String(error))) throw error;
  }
}
