// Documents: a grant to upload one, then the call to process it. The app's
// shapes (lib/api/documents.ts) become the service's here, and only here.
import "server-only";
import * as z from "zod/mini";
import { upstreamIdempotencyKey } from "@/lib/auth/idempotency";
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
import type {
  DocumentLink,
  Grant,
  GrantedUpload,
  ProcessBody,
  ProcessCall,
  ProcessReply,
} from "./types";

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

/**
 * The service's process request for what the browser sent, about an upload
 * granted to this buyer (lib/ledger/access.ts, openOwnUpload). Every part of
 * its shape is decided here, once:
 * - the document by its s3 URI and, when the grant has one, by its object key
 *   as input_ref: the seed says the object key is submitted as input_ref,
 *   while its body names the document by s3 URI, so a service may read either;
 * - Prefer: respond-async for a long document, by the pages the browser
 *   counted or the size its grant recorded. Only a header: the body, which
 *   idempotency compares, is the same either way;
 * - the browser's own Idempotency-Key. The run ledger keeps the call so, and a
 *   resume sends it again as it is; processDocument makes the key private to
 *   the buyer on the way out.
 */
export function processCall(
  input: ProcessBody,
  idempotencyKey: string | undefined,
  upload: GrantedUpload,
): ProcessCall {
  const long = isLongDocument({ pages: input.pages, bytes: upload.fileSize });
  return {
    headers: {
      ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
      ...(long ? { Prefer: "respond-async" } : {}),
    },
    body: {
      input: {
        document: input.document,
        mime_type: input.mimeType,
        ...(input.languageHints?.length ? { language_hints: input.languageHints } : {}),
      },
      ...(upload.objectKey ? { input_ref: upload.objectKey } : {}),
    },
  };
}

/**
 * The headers sent for a call of this buyer. The service keeps Idempotency-Keys
 * per API key and the app has one API key for every buyer, so the browser's
 * key goes upstream as an HMAC of it and the buyer's session
 * (lib/auth/idempotency.ts): the same on every retry and resume, and no use to
 * another buyer. Other headers stay in their order.
 */
function headersFor(call: ProcessCall, sessionId: string): Record<string, string> {
  const { "Idempotency-Key": key, ...others } = call.headers;
  return key ? { ...others, "Idempotency-Key": upstreamIdempotencyKey(sessionId, key) } : others;
}

/**
 * A process answer, or the job the service made instead (202, INTERFACE.md
 * "Jobs"): a job first, as its body is the more particular shape. A service
 * without jobs answers every call synchronously, as the seed says.
 */
const processReplySchema = z.union([jobSchema, processResultSchema]);

/** Sends a process call (processCall) for the buyer of `sessionId`. */
export async function processDocument(
  categoryId: string,
  call: ProcessCall,
  sessionId: string,
  signal?: AbortSignal,
): Promise<ProcessReply> {
  const { data, headers } = await routingFetch({
    operation: "process",
    method: "POST",
    path: `/v1/categories/${encodeURIComponent(categoryId)}/process`,
    body: call.body,
    headers: headersFor(call, sessionId),
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
