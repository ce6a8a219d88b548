// The Routing Service interface (docs/routing-service-interface.md) as zod
// schemas, written once: the service validates requests and builds answers
// with them, OpenAPI is generated from them (service/src/openapi.ts), and the
// app parses answers with them on the server and in the browser.
//
// zod/mini: only the functions used are bundled, so the browser can take the
// same schemas (classic zod is one object of about 30 kB compressed). Answers
// are "loose" so a client stays tolerant of extra fields another service may
// add (INTERFACE.md, web app decisions); requests are checked as the service
// enforces them (./requests.ts). Category data lives in ./data.ts.
import * as z from "zod/mini";

export * from "./data";
export { PAGING } from "./paging";
export * from "./requests";

/** Status literals this project's service uses. Other services may differ. */
export const CATEGORY_STATUS = { active: "active", comingSoon: "coming_soon" } as const;

export const categorySchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  status: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryPageSchema = z.looseObject({
  items: z.array(categorySchema),
  page: z.int(),
  pages: z.int(),
  size: z.int(),
  total: z.int(),
});
export type CategoryPage = z.infer<typeof categoryPageSchema>;

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

// Errors (seed part 7; INTERFACE.md). A client must accept `detail` as a
// list of items or as a plain string, with ctx/input possibly missing.
export const validationErrorItemSchema = z.looseObject({
  type: z.string(),
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  input: z.optional(z.unknown()),
  ctx: z.optional(z.record(z.string(), z.unknown())),
});
export type ValidationErrorItem = z.infer<typeof validationErrorItemSchema>;

export const validationErrorSchema = z.looseObject({
  detail: z.array(validationErrorItemSchema),
});
export type ValidationError = z.infer<typeof validationErrorSchema>;

/** Any error body a service may send: `detail` as list or string, plus extras. */
export const errorBodySchema = z.looseObject({
  detail: z.union([z.string(), z.array(validationErrorItemSchema)]),
  trace_id: z.optional(z.string()),
  failover_depth: z.optional(z.int()),
  attempts: z.optional(z.array(attemptSchema)),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
