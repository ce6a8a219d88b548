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

/**
 * One field: `value` null (confidence 0, no bbox) when not found. Read from an
 * e-invoice's XML, `page` and `bbox` are where the page prints it, absent when
 * it is not printed or there is no page (an uploaded XML file).
 */
export const invoiceFieldSchema = z.looseObject({
  value: z.union([z.string(), z.number(), z.null()]),
  text: z.string(),
  confidence: unitInterval(),
  page: z.optional(z.int()),
  bbox: z.optional(bboxSchema),
});
export type InvoiceField = z.infer<typeof invoiceFieldSchema>;

/** A line item; from an e-invoice's XML, `page` and `bbox` are absent when its row is not found on the page. */
export const invoiceLineItemSchema = z.looseObject({
  description: z.string(),
  quantity: z.nullable(z.number()),
  unit_price: z.nullable(z.number()),
  amount: z.nullable(z.number()),
  page: z.optional(z.int()),
  bbox: z.optional(bboxSchema),
  confidence: unitInterval(),
});
export type InvoiceLineItem = z.infer<typeof invoiceLineItemSchema>;

/** What an answer read from an e-invoice says about the XML. */
export const eInvoiceSchema = z.looseObject({
  /** "CII" (Factur-X, ZUGFeRD, XRechnung CII) or "UBL" (XRechnung UBL, Peppol). */
  syntax: z.enum(["CII", "UBL"]),
  /** The specification the XML says it follows (its guideline or customization id). */
  profile: z.nullable(z.string()),
  type: z.enum(["invoice", "credit_note"]),
  /** The attachment's file name, when the XML came inside a PDF. */
  attachment: z.nullable(z.string()),
  /** Amount due for payment: the total less prepaid amounts (EN 16931 BT-115). */
  amount_due: z.nullable(z.number()),
});
export type EInvoiceInfo = z.infer<typeof eInvoiceSchema>;

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
    // Read from the page: whether the dates can be the invoice's (not decades away, due not before issue).
    dates_plausible: z.optional(z.nullable(z.boolean())),
    // From an e-invoice: whether the page prints the XML's value (null: no page to check).
    total_on_page: z.optional(z.nullable(z.boolean())),
    invoice_number_on_page: z.optional(z.nullable(z.boolean())),
    invoice_date_on_page: z.optional(z.nullable(z.boolean())),
  }),
  text: z.string(),
  pages: z.array(resultPageSchema),
  document_kind: z.optional(z.enum(["invoice", "receipt"])),
  /** "embedded_xml": read from a Factur-X / ZUGFeRD / XRechnung / UBL XML, every value certain. */
  source: z.optional(z.enum(["page", "embedded_xml"])),
  e_invoice: z.optional(eInvoiceSchema),
});
export type InvoiceData = z.infer<typeof invoiceDataSchema>;
