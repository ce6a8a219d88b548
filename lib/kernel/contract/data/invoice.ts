// Invoice data (INTERFACE.md, "Invoice data").
import * as z from "zod/mini";
import { bboxSchema, resultPageSchema, unitInterval } from "./common";

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
