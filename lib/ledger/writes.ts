// Recording a run, stage by stage. Every write names only its own columns, so
// two requests writing to one run at once never undo each other; a run stays
// "in_progress" until recordProcessEnd says how it ended.
import { randomUUID } from "node:crypto";
import type { LedgerDb } from "./database";
import { toJson } from "./rows";
import type {
  FailureInput,
  GrantFailureInput,
  GrantInput,
  JobProgressInput,
  ProcessEndInput,
  ProcessStartInput,
} from "./types";
import { CANCELLED_TEXT } from "./types";
import { NOT_PROCESSED_TEXT } from "./unprocessed";

export type Clock = () => number;

const newId = () => `local-${randomUUID()}`;

export async function recordGrant(db: LedgerDb, input: GrantInput, now: number): Promise<string> {
  const id = newId();
  await db
    .insertInto("ledger_runs")
    .values({
      id,
      session_id: input.sessionId,
      category_id: input.categoryId,
      category_name: input.categoryName ?? null,
      media_type: input.mediaType,
      object_key: input.objectKey,
      s3_uri: input.s3Uri,
      file_name: input.fileName ?? null,
      file_size: input.fileSize ?? null,
      status: "in_progress",
      created_at: now,
      updated_at: now,
      granted_at: now,
    })
    .execute();
  return id;
}

export async function recordGrantFailure(
  db: LedgerDb,
  input: GrantFailureInput,
  now: number,
): Promise<string> {
  const id = newId();
  await db
    .insertInto("ledger_runs")
    .values({
      id,
      session_id: input.sessionId,
      category_id: input.categoryId,
      category_name: input.categoryName ?? null,
      media_type: input.mediaType,
      file_name: input.fileName ?? null,
      file_size: input.fileSize ?? null,
      status: "failed",
      created_at: now,
      updated_at: now,
      ...failureColumns(input.failure),
    })
    .execute();
  return id;
}

/** The browser says the bytes reached storage. `ref` is a run id or the object key. */
export async function recordUploaded(
  db: LedgerDb,
  sessionId: string,
  ref: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable("ledger_runs")
    .set({ uploaded_at: now, updated_at: now })
    .where("session_id", "=", sessionId)
    .where((eb) =>
      eb.or([eb("id", "=", ref), eb("trace_id", "=", ref), eb("object_key", "=", ref)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A process call begins. Finds the submission's run (same session and
 * Idempotency-Key, else the grant of the same object) or creates one, and
 * returns its local id. Concurrent calls with one key end on one row.
 */
export async function recordProcessStart(
  db: LedgerDb,
  input: ProcessStartInput,
  now: number,
): Promise<string> {
  const key = input.idempotencyKey;
  const started = {
    process_started_at: now,
    process_ended_at: null,
    updated_at: now,
    request: toJson(input.request),
  };
  if (key) {
    const existing = await findByKey(db, input.sessionId, key);
    if (existing) {
      // A retry: it runs again unless the first one already succeeded (then the service replays).
      await db
        .updateTable("ledger_runs")
        .set({ ...started, status: "in_progress" })
        .where("id", "=", existing)
        .where("status", "<>", "succeeded")
        .execute();
      return existing;
    }
  }
  if (input.objectKey) {
    const grant = await db
      .selectFrom("ledger_runs")
      .select("id")
      .where("session_id", "=", input.sessionId)
      .where("object_key", "=", input.objectKey)
      .where("idempotency_key", "is", null)
      .where("process_started_at", "is", null)
      .orderBy("created_at", "desc")
      .executeTakeFirst();
    if (grant) {
      // Claims the grant's run; of two racing calls only one matches the where.
      const claimed = await db
        .updateTable("ledger_runs")
        .set({ ...started, ...REOPENED, idempotency_key: key ?? null })
        .where("id", "=", grant.id)
        .where("process_started_at", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) > 0) return grant.id;
      if (key) {
        const winner = await findByKey(db, input.sessionId, key);
        if (winner) return winner;
      }
    }
  }
  const id = newId();
  await db
    .insertInto("ledger_runs")
    .values({
      id,
      session_id: input.sessionId,
      category_id: input.categoryId,
      category_name: input.categoryName ?? null,
      media_type: input.mediaType ?? null,
      object_key: input.objectKey ?? null,
      s3_uri: input.s3Uri ?? null,
      idempotency_key: key ?? null,
      status: "in_progress",
      created_at: now,
      ...started,
    })
    .onConflict((oc) => oc.columns(["session_id", "idempotency_key"]).doNothing())
    .execute();
  if (!key) return id;
  return (await findByKey(db, input.sessionId, key)) ?? id;
}

/** How a process call ended. A success is final; a later failure never overwrites it. */
export async function recordProcessEnd(
  db: LedgerDb,
  localId: string,
  end: ProcessEndInput,
  now: number,
): Promise<void> {
  if (!end.ok) {
    // 409 "still running": the first call is still at work and will record its own end.
    if (end.failure.code === "still_running") return;
    const traceId = end.failure.traceId && (await ownTrace(db, localId, end.failure.traceId));
    await db
      .updateTable("ledger_runs")
      .set({
        ...failureColumns({ ...end.failure, traceId: traceId || undefined }),
        status: "failed",
        process_ended_at: now,
        updated_at: now,
      })
      .where("id", "=", localId)
      // A success is final, and so is a job the buyer cancelled.
      .where("status", "not in", ["succeeded", "cancelled"])
      .execute();
    return;
  }
  const { meta, data, httpStatus, replayed } = end.result;
  const number = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
  await db.transaction().execute(async (trx) => {
    const traceId = await ownTrace(trx, localId, meta.trace_id);
    // The data first, so a run never shows as succeeded without it.
    const json = JSON.stringify(data);
    await trx
      .insertInto("ledger_run_data")
      .values({ run_id: localId, data: json })
      .onConflict((oc) => oc.column("run_id").doUpdateSet({ data: json }))
      .execute();
    await trx
      .updateTable("ledger_runs")
      .set({
        status: "succeeded",
        trace_id: traceId,
        http_status: httpStatus,
        error_code: null,
        error_message: null,
        error_body: null,
        cost: number(meta.estimated_cost),
        latency_ms: number(meta.latency_ms),
        failover_depth: number(meta.failover_depth),
        provider: typeof meta.provider === "string" ? meta.provider : null,
        meta: JSON.stringify(meta),
        replayed: replayed ? 1 : 0,
        process_ended_at: now,
        updated_at: now,
      })
      .where("id", "=", localId)
      .execute();
  });
}

/**
 * The service made a job of the run's process call, or the job got further.
 * Only a run still in progress is written: a job's end is recorded by
 * recordProcessEnd (succeeded, failed) or recordCancelled, like any call's.
 */
export async function recordJob(
  db: LedgerDb,
  localId: string,
  job: JobProgressInput,
  now: number,
): Promise<void> {
  const traceId = job.traceId && (await ownTrace(db, localId, job.traceId));
  await db
    .updateTable("ledger_runs")
    .set({
      job_id: job.id,
      job_status: job.status,
      job_pages_done: job.pagesDone,
      job_pages_total: job.pagesTotal,
      ...(traceId ? { trace_id: traceId } : {}),
      updated_at: now,
    })
    .where("id", "=", localId)
    .where("status", "=", "in_progress")
    .execute();
}

/** The buyer cancelled the run's job: it ends as cancelled, not failed (nothing went wrong). */
export async function recordCancelled(
  db: LedgerDb,
  localId: string,
  job: Omit<JobProgressInput, "traceId">,
  now: number,
): Promise<void> {
  await db
    .updateTable("ledger_runs")
    .set({
      status: "cancelled",
      error_code: "cancelled",
      error_message: CANCELLED_TEXT,
      job_id: job.id,
      job_status: job.status,
      job_pages_done: job.pagesDone,
      job_pages_total: job.pagesTotal,
      process_ended_at: now,
      updated_at: now,
    })
    .where("id", "=", localId)
    .where("status", "=", "in_progress")
    .execute();
}

/**
 * Takes an in-progress run for one resume attempt (lib/ledger/resume.ts):
 * succeeds only if nobody wrote to it since `seenUpdatedAt`, so of several
 * app instances that find it stale, one asks the service at a time.
 */
export async function claimStaleRun(
  db: LedgerDb,
  localId: string,
  seenUpdatedAt: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable("ledger_runs")
    .set({ updated_at: now })
    .where("id", "=", localId)
    .where("status", "=", "in_progress")
    .where("updated_at", "=", seenUpdatedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A grant's run a process call takes over, even one settled as not processed. */
const REOPENED = {
  status: "in_progress",
  error_code: null,
  error_message: null,
} as const;

/**
 * Ends the runs that got an upload link but no process call and were last
 * touched before `before` (lib/ledger/unprocessed.ts). Conditional updates
 * only, safe when several app instances run it at once. Returns how many.
 */
export async function settleUnprocessedRuns(
  db: LedgerDb,
  before: number,
  now: number,
): Promise<number> {
  let settled = 0;
  for (const [uploaded, text] of [
    [true, NOT_PROCESSED_TEXT.uploaded],
    [false, NOT_PROCESSED_TEXT.notUploaded],
  ] as const) {
    const result = await db
      .updateTable("ledger_runs")
      .set({
        status: "not_processed",
        error_code: text.code,
        error_message: text.message,
        updated_at: now,
      })
      .where("status", "=", "in_progress")
      .where("process_started_at", "is", null)
      .where("updated_at", "<", before)
      .where("uploaded_at", uploaded ? "is not" : "is", null)
      .executeTakeFirst();
    settled += Number(result.numUpdatedRows);
  }
  return settled;
}

/**
 * `traceId` when no other buyer's run holds it, else null: a trace id belongs
 * to the buyer who ran it first, and a later row never takes it over.
 */
async function ownTrace(db: LedgerDb, localId: string, traceId: string): Promise<string | null> {
  const held = await db
    .selectFrom("ledger_runs")
    .select("id")
    .where("trace_id", "=", traceId)
    .where("session_id", "<>", (eb) =>
      eb.selectFrom("ledger_runs").select("session_id").where("id", "=", localId),
    )
    .limit(1)
    .executeTakeFirst();
  return held ? null : traceId;
}

async function findByKey(db: LedgerDb, sessionId: string, key: string) {
  const row = await db
    .selectFrom("ledger_runs")
    .select("id")
    .where("session_id", "=", sessionId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  return row?.id;
}

function failureColumns(failure: FailureInput) {
  const body = failure.body as { failover_depth?: unknown } | null | undefined;
  const depth = body && typeof body.failover_depth === "number" ? body.failover_depth : null;
  return {
    http_status: failure.httpStatus ?? null,
    error_code: failure.code,
    error_message: failure.message,
    error_body: toJson(failure.body),
    ...(failure.traceId ? { trace_id: failure.traceId } : {}),
    ...(depth !== null ? { failover_depth: depth } : {}),
  };
}
