// What a category's `data` holds, one schema per kind of result (INTERFACE.md:
// "Text recognition data", "Invoice data", "Table data"). A new category's
// data schema goes here, beside these.
import * as z from "zod/mini";

const unitInterval = () => z.number().check(z.gte(0), z.lte(1));

export const bboxSchema = z.object({
  x0: z.number(),
  y0: z.number(),
  x1: z.number(),
  y1: z.number(),
});
export type BBox = z.infer<typeof bboxSchema>;

// Text recognition data.
export const ocrSpanSchema = z.looseObject({
  text: z.string(),
  confidence: unitInterval(),
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
  number: z.int(),
  width: z.number(),
  height: z.number(),
  dpi: z.optional(z.number()),
  text: z.string(),
  confidence: unitInterval(),
  lines: z.array(ocrSpanSchema),
  words: z.array(ocrSpanSchema),
  /** Optional: another service may not lay pages out. */
  blocks: z.optional(z.array(ocrBlockSchema)),
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
  number: z.int(),
  width: z.number(),
  height: z.number(),
  dpi: z.optional(z.number()),
});
export type ResultPage = z.infer<typeof resultPageSchema>;

// Invoice data.
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
  confidence: unitInterval(),
  page: z.int(),
  bbox: z.optional(bboxSchema),
});
export type InvoiceField = z.infer<typeof invoiceFieldSchema>;

export const invoiceLineItemSchema = z.looseObject({
  description: z.string(),
  quantity: z.nullable(z.number()),
  unit_price: z.nullable(z.number()),
  amount: z.nullable(z.number()),
  page: z.int(),
  bbox: bboxSchema,
  confidence: unitInterval(),
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
    line_items_match_subtotal: z.nullable(z.boolean()),
    subtotal_and_tax_match_total: z.nullable(z.boolean()),
  }),
  text: z.string(),
  pages: z.array(resultPageSchema),
});
export type InvoiceData = z.infer<typeof invoiceDataSchema>;

// Table data.
export const tableCellSchema = z.looseObject({
  row: z.int(),
  col: z.int(),
  row_span: z.int().check(z.gte(1)),
  col_span: z.int().check(z.gte(1)),
  text: z.string(),
  bbox: bboxSchema,
});
export type TableCell = z.infer<typeof tableCellSchema>;

export const tableSchema = z.looseObject({
  page: z.int(),
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
