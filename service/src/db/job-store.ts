// Jobs, their pages and batches (INTERFACE.md, "Jobs"). A job is worked on by one turn
// at a time: the turn holds a lease (a random token and a time) that it renews while it
// works, and every write it makes checks that it still holds it. So a turn whose
// instance died, or that lost its job to a cancel, can never write a page or an answer;
// another turn takes the job over once the lease has run out and goes on from the first
// page not kept.
import { type Kysely, type Selectable, sql } from "kysely";
import { type Database, type JobsTable, toMillis } from "./schema";
import type { JobPageRecord, JobRecord, JobStore, OwnerLoad } from "./types";

const UNFINISHED = ["queued", "running"] as const;

/** Thrown inside a transaction to roll it back when the lease was lost. */
class LeaseLost extends Error {}

const nullableMillis = (value: number | string | null) => (value === null ? null : toMillis(value));

function toRecord(row: Selectable<JobsTable>): JobRecord {
  return {
    id: row.id,
    owner: row.owner,
    categoryId: row.category_id,
    batchId: row.batch_id,
    position: Number(row.position),
    status: row.status,
    traceId: row.trace_id,
    request: row.request,
    unit: row.unit,
    pagesTotal: Number(row.pages_total),
    pagesDone: Number(row.pages_done),
    createdAt: toMillis(row.created_at),
    startedAt: nullableMillis(row.started_at),
    finishedAt: nullableMillis(row.finished_at),
    leaseOwner: row.lease_owner,
    leaseUntil: nullableMillis(row.lease_until),
    resultStatus: row.result_status === null ? null : Number(row.result_status),
    resultBody: row.result_body,
    callbackUrl: row.callback_url,
    callbackStatus: row.callback_status,
    callbackAttempts: Number(row.callback_attempts),
    callbackError: row.callback_error,
  };
}

export function createJobStore(db: Kysely<Database>): JobStore {
  const held = (id: string, token: string) =>
    db
      .updateTable("jobs")
      .where("id", "=", id)
      .where("lease_owner", "=", token)
      .where("status", "=", "running");

  /** A finished job with a callback_url has its webhook still to send. */
  const callbackPending = sql<
    "pending" | null
  >`case when callback_url is not null then 'pending' else null end`;

  return {
    async create(jobs, batch) {
      await db.transaction().execute(async (trx) => {
        if (batch) {
          await trx
            .insertInto("batches")
            .values({
              id: batch.id,
              owner: batch.owner,
              category_id: batch.categoryId,
              created_at: batch.createdAt,
            })
            .execute();
        }
        if (jobs.length === 0) return;
        await trx
          .insertInto("jobs")
          .values(
            jobs.map((job) => ({
              id: job.id,
              owner: job.owner,
              category_id: job.categoryId,
              batch_id: job.batchId,
              position: job.position,
              status: "queued" as const,
              trace_id: job.traceId,
              request: job.request,
              unit: job.unit,
              pages_total: job.pagesTotal,
              pages_done: 0,
              created_at: job.createdAt,
              started_at: null,
              finished_at: null,
              lease_owner: null,
              lease_until: null,
              result_status: null,
              result_body: null,
              callback_url: job.callbackUrl,
              callback_status: null,
              callback_attempts: 0,
              callback_error: null,
            })),
          )
          .execute();
      });
    },

    async find(id, owner) {
      let query = db.selectFrom("jobs").selectAll().where("id", "=", id);
      if (owner !== undefined) query = query.where("owner", "=", owner);
      const row = await query.executeTakeFirst();
      return row && toRecord(row);
    },

    async findBatch(id, owner) {
      const batch = await db
        .selectFrom("batches")
        .selectAll()
        .where("id", "=", id)
        .where("owner", "=", owner)
        .executeTakeFirst();
      if (!batch) return undefined;
      const rows = await db
        .selectFrom("jobs")
        .selectAll()
        .where("batch_id", "=", id)
        .orderBy("position")
        .execute();
      return {
        batch: {
          id: batch.id,
          owner: batch.owner,
          categoryId: batch.category_id,
          createdAt: toMillis(batch.created_at),
        },
        jobs: rows.map(toRecord),
      };
    },

    async pages(jobId) {
      const rows = await db
        .selectFrom("job_pages")
        .selectAll()
        .where("job_id", "=", jobId)
        .orderBy("number")
        .execute();
      return rows.map(
        (row): JobPageRecord => ({
          number: Number(row.number),
          data: row.data,
          provider: row.provider,
          cost: Number(row.cost),
          billed: Number(row.billed),
          failoverDepth: Number(row.failover_depth),
          attempts: row.attempts,
          latencyMs: Number(row.latency_ms),
        }),
      );
    },

    async pageNumbers(jobId) {
      const rows = await db
        .selectFrom("job_pages")
        .select("number")
        .where("job_id", "=", jobId)
        .execute();
      return rows.map((row) => Number(row.number));
    },

    async claim(id, token, now, leaseMs) {
      const row = await db
        .updateTable("jobs")
        .set({
          lease_owner: token,
          lease_until: now + leaseMs,
          status: "running",
          started_at: sql<number>`coalesce(started_at, ${now})`,
        })
        .where("id", "=", id)
        .where("status", "in", UNFINISHED)
        .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
        .returningAll()
        .executeTakeFirst();
      return row && toRecord(row);
    },

    async renew(id, token, now, leaseMs) {
      const result = await held(id, token)
        .set({ lease_until: now + leaseMs })
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async release(id, token) {
      await db
        .updateTable("jobs")
        .set({ lease_owner: null, lease_until: null })
        .where("id", "=", id)
        .where("lease_owner", "=", token)
        .execute();
    },

    async savePage(id, token, page, now) {
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto("job_pages")
            .values({
              job_id: id,
              number: page.number,
              data: page.data,
              provider: page.provider,
              cost: page.cost,
              billed: page.billed,
              failover_depth: page.failoverDepth,
              attempts: page.attempts,
              latency_ms: page.latencyMs,
              created_at: now,
            })
            .onConflict((oc) => oc.columns(["job_id", "number"]).doNothing())
            .execute();
          const counted = await trx
            .updateTable("jobs")
            .set({
              pages_done: (eb) =>
                eb
                  .selectFrom("job_pages")
                  .select((count) => count.fn.countAll<number>().as("n"))
                  .where("job_id", "=", id),
            })
            .where("id", "=", id)
            .where("lease_owner", "=", token)
            .where("status", "=", "running")
            .executeTakeFirst();
          if (counted.numUpdatedRows !== 1n) throw new LeaseLost();
        });
        return true;
      } catch (error) {
        if (error instanceof LeaseLost) return false;
        throw error;
      }
    },

    async progress(id, token, pagesDone) {
      // Writes may land out of order: the count only grows.
      await held(id, token)
        .set({ pages_done: pagesDone })
        .where("pages_done", "<", pagesDone)
        .execute();
    },

    async finish(id, token, outcome, now) {
      const result = await held(id, token)
        .set({
          status: outcome.status,
          result_status: outcome.resultStatus,
          result_body: outcome.resultBody,
          finished_at: now,
          lease_owner: null,
          lease_until: null,
          callback_status: callbackPending,
          ...(outcome.pagesDone === undefined ? {} : { pages_done: outcome.pagesDone }),
        })
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async cancel(id, owner, now) {
      await db
        .updateTable("jobs")
        .set({
          status: "cancelled",
          finished_at: now,
          lease_owner: null,
          lease_until: null,
          callback_status: callbackPending,
        })
        .where("id", "=", id)
        .where("owner", "=", owner)
        .where("status", "in", UNFINISHED)
        .execute();
      return this.find(id, owner);
    },

    async load(now) {
      const rows = await db
        .selectFrom("jobs")
        .select((eb) => [
          "owner",
          eb.fn
            .sum<number | string>(eb.case().when("lease_until", ">=", now).then(1).else(0).end())
            .as("held"),
          eb.fn.countAll<number | string>().as("total"),
        ])
        .where("status", "in", UNFINISHED)
        .groupBy("owner")
        .execute();
      const load = new Map<string, OwnerLoad>();
      for (const row of rows) {
        const heldCount = Number(row.held);
        load.set(row.owner, { held: heldCount, waiting: Number(row.total) - heldCount });
      }
      return load;
    },

    async ahead(owner, createdAt, position) {
      const row = await db
        .selectFrom("jobs")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("owner", "=", owner)
        .where("status", "in", UNFINISHED)
        .where((eb) =>
          eb.or([
            eb("created_at", "<", createdAt),
            eb.and([eb("created_at", "=", createdAt), eb("position", "<", position)]),
          ]),
        )
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async orphans(now, limit) {
      const rows = await db
        .selectFrom("jobs")
        .select(["id", "owner", "created_at", "position"])
        .where("status", "in", UNFINISHED)
        .where("lease_until", "<", now)
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        owner: row.owner,
        createdAt: toMillis(row.created_at),
        position: Number(row.position),
      }));
    },

    async waiting(limit) {
      const rows = await db
        .selectFrom("jobs")
        .select(["id", "owner", "created_at", "position"])
        .where("status", "in", UNFINISHED)
        .where("lease_until", "is", null)
        .orderBy("created_at")
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        owner: row.owner,
        createdAt: toMillis(row.created_at),
        position: Number(row.position),
      }));
    },

    async setCallback(id, state) {
      await db
        .updateTable("jobs")
        .set({
          callback_status: state.status,
          callback_attempts: state.attempts,
          callback_error: state.error,
        })
        .where("id", "=", id)
        .execute();
    },

    async purge(before) {
      const old = db.selectFrom("jobs").select("id").where("finished_at", "<", before);
      await db.deleteFrom("job_pages").where("job_id", "in", old).execute();
      const deleted = await db
        .deleteFrom("jobs")
        .where("finished_at", "<", before)
        .executeTakeFirst();
      await db
        .deleteFrom("batches")
        .where("created_at", "<", before)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom("jobs").select("id").whereRef("jobs.batch_id", "=", "batches.id"),
            ),
          ),
        )
        .execute();
      return Number(deleted.numDeletedRows);
    },
  };
}
