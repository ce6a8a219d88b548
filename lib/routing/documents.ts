// Documents: a grant to upload one, then the request to process it.
import "server-only";
import { processResultSchema, uploadGrantSchema } from "@/lib/contract";
import { routingFetch } from "./fetch";
import type { ProcessInput, ProcessOutcome, UploadGrantView } from "./types";

/**
 * A grant for one upload. The file's size, when the browser gave it, goes along: the
 * service refuses an oversize file at once, and in S3 mode signs the size into the URL.
 */
export async function requestUpload(
  categoryId: string,
  file: { contentType: string; size?: number | undefined },
  signal?: AbortSignal,
): Promise<UploadGrantView> {
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
  return data;
}

export async function processDocument(
  categoryId: string,
  input: ProcessInput,
  idempotencyKey: string | undefined,
  signal?: AbortSignal,
): Promise<ProcessOutcome> {
  const { data, headers } = await routingFetch({
    operation: "process",
    method: "POST",
    path: `/v1/categories/${encodeURIComponent(categoryId)}/process`,
    body: {
      input: {
        document: input.document,
        mime_type: input.mimeType,
        ...(input.languageHints?.length ? { language_hints: input.languageHints } : {}),
      },
      ...(input.objectKey ? { input_ref: input.objectKey } : {}),
    },
    headers: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {},
    schema: processResultSchema,
    signal,
  });
  return { ...data, replayed: headers.get("idempotent-replayed") === "true" };
}
