// Finding runs. Lists read the summary columns only; `data` is read for one
// run at a time.
import type { ExpressionBuilder } from "kysely";
import type { LedgerDb } from "./database";
import { listRunEvents } from "./events";
import type { RunFilters } from "./filters";
import { SUMMARY_COLUMNS, toDetail, toSummary } from "./rows";
import type { LedgerDatabase } from "./schema";
import type { RunDetail, RunPage, RunSummary } from "./types";

type Eb = ExpressionBuilder<LedgerDatabase, "ledger_runs">;

/** One run by its public id (trace id) or our own id, with everything kept. */
export async function findRun(db: LedgerDb, id: string): Promise<RunDetail | undefined> {
  const row = await db
    .selectFrom("ledger_runs")
    .selectAll()
    .where((eb) => eb.or([eb("trace_id", "=", id), eb("id", "=", id)]))
    // The first run with a trace id is its owner's (writes.ts never lets another take it).
    .orderBy("created_at", "asc")
    .executeTakeFirst();
  if (!row) return undefined;
  const data = await db
    .selectFrom("ledger_run_data")
    .select("data")
    .where("run_id", "=", row.id)
    .executeTakeFirst();
  return toDetail(row, data?.data, await listRunEvents(db, row.id));
}

/**
 * The grant of the upload at `s3Uri` to `sessionId`, with the object key the
 * service gave it; undefined when this session was granted no such upload.
 */
export async function findGrant(
  db: LedgerDb,
  sessionId: string,
  s3Uri: string,
): Promise<{ objectKey: string | null; fileSize: number | null } | undefined> {
  const row = await db
    .selectFrom("ledger_runs")
    .select(["object_key", "file_size"])
    .where("session_id", "=", sessionId)
    .where("s3_uri", "=", s3Uri)
    .where("granted_at", "is not", null)
    .limit(1)
    .executeTakeFirst();
  return row && { objectKey: row.object_key, fileSize: toNumber(row.file_size) };
}

const toNumber = (v: number | string | null) => (v === null ? null : Number(v));

export type RunRef = { traceId: string } | { idempotencyKey: string } | { objectKey: string };

export async function findRunBy(db: LedgerDb, ref: RunRef): Promise<RunSummary | undefined> {
  const row = await db
    .selectFrom("ledger_runs")
    .select(SUMMARY_COLUMNS)
    .where((eb) =>
      "traceId" in ref
        ? eb("trace_id", "=", ref.traceId)
        : "idempotencyKey" in ref
          ? eb("idempotency_key", "=", ref.idempotencyKey)
          : eb("object_key", "=", ref.objectKey),
    )
    .orderBy("created_at", "traceId" in ref ? "asc" : "desc")
    .executeTakeFirst();
  return row ? toSummary(row) : undefined;
}

/** Support's lookup box: an exact trace id, run id, Idempotency-Key, object key or job id. */
export async function lookupRun(db: LedgerDb, text: string): Promise<RunSummary | undefined> {
  const value = text.trim();
  if (!value) return undefined;
  const row = await db
    .selectFrom("ledger_runs")
    .select(SUMMARY_COLUMNS)
    .where((eb) =>
      eb.or([
        eb("trace_id", "=", value),
        eb("id", "=", value),
        eb("idempotency_key", "=", value),
        eb("object_key", "=", value),
        eb("s3_uri", "=", value),
        eb("job_id", "=", value),
      ]),
    )
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  return row ? toSummary(row) : undefined;
}

function applyFilters(eb: Eb, filters: RunFilters) {
  const conditions = [];
  if (filters.outcome) conditions.push(eb("status", "=", filters.outcome));
  if (filters.categoryId) conditions.push(eb("category_id", "=", filters.categoryId));
  if (filters.from !== undefined) conditions.push(eb("created_at", ">=", filters.from));
  if (filters.to !== undefined) conditions.push(eb("created_at", "<", filters.to));
  if (filters.failedOver) conditions.push(eb("failover_depth", ">", 0));
  if (filters.minCost !== undefined) conditions.push(eb("cost", ">=", filters.minCost));
  if (filters.maxCost !== undefined) conditions.push(eb("cost", "<=", filters.maxCost));
  return eb.and(conditions);
}

export async function listRuns(
  db: LedgerDb,
  filters: RunFilters,
  page: number,
  size: number,
): Promise<RunPage> {
  const counted = await db
    .selectFrom("ledger_runs")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where((eb) => applyFilters(eb, filters))
    .executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const rows = await db
    .selectFrom("ledger_runs")
    .select(SUMMARY_COLUMNS)
    .where((eb) => applyFilters(eb, filters))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return { items: rows.map(toSummary), page, size, total, pages: Math.ceil(total / size) };
}

/** Runs in progress whose process call began and that nobody touched since `before`, oldest first. */
export async function listStaleRuns(
  db: LedgerDb,
  before: number,
  limit: number,
): Promise<RunSummary[]> {
  const rows = await db
    .selectFrom("ledger_runs")
    .select(SUMMARY_COLUMNS)
    .where("status", "=", "in_progress")
    .where("process_started_at", "is not", null)
    .where("updated_at", "<", before)
    .orderBy("updated_at", "asc")
    .limit(limit)
    .execute();
  return rows.map(toSummary);
}

/** A buyer's own runs, newest first. */
export async function listBuyerRuns(
  db: LedgerDb,
  sessionId: string,
  limit = 100,
): Promise<RunSummary[]> {
  const rows = await db
    .selectFrom("ledger_runs")
    .select(SUMMARY_COLUMNS)
    .where("session_id", "=", sessionId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toSummary);
}

/** The categories seen in the ledger, for the filter's choices. */
export async function listRunCategories(db: LedgerDb) {
  const rows = await db
    .selectFrom("ledger_runs")
    .select(["category_id", (eb) => eb.fn.max("category_name").as("name")])
    .groupBy("category_id")
    .execute();
  return rows
    .map((r) => ({ id: r.category_id, name: r.name ?? r.category_id }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Deletes runs (and their data) created before `cutoff`. Returns how many. */
export async function purgeBefore(db: LedgerDb, cutoff: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("ledger_run_events")
      .where("run_id", "in", (eb) =>
        eb.selectFrom("ledger_runs").select("id").where("created_at", "<", cutoff),
      )
      .execute();
    await trx
      .deleteFrom("ledger_run_data")
      .where("run_id", "in", (eb) =>
        eb.selectFrom("ledger_runs").select("id").where("created_at", "<", cutoff),
      )
      .execute();
    const result = await trx
      .deleteFrom("ledger_runs")
      .where("created_at", "<", cutoff)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}
