// A document's way: the upload grant, then the process answer `{data, meta}`.
import * as z from "zod/mini";

export const uploadGrantSchema = z.looseObject({
  expires_in: z.int(),
  object_key: z.string(),
  s3_uri: z.string().check(z.startsWith("s3://")),
  upload_url: z.string(),
});
export type UploadGrant = z.infer<typeof uploadGrantSchema>;

export const attemptSchema = z.looseObject({
  provider: z.string(),
  outcome: z.string(),
  latency_ms: z.number(),
  error: z.optional(z.string()),
  /** Why an answer was judged unsure (outcome "low_quality"), e.g. "low confidence 0.41". */
  reason: z.optional(z.string()),
});
export type Attempt = z.infer<typeof attemptSchema>;

export const processMetaSchema = z.looseObject({
  estimated_cost: z.number(),
  failover_depth: z.int(),
  latency_ms: z.number(),
  trace_id: z.string(),
  provider: z.optional(z.string()),
  pages: z.optional(z.int()),
  attempts: z.optional(z.array(attemptSchema)),
});
export type ProcessMeta = z.infer<typeof processMetaSchema>;

export const processResultSchema = z.looseObject({
  data: z.record(z.string(), z.unknown()),
  meta: processMetaSchema,
});
export type ProcessResult = z.infer<typeof processResultSchema>;

/**
 * Our extension (INTERFACE.md, "Document download"): a short-lived link that
 * reads an upload back, for the API key that uploaded it. A client must not
 * count on it: another service may not offer it (404/405/501).
 */
export const documentLinkSchema = z.looseObject({
  url: z.string(),
  /** Seconds the link works for; never past the upload's retention. */
  expires_in: z.int(),
  content_type: z.optional(z.string()),
});
export type DocumentLink = z.infer<typeof documentLinkSchema>;
