// The browser's two calls to the app's own route handlers (the API key stays
// on the server): a grant for one PUT, and the process call. Both answer
// AppErrors, so mutations are typed the same as everything else.
import { mutationOptions, queryOptions } from "@tanstack/react-query";
import { type Grant, grantSchema, type ProcessBody, type UploadBody } from "@/lib/api/documents";
import { fetchApi } from "@/lib/api/fetch";
import {
  isFinishedJobAnswer,
  type JobAnswer,
  jobAnswerSchema,
  type ProcessReplyAnswer,
  processReplySchema,
} from "@/lib/api/jobs";
import { uploadedAnswerSchema } from "@/lib/api/runs";
import { AppError } from "@/lib/errors";
import { backoffDelay } from "./backoff";

const categoryPath = (categoryId: string) => `/api/categories/${encodeURIComponent(categoryId)}`;

/** The picked file's name and size go along for the run history, so even a run whose upload never finishes is shown by its file's name. */
export async function requestUploadGrant(
  categoryId: string,
  contentType: string,
  file?: { name: string; size: number },
  signal?: AbortSignal,
): Promise<Grant> {
  const body: UploadBody = file
    ? { contentType, fileName: file.name.slice(0, 255), size: file.size }
    : { contentType };
  return fetchApi(`${categoryPath(categoryId)}/uploads`, grantSchema, {
    method: "POST",
    body,
    signal,
  });
}

export interface ProcessVariables {
  /** The grant's s3 URI: the server finds the rest of the grant from it. */
  s3Uri: string;
  mimeType: string;
  languageHints: string[];
  idempotencyKey: string;
  /** Pages counted in the browser, if it could: a long document goes as a job. */
  pages?: number | null;
  signal?: AbortSignal;
}

/** The result, or (a long document) the job the server polls the service for. */
export async function submitProcess(
  categoryId: string,
  vars: ProcessVariables,
): Promise<ProcessReplyAnswer> {
  const body: ProcessBody = {
    document: vars.s3Uri,
    mimeType: vars.mimeType,
    ...(vars.languageHints.length > 0 ? { languageHints: vars.languageHints } : {}),
    ...(vars.pages ? { pages: vars.pages } : {}),
  };
  return fetchApi(`${categoryPath(categoryId)}/process`, processReplySchema, {
    method: "POST",
    body,
    headers: { "Idempotency-Key": vars.idempotencyKey },
    signal: vars.signal,
  });
}

/**
 * Tells the app's run history that a file's bytes reached storage (its name
 * and size went with the grant). Best effort: the run goes on whatever this
 * answers.
 */
export async function reportUploaded(objectKey: string): Promise<void> {
  try {
    await fetchApi(`/api/runs/${encodeURIComponent(objectKey)}/uploaded`, uploadedAnswerSchema, {
      method: "POST",
    });
  } catch {
    // The history misses a file name; nothing the person needs to know about.
  }
}

const jobPath = (runId: string) => `/api/runs/${encodeURIComponent(runId)}/job`;

/** How often a running job is read: a page of a scanned document takes about a second. */
export const JOB_POLL_MS = 1000;

/**
 * A job's state, read every JOB_POLL_MS until it ends. Each read asks only for
 * the pages after the last one already here and adds them to them, so a
 * 100-page document's text crosses the network once, not at every poll.
 */
export function jobQuery(runId: string) {
  return queryOptions({
    queryKey: ["runs", runId, "job"],
    queryFn: async ({ client, queryKey, signal }): Promise<JobAnswer> => {
      const before = client.getQueryData<JobAnswer>(queryKey);
      const after = before?.pages.at(-1)?.number ?? 0;
      const next = await fetchApi(`${jobPath(runId)}?after=${after}`, jobAnswerSchema, { signal });
      return { ...next, pages: mergePages(before?.pages ?? [], next.pages) };
    },
    refetchInterval: (query) =>
      query.state.data && isFinishedJobAnswer(query.state.data) ? false : JOB_POLL_MS,
    // A tab in the background goes on reading: the person comes back to the pages read.
    refetchIntervalInBackground: true,
    staleTime: 0,
    retry: shouldRetryCall,
    retryDelay: retryCallDelay,
  });
}

function mergePages(known: JobAnswer["pages"], fresh: JobAnswer["pages"]): JobAnswer["pages"] {
  if (fresh.length === 0) return known;
  const byNumber = new Map(known.map((page) => [page.number, page]));
  for (const page of fresh) byNumber.set(page.number, page);
  return [...byNumber.values()].sort((a, b) => a.number - b.number);
}

/** DELETE /api/runs/:id/job: the run ends as cancelled, or as it had already ended. */
export function cancelJobMutation() {
  return mutationOptions({
    mutationKey: ["runs", "job", "cancel"],
    mutationFn: (runId: string) => fetchApi(jobPath(runId), jobAnswerSchema, { method: "DELETE" }),
    retry: shouldRetryCall,
    retryDelay: retryCallDelay,
    networkMode: "always",
  });
}

/** Waits the service asked for are honoured up to this; longer ones are left to the person. */
const MAX_AUTOMATIC_WAIT_S = 30;
/** A 409 still_running is our own earlier call: wait for it this often, this many times. */
const STILL_RUNNING_POLL_MS = 3000;
const STILL_RUNNING_POLLS = 60;

/**
 * Whether a failed call is tried again by itself. Safe for process because
 * every try carries the file's one Idempotency-Key: a call that did run is
 * replayed, not run again.
 */
export function shouldRetryCall(failureCount: number, error: unknown): boolean {
  if (!(error instanceof AppError)) return false;
  switch (error.code) {
    case "still_running":
      return failureCount < STILL_RUNNING_POLLS;
    case "network_error":
    case "service_unreachable":
      return failureCount < 3;
    case "rate_limited":
    case "service_busy":
      return failureCount < 3 && (error.retryAfterSeconds ?? 0) <= MAX_AUTOMATIC_WAIT_S;
    default:
      return false;
  }
}

export function retryCallDelay(failureCount: number, error: unknown): number {
  if (error instanceof AppError) {
    if (error.code === "still_running") return STILL_RUNNING_POLL_MS;
    if (error.retryAfterSeconds !== undefined) return error.retryAfterSeconds * 1000;
  }
  return backoffDelay(failureCount - 1);
}

export function uploadGrantMutation(categoryId: string) {
  return mutationOptions({
    mutationKey: ["categories", categoryId, "upload-grant"],
    mutationFn: ({
      contentType,
      file,
      signal,
    }: {
      contentType: string;
      file?: { name: string; size: number };
      signal?: AbortSignal;
    }) => requestUploadGrant(categoryId, contentType, file, signal),
    retry: shouldRetryCall,
    retryDelay: retryCallDelay,
    // Offline is an error to show ("No connection"), not a reason to wait in silence.
    networkMode: "always",
  });
}

export function processMutation(categoryId: string) {
  return mutationOptions({
    mutationKey: ["categories", categoryId, "process"],
    mutationFn: (vars: ProcessVariables) => submitProcess(categoryId, vars),
    retry: shouldRetryCall,
    retryDelay: retryCallDelay,
    networkMode: "always",
  });
}
