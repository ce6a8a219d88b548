// Documents: a grant to upload one, then the call to process it. The app's
// shapes (lib/api/documents.ts) become the service's here, and only here.
import "server-only";
import { processResultSchema, uploadGrantSchema } from "@/lib/kernel/contract";
import { routingFetch } from "./fetch";
import { resultKindOf } from "./result-kind";
import type { Grant, ProcessBody, ProcessCall, ProcessOutcome } from "./types";

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

/** The service's process request for what the browser sent. */
export function processCall(input: ProcessBody, idempotencyKey: string | undefined): ProcessCall {
  return {
    headers: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {},
    body: {
      input: {
        document: input.document,
        mime_type: input.mimeType,
        ...(input.languageHints?.length ? { language_hints: input.languageHints } : {}),
      },
    },
  };
}

/**
 * The same call naming the upload by its object key too, as input_ref: the
 * seed says the object key is submitted as input_ref, while its body names
 * the document by s3 URI, so a service may read either.
 */
export function withInputRef(call: ProcessCall, objectKey: string): ProcessCall {
  return { ...call, body: { ...call.body, input_ref: objectKey } };
}

/** The same call with another Idempotency-Key (none when undefined). */
export function withIdempotencyKey(call: ProcessCall, key: string | undefined): ProcessCall {
  return { ...call, headers: key ? { "Idempotency-Key": key } : {} };
}

export async function processDocument(
  categoryId: string,
  call: ProcessCall,
  signal?: AbortSignal,
): Promise<ProcessOutcome> {
  const { data, headers } = await routingFetch({
    operation: "process",
    method: "POST",
    path: `/v1/categories/${encodeURIComponent(categoryId)}/process`,
    body: call.body,
    headers: { ...call.headers },
    schema: processResultSchema,
    signal,
  });
  return {
    ...data,
    kind: resultKindOf(data.data),
    replayed: headers.get("idempotent-replayed") === "true",
  };
}
