// The contract's schemas that run in the browser, written with zod/mini: the
// same shapes as ./index.ts (classic zod, which the service and the app's
// server keep), at a fraction of the bundle. Classic zod is one
// non-tree-shakable object of about 30 kB compressed; zod/mini ships only the
// functions used. mini.test.ts proves both accept and reject the same values
// and return the same data, and that the inferred types are the same.
//
// Only what the browser parses is here: the upload grant, the process answer
// and its meta, and text recognition data.
import * as z from "zod/mini";
import type {
  Attempt,
  BBox,
  OcrData,
  OcrPage,
  OcrSpan,
  ProcessMeta,
  ProcessResult,
  UploadGrant,
} from "./index";

const unitInterval = () => z.number().check(z.gte(0), z.lte(1));

export const uploadGrantSchema = z.looseObject({
  expires_in: z.int(),
  object_key: z.string(),
  s3_uri: z.string().check(z.startsWith("s3://")),
  upload_url: z.string(),
}) satisfies z.ZodMiniType<UploadGrant>;

export const attemptSchema = z.looseObject({
  provider: z.string(),
  outcome: z.string(),
  latency_ms: z.number(),
  error: z.optional(z.string()),
  reason: z.optional(z.string()),
}) satisfies z.ZodMiniType<Attempt>;

export const processMetaSchema = z.looseObject({
  estimated_cost: z.number(),
  failover_depth: z.int(),
  latency_ms: z.number(),
  trace_id: z.string(),
  provider: z.optional(z.string()),
  pages: z.optional(z.int()),
  attempts: z.optional(z.array(attemptSchema)),
}) satisfies z.ZodMiniType<ProcessMeta>;

export const processResultSchema = z.looseObject({
  data: z.record(z.string(), z.unknown()),
  meta: processMetaSchema,
}) satisfies z.ZodMiniType<ProcessResult>;

export const bboxSchema = z.object({
  x0: z.number(),
  y0: z.number(),
  x1: z.number(),
  y1: z.number(),
}) satisfies z.ZodMiniType<BBox>;

export const ocrSpanSchema = z.looseObject({
  text: z.string(),
  confidence: unitInterval(),
  bbox: bboxSchema,
}) satisfies z.ZodMiniType<OcrSpan>;

export const ocrBlockSchema = z.looseObject({
  text: z.string(),
  bbox: bboxSchema,
  lines: z.array(ocrSpanSchema),
});

export const ocrPageSchema = z.looseObject({
  number: z.int(),
  width: z.number(),
  height: z.number(),
  dpi: z.optional(z.number()),
  text: z.string(),
  confidence: unitInterval(),
  lines: z.array(ocrSpanSchema),
  words: z.array(ocrSpanSchema),
  blocks: z.optional(z.array(ocrBlockSchema)),
}) satisfies z.ZodMiniType<OcrPage>;

export const ocrDataSchema = z.looseObject({
  text: z.string(),
  language: z.string(),
  pages: z.array(ocrPageSchema),
}) satisfies z.ZodMiniType<OcrData>;
