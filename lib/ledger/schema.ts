// The ledger's tables as Kysely sees them. Times are epoch milliseconds.
import type { Generated } from "kysely";

export type RunStatus = "in_progress" | "succeeded" | "failed" | "not_processed" | "cancelled";

export interface RunsTable {
  /** Our own id (`local-<uuid>`); the public id is trace_id when there is one. */
  id: string;
  trace_id: string | null;
  session_id: string;
  category_id: string;
  category_name: string | null;
  file_name: string | null;
  file_size: number | null;
  media_type: string | null;
  object_key: string | null;
  s3_uri: string | null;
  idempotency_key: string | null;
  status: RunStatus;
  created_at: number;
  updated_at: number;
  granted_at: number | null;
  uploaded_at: number | null;
  process_started_at: number | null;
  process_ended_at: number | null;
  /** The process request as sent to the service (JSON, never the key). */
  request: string | null;
  http_status: number | null;
  error_code: string | null;
  error_message: string | null;
  /** The service's error body (JSON). */
  error_body: string | null;
  cost: number | null;
  latency_ms: number | null;
  failover_depth: number | null;
  provider: string | null;
  /** The whole meta (JSON), attempts included. */
  meta: string | null;
  replayed: Generated<number>;
  /** The service's job, when it made one of the process call (202; INTERFACE.md, "Jobs"). */
  job_id: string | null;
  /** The job as last read: queued, running, succeeded, failed or cancelled. */
  job_status: string | null;
  job_pages_done: number | null;
  job_pages_total: number | null;
}

/** `data` kept whole, apart, so list queries never read it. */
export interface RunDataTable {
  run_id: string;
  data: string;
}

/** Support sessions signed out before they expired (lib/auth/staff-session.ts). */
export interface StaffRevokedTable {
  session_id: string;
  expires_at: number;
}

/** What happened to a run after it ran (lib/ledger/events.ts), for its timeline. */
export interface RunEventsTable {
  id: string;
  /** The run's own id (ledger_runs.id). */
  run_id: string;
  at: number;
  kind: string;
  /** Who did it: a staff member's name. */
  actor: string | null;
}

export interface LedgerDatabase {
  ledger_runs: RunsTable;
  ledger_run_data: RunDataTable;
  ledger_staff_revoked: StaffRevokedTable;
  ledger_run_events: RunEventsTable;
}
