// A document processed as a job (INTERFACE.md, "Jobs"), in the app's words:
// what POST /api/categories/:id/process answers when the service made a job of
// it, and what GET and DELETE /api/runs/:id/job answer while it runs and once
// it ends. The browser polls with these (lib/upload/api.ts); the route handlers
// build them (lib/routing/job-answer.ts).
import * as z from "zod/mini";
import { appErrorBodySchema } from "@/lib/errors/app-error";
import { JOB_STATUSES } from "@/lib/kernel/contract/jobs";
import { processAnswerSchema } from "./documents";

export const jobPageSchema = z.object({ number: z.int(), text: z.string() });
export type JobPageText = z.infer<typeof jobPageSchema>;

export const jobAnswerSchema = z.object({
  /** The run in the app's history: GET /api/runs/<runId>/job, and the page /runs/<runId>. */
  runId: z.string(),
  jobId: z.string(),
  status: z.enum(JOB_STATUSES),
  pagesDone: z.int(),
  pagesTotal: z.int(),
  /**
   * The text of pages read so far, in page order: those after `?after=<page>`
   * only, so a poll carries just what is new. Empty once the job succeeded.
   */
  pages: z.array(jobPageSchema),
  /** Once succeeded: the same answer a synchronous process call gives. */
  result: z.optional(processAnswerSchema),
  /** Once failed: why, as any other error of the app says it. */
  failure: z.optional(appErrorBodySchema),
});
export type JobAnswer = z.infer<typeof jobAnswerSchema>;

/** The process call's answer: the result, or the job that will make it. */
export const processReplySchema = z.union([
  z.object({ job: jobAnswerSchema }),
  processAnswerSchema,
]);
export type ProcessReplyAnswer = z.infer<typeof processReplySchema>;
export type JobReplyAnswer = { job: JobAnswer };

/** Whether the process call became a job (the result's loose shape defeats `"job" in`). */
export function isJobReply(reply: ProcessReplyAnswer): reply is JobReplyAnswer {
  return typeof (reply as Partial<JobReplyAnswer>).job === "object";
}

/** GET /api/runs/:id/job?after=<page>: only pages after this one are sent. */
export const jobQuerySchema = z.object({
  after: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(100_000)), 0),
});

export const isFinishedJobAnswer = (job: Pick<JobAnswer, "status">) =>
  job.status === "succeeded" || job.status === "failed" || job.status === "cancelled";
