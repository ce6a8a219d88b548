// Documents: a grant to upload one, then the call to process it. The app's
// shapes (lib/api/documents.ts) become the service's here, and only here.
import "server-only";
import * as z from "zod/mini";
import { AppError } from "@/lib/errors";
import {
  type DocumentLinkRequest,
  documentLinkSchema,
  jobSchema,
  processResultSchema,
  uploadGrantSchema,
} from "@/lib/kernel/contract";
import { routingFetch } from "./fetch";
import { toJobView } from "./jobs";
import { resultKindOf } from "./result-kind";
import type { DocumentLink, Grant, ProcessBody, ProcessCall, ProcessReply } from "./types";

/**
 * A grant for one upload. The file's size, when the browser gave it, goes along: the
 * service refuses an oversize file at once, and in S3 mode signs the size into the URL.
 */
export async function requestUpload(
  categoryId: string,
  file: { contentType: string; size?: number | undefined },
  signal?: AbortSignal,
): Promise<Grant> {
  const { data } = await routingFetch({
    operation: "upload",
    method: "POST",
    path: `/v1/categories/${encodeURIComponent(categoryId)}/uploads`,
    body: {
      content_type: file.contentType,
      ...(file.size ? { content_length: file.size } : {}),
    },
    schema: uploadGrantSchema,
    signal,
  });
  return {
    objectKey: data.object_key,
    s3Uri: data.s3_uri,
    uploadUrl: data.upload_url,
    expiresIn: data.expires_in,
  };
}

/**
 * A document this long is sent as a job (Prefer: respond-async): a synchronous
 * call would hold the request open for its every page, and a job shows its
 * pages as they are read. Shorter ones are answered faster by the synchronous
 * call, which skips the job queue and the polling.
 */
export const LONG_DOCUMENT = { pages: 3, bytes: 5 * 1024 * 1024 } as const;

export function isLongDocument(size: { pages?: number | null; bytes?: number | null }): boolean {
  return (size.pages ?? 0) > LONG_DOCUMENT.pages || (size.bytes ?? 0) > LONG_DOCUMENT.bytes;
}

/** The service's process request for what the browser sent. */
export function processCall(input: ProcessBody, idempotencyKey: string | undefined): ProcessCall {
  const call: ProcessCall = {
    headers: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {},
    body: {
      input: {
        document: input.document,
        mime_type: input.mimeType,
        ...(input.languageHints?.length ? { language_hints: input.languageHints } : {}),
      },
    },
  };
  return isLongDocument({ pages: input.pages }) ? withRespondAsync(call) : call;
}

/** The same call asking for a job. Only a header: the body, which idempotency compares, stays. */
export function withRespondAsync(call: ProcessCall): ProcessCall {
  return { ...call, headers: { ...call.headers, Prefer: "respond-async" } };
}

/**
 * The same call naming the upload by its object key too, as input_ref: the
 * seed says the object key is submitted as input_ref, while its body names
 * the document by s3 URI, so a service may read either.
 */
export function withInputRef(call: ProcessCall, objectKey: string): ProcessCall {
  return { ...call, body: { ...call.body, input_ref: objectKey } };
}

/** The same call with another Idempotency-Key (none when undefined); other headers stay. */
export function withIdempotencyKey(call: ProcessCall, key: string | undefined): ProcessCall {
  const { "Idempotency-Key": _, ...others } = call.headers;
  return { ...call, headers: key ? { ...others, "Idempotency-Key": key } : others };
}

/**
 * A process answer, or the job the service made instead (202, INTERFACE.md
 * "Jobs"): a job first, as its body is the more particular shape. A service
 * without jobs answers every call synchronously, as the seed says.
 */
const processReplySchema = z.union([jobSchema, processResultSchema]);

export async function processDocument(
  categoryId: string,
  call: ProcessCall,
  signal?: AbortSignal,
): Promise<ProcessReply> {
  const { data, headers } = await routingFetch({
    operation: "process",
    method: "POST",
    path: `/v1/categories/${encodeURIComponent(categoryId)}/process`,
    body: call.body,
    headers: { ...call.headers },
    schema: processReplySchema,
    signal,
  });
  const replayed = headers.get("idempotent-replayed") === "true";
  const result = z.safeParse(processResultSchema, data);
  const job = result.success ? undefined : z.safeParse(jobSchema, data);
  if (job?.success) return { job: toJobView(job.data), replayed };
  if (!result.success) throw new AppError("bad_response");
  return { ...result.data, kind: resultKindOf(result.data.data), replayed };
}

/**
 * A short-lived link to read an upload back: our service's extension
 * (POST /v1/documents/download, INTERFACE.md), which the seed does not have. A
 * service without it answers 404, 405 or 501, and that is an answer here, not a
 * failure: the original just cannot be shown. 410 is the end of its retention.
 */
export async function requestDocumentLink(
  objectKey: string,
  expiresIn?: number,
  signal?: AbortSignal,
): Promise<DocumentLink> {
  const body: DocumentLinkRequest = {
    object_key: objectKey,
    ...(expiresIn ? { expires_in: expiresIn } : {}),
  };
  try {
    const { data } = await routingFetch({
      operation: "document",
      method: "POST",
      path: "/v1/documents/download",
      body,
      schema: documentLinkSchema,
      signal,
    });
    return {
      state: "ready",
      url: data.url,
      expiresIn: data.expires_in,
      contentType: data.content_type,
    };
  } catch (error) {
    const status = upstreamStatus(error);
    if (status === 410) return { state: "gone" };
    if (status === 404 || status === 405 || status === 501) return { state: "unavailable" };
    throw error;
  }
}

/** The service's own status behind an AppError (errorFromUpstream keeps it as the cause). */
function upstreamStatus(error: unknown): number | undefined {
  if (!(error instanceof AppError)) return undefined;
  const cause = error.cause as { status?: unknown } | undefined;
  return typeof cause?.status === "number" ? cause.status : undefined;
}
