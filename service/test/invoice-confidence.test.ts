// A field's confidence is the chance that it is right (providers/invoices/confidence.ts):
// what the model says follows what is known of the field, not only how surely its
// words were read.
import { describe, expect, it } from "vitest";
import { INVOICE_FIELDS, type InvoiceData } from "@/lib/kernel/contract";
import {
  chanceRight,
  fieldFeatures,
  withCalibratedConfidence,
} from "../src/providers/invoices/confidence";
import { NOT_FOUND } from "../src/providers/invoices/rows";

const field = (value: string | number, text: string, confidence: number) => ({
  value,
  text,
  confidence,
  page: 1,
});

function invoice(checks: InvoiceData["checks"], readWith = 1): InvoiceData {
  const fields = Object.fromEntries(
    INVOICE_FIELDS.map((name) => [name, NOT_FOUND]),
  ) as InvoiceData["fields"];
  return {
    fields: {
      ...fields,
      supplier_name: field("Harbour Tools Ltd", "Harbour Tools Ltd", readWith),
      invoice_number: field("HT-2207", "HT-2207", readWith),
      invoice_date: field("2026-03-14", "14.03.2026", readWith),
      currency: field("EUR", "€", readWith),
      subtotal: field(100, "100,00", readWith),
      tax_amount: field(19, "19,00", readWith),
      total: field(119, "119,00", readWith),
    },
    line_items: [],
    checks,
    text: "",
    pages: [],
  };
}

const agreeing = { line_items_match_subtotal: null, subtotal_and_tax_match_total: true };
const failing = { line_items_match_subtotal: null, subtotal_and_tax_match_total: false };

describe("an invoice field's confidence", () => {
  it("is a chance between 0 and 1 for every field found, and none for one not found", () => {
    const data = invoice(agreeing);
    const features = fieldFeatures(data, false);
    expect(Object.keys(features).sort()).toEqual([
      "currency",
      "invoice_date",
      "invoice_number",
      "subtotal",
      "supplier_name",
      "tax_amount",
      "total",
    ]);
    const calibrated = withCalibratedConfidence(data, features);
    for (const value of Object.values(calibrated.fields)) {
      expect(value.confidence).toBeGreaterThanOrEqual(0);
      expect(value.confidence).toBeLessThanOrEqual(1);
    }
    expect(calibrated.fields.due_date.confidence).toBe(0);
  });

  it("falls when the answer's checks fail", () => {
    const sure = withCalibratedConfidence(
      invoice(agreeing),
      fieldFeatures(invoice(agreeing), false),
    );
    const unsure = withCalibratedConfidence(
      invoice(failing),
      fieldFeatures(invoice(failing), false),
    );
    expect(unsure.fields.total.confidence).toBeLessThan(sure.fields.total.confidence);
    expect(unsure.fields.supplier_name.confidence).toBeLessThan(
      sure.fields.supplier_name.confidence,
    );
  });

  it("falls when the words were read unsurely from a photo", () => {
    const clear = fieldFeatures(invoice(agreeing, 0.96), true).total ?? [];
    const faint = fieldFeatures(invoice(agreeing, 0.55), true).total ?? [];
    expect(chanceRight(faint)).toBeLessThan(chanceRight(clear));
  });
});
