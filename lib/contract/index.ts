// The Routing Service interface (docs/routing-service-interface.md) as zod schemas: one source of
// truth. The service validates and builds its answers with these; the app's
// client parses with them. Objects are "loose" so a client stays tolerant of
// extra fields another service may add (INTERFACE.md, web app decisions).
import { z } from "zod";

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
  page: z.number().int(),
  pages: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type CategoryPage = z.infer<typeof categoryPageSchema>;

/** Paging as INTERFACE.md fixes it for this project's service. */
export const PAGING = { defaultPage: 1, defaultSize: 50, maxSize: 100 } as const;

export const uploadRequestSchema = z.looseObject({
  content_type: z.string(),
  /**
   * Our extension: the file's size in bytes, when the client knows it. Over the
   * category's limit it is refused at once; in S3 mode it is signed into the upload
   * URL, so the store refuses a body of any other length.
   */
  content_length: z.number().int().min(1).optional(),
});
export type UploadRequest = z.infer<typeof uploadRequestSchema>;

export const uploadGrantSchema = z.looseObject({
  expires_in: z.number().int(),
  object_key: z.string(),
  s3_uri: z.string().startsWith("s3://"),
  upload_url: z.string(),
});
export type UploadGrant = z.infer<typeof uploadGrantSchema>;

/** input of a text-recognition category (INTERFACE.md, "Process input"). */
export const ocrInputSchema = z.looseObject({
  document: z.string(),
  mime_type: z.string(),
  language_hints: z.array(z.string()).optional(),
});
export type OcrInput = z.infer<typeof ocrInputSchema>;

export const processRequestSchema = z.looseObject({
  input: z.record(z.string(), z.unknown()),
  input_ref: z.string().optional(),
});
export type ProcessRequest = z.infer<typeof processRequestSchema>;

export const attemptSchema = z.looseObject({
  provider: z.string(),
  outcome: z.string(),
  latency_ms: z.number(),
  error: z.string().optional(),
  /** Why an answer was judged unsure (outcome "low_quality"), e.g. "low confidence 0.41". */
  reason: z.string().optional(),
});
export type Attempt = z.infer<typeof attemptSchema>;

export const processMetaSchema = z.looseObject({
  estimated_cost: z.number(),
  failover_depth: z.number().int(),
  latency_ms: z.number(),
  trace_id: z.string(),
  provider: z.string().optional(),
  pages: z.number().int().optional(),
  attempts: z.array(attemptSchema).optional(),
});
export type ProcessMeta = z.infer<typeof processMetaSchema>;

export const processResultSchema = z.looseObject({
  data: z.record(z.string(), z.unknown()),
  meta: processMetaSchema,
});
export type ProcessResult = z.infer<typeof processResultSchema>;

// Text recognition data (INTERFACE.md, "Text recognition data").
export const bboxSchema = z.object({
  x0: z.number(),
  y0: z.number(),
  x1: z.number(),
  y1: z.number(),
});
export type BBox = z.infer<typeof bboxSchema>;

export const ocrSpanSchema = z.looseObject({
  text: z.string(),
  confidence: z.number().min(0).max(1),
  bbox: bboxSchema,
});
export type OcrSpan = z.infer<typeof ocrSpanSchema>;

/** A block of lines in reading order (INTERFACE.md, "Text recognition layout"). */
export const ocrBlockSchema = z.looseObject({
  text: z.string(),
  bbox: bboxSchema,
  lines: z.array(ocrSpanSchema),
});
export type OcrBlock = z.infer<typeof ocrBlockSchema>;

export const ocrPageSchema = z.looseObject({
  number: z.number().int(),
  width: z.number(),
  height: z.number(),
  dpi: z.number().optional(),
  text: z.string(),
  confidence: z.number().min(0).max(1),
  lines: z.array(ocrSpanSchema),
  words: z.array(ocrSpanSchema),
  /** Optional: another service may not lay pages out. */
  blocks: z.array(ocrBlockSchema).optional(),
});
export type OcrPage = z.infer<typeof ocrPageSchema>;

export const ocrDataSchema = z.looseObject({
  text: z.string(),
  language: z.string(),
  pages: z.array(ocrPageSchema),
});
export type OcrData = z.infer<typeof ocrDataSchema>;

/** The page a structured result stands on: its size, for drawing boxes (extra fields allowed). */
export const resultPageSchema = z.looseObject({
  number: z.number().int(),
  width: z.number(),
  height: z.number(),
  dpi: z.number().optional(),
});
export type ResultPage = z.infer<typeof resultPageSchema>;

// Invoice data (INTERFACE.md, "Invoice data").
export const INVOICE_FIELDS = [
  "supplier_name",
  "supplier_address",
  "customer_name",
  "customer_address",
  "invoice_number",
  "invoice_date",
  "due_date",
  "currency",
  "subtotal",
  "tax_amount",
  "total",
] as const;
export type InvoiceFieldName = (typeof INVOICE_FIELDS)[number];

/** One field: `value` null (confidence 0, no bbox) when not found. */
export const invoiceFieldSchema = z.looseObject({
  value: z.union([z.string(), z.number(), z.null()]),
  text: z.string(),
  confidence: z.number().min(0).max(1),
  page: z.number().int(),
  bbox: bboxSchema.optional(),
});
export type InvoiceField = z.infer<typeof invoiceFieldSchema>;

export const invoiceLineItemSchema = z.looseObject({
  description: z.string(),
  quantity: z.number().nullable(),
  unit_price: z.number().nullable(),
  amount: z.number().nullable(),
  page: z.number().int(),
  bbox: bboxSchema,
  confidence: z.number().min(0).max(1),
});
export type InvoiceLineItem = z.infer<typeof invoiceLineItemSchema>;

export const invoiceDataSchema = z.looseObject({
  fields: z.object(
    Object.fromEntries(INVOICE_FIELDS.map((name) => [name, invoiceFieldSchema])) as Record<
      InvoiceFieldName,
      typeof invoiceFieldSchema
    >,
  ),
  line_items: z.array(invoiceLineItemSchema),
  checks: z.looseObject({
    line_items_match_subtotal: z.boolean().nullable(),
    subtotal_and_tax_match_total: z.boolean().nullable(),
  }),
  text: z.string(),
  pages: z.array(resultPageSchema),
});
export type InvoiceData = z.infer<typeof invoiceDataSchema>;

// Table data (INTERFACE.md, "Table data").
export const tableCellSchema = z.looseObject({
  row: z.number().int(),
  col: z.number().int(),
  row_span: z.number().int().min(1),
  col_span: z.number().int().min(1),
  text: z.string(),
  bbox: bboxSchema,
});
export type TableCell = z.infer<typeof tableCellSchema>;

export const tableSchema = z.looseObject({
  page: z.number().int(),
  bbox: bboxSchema,
  /** Rectangular: every row has as many cells; header row first; "" for empty cells. */
  rows: z.array(z.array(z.string())),
  cells: z.array(tableCellSchema),
});
export type Table = z.infer<typeof tableSchema>;

export const tableDataSchema = z.looseObject({
  tables: z.array(tableSchema),
  text: z.string(),
  pages: z.array(resultPageSchema),
});
export type TableData = z.infer<typeof tableDataSchema>;

// Errors (seed part 7; INTERFACE.md). A client must accept `detail` as a
// list of items or as a plain string, with ctx/input possibly missing.
export const validationErrorItemSchema = z.looseObject({
  type: z.string(),
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  input: z.unknown().optional(),
  ctx: z.record(z.string(), z.unknown()).optional(),
});
export type ValidationErrorItem = z.infer<typeof validationErrorItemSchema>;

export const validationErrorSchema = z.looseObject({
  detail: z.array(validationErrorItemSchema),
});
export type ValidationError = z.infer<typeof validationErrorSchema>;

/** Any error body a service may send: `detail` as list or string, plus extras. */
export const errorBodySchema = z.looseObject({
  detail: z.union([z.string(), z.array(validationErrorItemSchema)]),
  trace_id: z.string().optional(),
  failover_depth: z.number().int().optional(),
  attempts: z.array(attemptSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
