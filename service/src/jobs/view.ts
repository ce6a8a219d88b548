// A job as the API shows it (lib/contract/jobs.ts): GET /v1/jobs/{id}, the 202 that
// creates it, a batch's list and the webhook all use this one builder.
import type { ErrorBody, Job } from "@/lib/kernel/contract";
import { findCategory } from "../catalog";
import type { JobRecord, JobStore } from "../db/types";
import { type CategoryData, mergePages } from "./pages";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export interface ViewOptions {
  /** With its result: data and meta, the error, or the pages read so far (not in lists). */
  detail: boolean;
}

export async function viewJob(
  record: JobRecord,
  jobs: Pick<JobStore, "pages">,
  { detail }: ViewOptions,
): Promise<Job> {
  const job: Job = {
    id: record.id,
    status: record.status,
    category_id: record.categoryId,
    batch_id: record.batchId,
    pages_done: record.pagesDone,
    pages_total: record.pagesTotal,
    created_at: iso(record.createdAt) ?? "",
    started_at: iso(record.startedAt),
    finished_at: iso(record.finishedAt),
    trace_id: record.traceId,
  };
  if (detail) {
    const { resultBody, resultStatus } = record;
    if (record.status === "succeeded" && resultBody !== null) {
      // Written by this service: the synchronous call's {data, meta}.
      const { data, meta } = JSON.parse(resultBody) as Pick<Job, "data" | "meta">;
      job.data = data;
      job.meta = meta;
    } else {
      if (record.status === "failed" && resultBody !== null && resultStatus !== null) {
        const body = JSON.parse(resultBody) as ErrorBody;
        job.error = { ...body, status: resultStatus };
      }
      if (record.unit === "page" && record.pagesDone > 0) {
        job.partial = await partialData(record, jobs);
      }
    }
  }
  if (record.callbackUrl !== null) {
    job.callback = {
      url: record.callbackUrl,
      status: record.callbackStatus ?? "pending",
      attempts: record.callbackAttempts,
      ...(record.callbackError ? { error: record.callbackError } : {}),
    };
  }
  return job;
}

async function partialData(
  record: JobRecord,
  jobs: Pick<JobStore, "pages">,
): Promise<CategoryData> {
  const slug = findCategory(record.categoryId)?.slug ?? "";
  return mergePages(slug, await jobs.pages(record.id));
}
