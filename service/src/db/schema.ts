// Table shapes as Kysely sees them. Times are epoch milliseconds in BIGINT columns
// so SQLite and PostgreSQL store and compare them the same way; PostgreSQL hands
// BIGINT back as a string, hence `number | string` on the read side.
import type { ColumnType } from "kysely";

type Millis = ColumnType<number | string, number, number>;
type NullableMillis = ColumnType<number | string | null, number | null, number | null>;

export interface GrantsTable {
  object_key: string;
  category_id: string;
  content_type: string;
  created_at: Millis;
  expires_at: Millis;
  uploaded_at: NullableMillis;
  size: NullableMillis;
  /** sha256 of the granting API key; null for grants older than the column. */
  api_key_id: string | null;
}

export interface IdempotencyTable {
  /** Hash of the API key: records are per key, and the key itself is never stored. */
  scope: string;
  idem_key: string;
  request_hash: string;
  /** Random token of the claim that holds the record; guards complete/release and takeovers. */
  owner: string;
  state: "running" | "done";
  /** First claim; the retention counts from here. */
  created_at: Millis;
  /** Last (re)claim; a running record older than the lease is taken as abandoned. */
  claimed_at: Millis;
  status: number | null;
  body: string | null;
}

/** A document processed as a job (INTERFACE.md, "Jobs"); service/src/jobs runs it. */
export interface JobsTable {
  id: string;
  /** Hash of the API key that made it: only that key sees it. */
  owner: string;
  category_id: string;
  batch_id: string | null;
  /** Its place among the documents of its batch (0 without one). */
  position: number;
  status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
  trace_id: string;
  /** JSON: what to read and how (jobs/types.ts, JobRequest). */
  request: string;
  /** "page": routed page by page, each page kept; "document": routed whole. */
  unit: "page" | "document";
  pages_total: number;
  pages_done: number;
  created_at: Millis;
  started_at: NullableMillis;
  finished_at: NullableMillis;
  /** Random token of the turn that holds the job, and until when (renewed while it works). */
  lease_owner: string | null;
  lease_until: NullableMillis;
  /** The answer once finished: 200 with {data, meta}, or the error's status and body. */
  result_status: number | null;
  result_body: string | null;
  callback_url: string | null;
  callback_status: "pending" | "delivered" | "failed" | null;
  callback_attempts: number;
  callback_error: string | null;
}

/** A page a job has read: kept so a job taken over by another instance reads it only once. */
export interface JobPagesTable {
  job_id: string;
  number: number;
  /** JSON: the category's data for this page alone. */
  data: string;
  provider: string;
  /** USD. */
  cost: number;
  /** Pages billed for it. */
  billed: number;
  failover_depth: number;
  /** JSON: the router's attempts. */
  attempts: string;
  latency_ms: number;
  created_at: Millis;
}

export interface BatchesTable {
  id: string;
  owner: string;
  category_id: string;
  created_at: Millis;
}

/**
 * The table-backed queue (SQLite: jobs/table-queue.ts). PostgreSQL uses pg-boss and
 * its own tables; this one stays empty there.
 */
export interface QueueJobsTable {
  id: string;
  queue: string;
  /** JSON. */
  data: string;
  /** Higher first; then oldest first. */
  priority: number;
  state: "created" | "retry" | "active" | "completed" | "failed";
  /** At most one row per key waits in state "created". */
  singleton_key: string | null;
  retry_limit: number;
  retry_count: number;
  retry_delay_ms: number;
  /** 1: the delay doubles with each retry. */
  retry_backoff: number;
  start_after: Millis;
  started_at: NullableMillis;
  /** How long it may stay active before it counts as failed (its taker died). */
  expire_ms: number;
  created_at: Millis;
  completed_at: NullableMillis;
  last_error: string | null;
}

export interface Database {
  grants: GrantsTable;
  idempotency_records: IdempotencyTable;
  jobs: JobsTable;
  job_pages: JobPagesTable;
  batches: BatchesTable;
  queue_jobs: QueueJobsTable;
}

/** Reads a BIGINT column from either database as a number. */
export function toMillis(value: number | string): number {
  return typeof value === "number" ? value : Number(value);
}
