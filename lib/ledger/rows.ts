// Rows to the app's types. JSON columns are parsed defensively: a bad value
// shows as null, never a crash.
import type { Selectable } from "kysely";
import { JOB_STATUSES, type JobStatus } from "@/lib/kernel/contract/jobs";
import { resultKindOf } from "@/lib/routing/result-kind";
import type { RunsTable } from "./schema";
import type { RunDetail, RunEvent, RunSummary } from "./types";

export type SummaryRow = Omit<Selectable<RunsTable>, "request" | "meta" | "error_body">;

/** Columns list queries read: never request, meta, error body or data. */
export const SUMMARY_COLUMNS = [
  "id",
  "trace_id",
  "session_id",
  "category_id",
  "category_name",
  "file_name",
  "file_size",
  "media_type",
  "object_key",
  "s3_uri",
  "idempotency_key",
  "status",
  "created_at",
  "updated_at",
  "granted_at",
  "uploaded_at",
  "process_started_at",
  "process_ended_at",
  "http_status",
  "error_code",
  "error_message",
  "cost",
  "latency_ms",
  "failover_depth",
  "provider",
  "replayed",
  "job_id",
  "job_status",
  "job_pages_done",
  "job_pages_total",
] as const satisfies (keyof SummaryRow)[];

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

export function toSummary(row: SummaryRow): RunSummary {
  return {
    id: row.trace_id ?? row.id,
    localId: row.id,
    traceId: row.trace_id,
    sessionId: row.session_id,
    categoryId: row.category_id,
    categoryName: row.category_name,
    fileName: row.file_name,
    fileSize: num(row.file_size),
    mediaType: row.media_type,
    objectKey: row.object_key,
    s3Uri: row.s3_uri,
    idempotencyKey: row.idempotency_key,
    status: row.status,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    grantedAt: num(row.granted_at),
    uploadedAt: num(row.uploaded_at),
    processStartedAt: num(row.process_started_at),
    processEndedAt: num(row.process_ended_at),
    httpStatus: num(row.http_status),
    errorCode: row.error_code,
    errorMessage: row.error_message,
    cost: num(row.cost),
    latencyMs: num(row.latency_ms),
    failoverDepth: num(row.failover_depth),
    provider: row.provider,
    replayed: Number(row.replayed) === 1,
    job:
      row.job_id === null
        ? null
        : {
            id: row.job_id,
            status: isJobStatus(row.job_status) ? row.job_status : null,
            pagesDone: num(row.job_pages_done),
            pagesTotal: num(row.job_pages_total),
          },
  };
}

const isJobStatus = (value: string | null): value is JobStatus =>
  (JOB_STATUSES as readonly (string | null)[]).includes(value);

export function toDetail(
  row: Selectable<RunsTable>,
  data: string | undefined,
  events: RunEvent[] = [],
): RunDetail {
  const meta = parseJson(row.meta);
  const parsedData = parseJson(data ?? null);
  const kept = isRecord(parsedData) ? parsedData : null;
  return {
    ...toSummary(row),
    request: parseJson(row.request),
    errorBody: parseJson(row.error_body),
    meta: isRecord(meta) ? meta : null,
    data: kept,
    // Decided here, as a fresh answer's is where it arrives: the ledger keeps the data only.
    kind: kept ? resultKindOf(kept) : null,
    events,
  };
}

export function toJson(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
