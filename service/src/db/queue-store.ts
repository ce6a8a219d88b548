// The rows of the table-backed queue SQLite runs jobs with (jobs/table-queue.ts), in
// pg-boss's model so both backends behave alike: a message waits ("created", or "retry"
// after a failure) until it is due, is taken ("active") by one taker at a time, and is
// completed, retried after a delay that may double each time, or failed once its retries
// are spent; an active message past its expiry counts as failed (its taker died).
//
// Taking is one UPDATE … WHERE id = (SELECT … LIMIT 1) RETURNING statement: SQLite runs
// a statement under its write lock, so two takers (two connections, two processes) never
// take the same message.
import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Database } from "./schema";
import type { QueueMessage, QueueTableStore } from "./types";

const WAITING = ["created", "retry"] as const;

/** The delay before retry number `count` (1-based): doubling from `delayMs`, with jitter. */
export function retryDelay(delayMs: number, backoff: boolean, count: number): number {
  if (!backoff) return delayMs;
  const full = delayMs * 2 ** Math.min(16, count - 1);
  return full / 2 + (full / 2) * Math.random();
}

export function createQueueStore(db: Kysely<Database>): QueueTableStore {
  return {
    async send(message, now) {
      const id = randomUUID();
      const inserted = await db
        .insertInto("queue_jobs")
        .values({
          id,
          queue: message.queue,
          data: message.data,
          priority: message.priority,
          state: "created",
          singleton_key: message.singletonKey,
          retry_limit: message.retryLimit,
          retry_count: 0,
          retry_delay_ms: message.retryDelayMs,
          retry_backoff: message.retryBackoff ? 1 : 0,
          start_after: message.startAfter,
          started_at: null,
          expire_ms: message.expireMs,
          created_at: now,
          completed_at: null,
          last_error: null,
        })
        // The unique index on waiting singleton keys: one waits already.
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return inserted.numInsertedOrUpdatedRows === 1n ? id : undefined;
    },

    async fetch(queue, now) {
      const next = db
        .selectFrom("queue_jobs")
        .select("id")
        .where("queue", "=", queue)
        .where("state", "in", WAITING)
        .where("start_after", "<=", now)
        .orderBy("priority", "desc")
        .orderBy("created_at")
        .orderBy("id")
        .limit(1);
      const row = await db
        .updateTable("queue_jobs")
        .set({ state: "active", started_at: now })
        .where("id", "=", next)
        .where("state", "in", WAITING)
        .returning(["id", "queue", "data", "retry_count"])
        .executeTakeFirst();
      if (!row) return undefined;
      const message: QueueMessage = {
        id: row.id,
        queue: row.queue,
        data: row.data,
        retryCount: Number(row.retry_count),
      };
      return message;
    },

    async complete(id, now) {
      await db
        .updateTable("queue_jobs")
        .set({ state: "completed", completed_at: now })
        .where("id", "=", id)
        .where("state", "=", "active")
        .execute();
    },

    async fail(id, error, now) {
      const row = await db
        .selectFrom("queue_jobs")
        .select(["retry_count", "retry_limit", "retry_delay_ms", "retry_backoff"])
        .where("id", "=", id)
        .where("state", "=", "active")
        .executeTakeFirst();
      if (!row) return;
      const count = Number(row.retry_count) + 1;
      const spent = count > Number(row.retry_limit);
      const delay = retryDelay(Number(row.retry_delay_ms), Number(row.retry_backoff) === 1, count);
      await db
        .updateTable("queue_jobs")
        .set(
          spent
            ? { state: "failed", completed_at: now, last_error: error }
            : {
                state: "retry",
                retry_count: count,
                start_after: now + Math.round(delay),
                last_error: error,
              },
        )
        .where("id", "=", id)
        .where("state", "=", "active")
        .execute();
    },

    async expire(now) {
      const expired = await db
        .selectFrom("queue_jobs")
        .select("id")
        .where("state", "=", "active")
        .where(sql<boolean>`started_at + expire_ms < ${now}`)
        .execute();
      for (const row of expired) {
        await this.fail(row.id, "expired: its taker stopped", now);
      }
      return expired.length;
    },

    async purge(before) {
      await db
        .deleteFrom("queue_jobs")
        .where("state", "in", ["completed", "failed"])
        .where("completed_at", "<", before)
        .execute();
    },
  };
}
