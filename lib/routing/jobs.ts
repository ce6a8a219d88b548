// Jobs (INTERFACE.md, "Jobs"): a long document's process call answered 202 with
// a job, read again with GET /v1/jobs/{id} and cancelled with DELETE. Each is a
// small named call that returns the app's own JobView, never the service's JSON.
import "server-only";
import { safeParse } from "zod/mini";
import { AppError } from "@/lib/errors";
import { type Job, jobSchema, processResultSchema } from "@/lib/kernel/contract";
import { routingFetch } from "./fetch";
import { resultKindOf } from "./result-kind";
import type { JobPage, JobView } from "./types";
import { errorFromUpstream } from "./upstream-error";

const jobPath = (id: string) => `/v1/jobs/${encodeURIComponent(id)}`;

/** GET /v1/jobs/{id}: its status, progress, the pages read so far and, once done, the answer. */
export async function getJob(id: string, signal?: AbortSignal): Promise<JobView> {
  const { data } = await routingFetch({
    operation: "job",
    path: jobPath(id),
    schema: jobSchema,
    signal,
  });
  return toJobView(data);
}

/**
 * DELETE /v1/jobs/{id}. A job that finished first (409: it succeeded or failed)
 * is read instead, so the caller records how it really ended.
 */
export async function cancelJob(id: string, signal?: AbortSignal): Promise<JobView> {
  try {
    const { data } = await routingFetch({
      operation: "job",
      method: "DELETE",
      path: jobPath(id),
      schema: jobSchema,
      signal,
    });
    return toJobView(data);
  } catch (error) {
    if (upstreamStatus(error) === 409) return getJob(id, signal);
    throw error;
  }
}

/** The service's job in the app's words. */
export function toJobView(job: Job): JobView {
  const view: JobView = {
    id: job.id,
    status: job.status,
    pagesDone: job.pages_done,
    pagesTotal: job.pages_total,
    traceId: job.trace_id,
    pages: job.partial ? pagesOf(job.partial) : [],
  };
  if (job.status === "succeeded") {
    // A finished job holds what the synchronous call answers (processResultSchema parses it).
    const result = safeParse(processResultSchema, job);
    if (!result.success) throw new AppError("bad_response", { traceId: job.trace_id });
    const { data, meta } = result.data;
    view.outcome = { data, meta, kind: resultKindOf(data), replayed: false };
  }
  if (job.status === "failed") {
    const error = job.error;
    view.failure = error
      ? errorFromUpstream(error.status, new Headers(), error, "process")
      : new AppError("upstream_error", { traceId: job.trace_id });
  }
  return view;
}

/**
 * The text of each page in a category's data, in page order: a page's own
 * `text` (text recognition, invoices), else the rows of its tables.
 */
export function pagesOf(data: Record<string, unknown>): JobPage[] {
  const pages = Array.isArray(data.pages) ? data.pages : [];
  const tables = Array.isArray(data.tables) ? data.tables.filter(isRecord) : [];
  return pages
    .filter(isRecord)
    .flatMap((page): JobPage[] => {
      const number = page.number;
      if (typeof number !== "number" || !Number.isInteger(number)) return [];
      const text = typeof page.text === "string" ? page.text : tablesText(tables, number);
      return [{ number, text }];
    })
    .sort((a, b) => a.number - b.number);
}

function tablesText(tables: Record<string, unknown>[], page: number): string {
  return tables
    .filter((table) => table.page === page && Array.isArray(table.rows))
    .map((table) =>
      (table.rows as unknown[])
        .map((row) => (Array.isArray(row) ? row.map(String).join("\t") : ""))
        .join("\n"),
    )
    .join("\n\n");
}

/** The service's status on an AppError from routingFetch (kept as its cause), if any. */
function upstreamStatus(error: unknown): number | undefined {
  if (!(error instanceof AppError) || !isRecord(error.cause)) return undefined;
  const { status } = error.cause;
  return typeof status === "number" ? status : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
