// Jobs and batches (INTERFACE.md, "Jobs"): this project's extension of the seed
// for long documents and many of them. A process call answered 202 names a job;
// GET /v1/jobs/{id} reads it, and once it has succeeded it carries the same
// `data` and `meta` a synchronous call answers with, so a client can parse a
// finished job with processResultSchema.
import * as z from "zod/mini";
import { attemptSchema, processMetaSchema } from "./documents";
import { errorBodySchema } from "./errors";
import { callbackUrlSchema, categoryIdSchema, processRequestSchema } from "./requests";

/** `{job_id}` and `{batch_id}`: UUIDs, refused like a category id (422 uuid_parsing). */
export const jobPathSchema = z.object({ job_id: categoryIdSchema });
export const batchPathSchema = z.object({ batch_id: categoryIdSchema });

export const JOB_STATUSES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const jobStatusSchema = z.enum(JOB_STATUSES);

/** A job that will not change any more. */
export const isFinishedJob = (status: JobStatus) =>
  status === "succeeded" || status === "failed" || status === "cancelled";

/** Where the finished job was sent (`callback_url`) and how that went. */
export const jobCallbackSchema = z.looseObject({
  url: z.string(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.int(),
  error: z.optional(z.string()),
});
export type JobCallback = z.infer<typeof jobCallbackSchema>;

/** Why a job failed: the body the synchronous call would have answered with, and its status. */
export const jobErrorSchema = z.looseObject({
  ...errorBodySchema.shape,
  status: z.int(),
  /** The page that could not be read, when the job reads page by page. */
  page: z.optional(z.int()),
});
export type JobError = z.infer<typeof jobErrorSchema>;

/** GET /v1/jobs/{id}, and every 202 that creates a job. */
export const jobSchema = z.looseObject({
  id: z.string(),
  status: jobStatusSchema,
  category_id: z.string(),
  batch_id: z.nullable(z.string()),
  /** Pages read so far; advances page by page. */
  pages_done: z.int(),
  /** Pages of the document. */
  pages_total: z.int(),
  /** ISO 8601 times. */
  created_at: z.string(),
  started_at: z.nullable(z.string()),
  finished_at: z.nullable(z.string()),
  /** The trace id of the request that created the job; meta.trace_id once it has succeeded. */
  trace_id: z.string(),
  /**
   * While it runs (and after it failed or was cancelled): the category's data built
   * from the pages read so far, for categories read page by page.
   */
  partial: z.optional(z.record(z.string(), z.unknown())),
  /** Once succeeded: exactly what the synchronous call answers. */
  data: z.optional(z.record(z.string(), z.unknown())),
  meta: z.optional(processMetaSchema),
  /** Once failed. */
  error: z.optional(jobErrorSchema),
  callback: z.optional(jobCallbackSchema),
});
export type Job = z.infer<typeof jobSchema>;

/** An attempt of a job read page by page names its page. */
export const jobAttemptSchema = z.looseObject({
  ...attemptSchema.shape,
  page: z.optional(z.int()),
});

/** Documents one batch may hold. */
export const MAX_BATCH_DOCUMENTS = 100;

/**
 * POST /v1/categories/{id}/batches: each document is what the body of a process call
 * holds; its own callback_url, if any, wins over the batch's.
 */
export const batchRequestSchema = z.looseObject({
  documents: z.array(processRequestSchema).check(z.minLength(1), z.maxLength(MAX_BATCH_DOCUMENTS)),
  callback_url: z.optional(callbackUrlSchema),
});
export type BatchRequest = z.input<typeof batchRequestSchema>;

/** Jobs of a batch by status. */
export const batchCountsSchema = z.looseObject({
  queued: z.int(),
  running: z.int(),
  succeeded: z.int(),
  failed: z.int(),
  cancelled: z.int(),
});

/** POST /v1/categories/{id}/batches (202) and GET /v1/batches/{id}. */
export const batchSchema = z.looseObject({
  id: z.string(),
  category_id: z.string(),
  created_at: z.string(),
  /** Jobs by status. */
  counts: batchCountsSchema,
  /** Every job, in the order of the documents; without data (GET each job for it). */
  jobs: z.array(jobSchema),
});
export type Batch = z.infer<typeof batchSchema>;
