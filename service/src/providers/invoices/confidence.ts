// A field's confidence as the chance that it is right. What the extractors give is
// how surely its words were read (1 on a text layer, whatever was picked); a field
// read surely can still be the wrong one. A logistic model turns what is known of
// a field (how surely it was read, from a photo or a text layer, which kind of
// field, whether the answer's own checks bear it out, how much else was found)
// into the chance that it is right. Its weights are fitted on the invoice bench's
// answers (`scripts/fit/invoice-confidence.ts`, which also prints how well they
// hold on each source left out of the fit) and kept in confidence-model.json.
import { z } from "zod";
import type { InvoiceData, InvoiceFieldName } from "@/lib/kernel/contract";
import model from "./confidence-model.json" with { type: "json" };

/** The features of a field, in the order of the model's weights. */
export const FEATURES = [
  "read", // how surely its words were read, 0–1
  "read_on_photo", // the same, when the words come from OCR (0 on a text layer)
  "photo", // the words come from OCR
  "party",
  "address",
  "number",
  "date",
  "currency",
  "amount",
  "receipt", // the document is a receipt
  "checked", // the answer's checks on this field: 1 it adds up, -1 it does not, 0 no check
  "failed_checks", // share of the answer's three checks that failed
  "found", // share of the fields found
  "length", // characters of its text, up to 40, over 40
] as const;

const GROUP: Record<InvoiceFieldName, (typeof FEATURES)[number]> = {
  supplier_name: "party",
  customer_name: "party",
  supplier_address: "address",
  customer_address: "address",
  invoice_number: "number",
  invoice_date: "date",
  due_date: "date",
  currency: "currency",
  subtotal: "amount",
  tax_amount: "amount",
  total: "amount",
};

const modelSchema = z.object({
  features: z.array(z.string()),
  weights: z.array(z.number()),
});
const fitted = modelSchema.parse(model);
if (fitted.features.join() !== FEATURES.join() || fitted.weights.length !== FEATURES.length) {
  throw new Error(
    "confidence-model.json was fitted on other features than confidence.ts computes: run scripts/fit/invoice-confidence.ts again",
  );
}

const sign = (check: boolean | null | undefined) => (check === true ? 1 : check === false ? -1 : 0);

/** What the answer's checks say of one field. */
function checked(name: InvoiceFieldName, checks: InvoiceData["checks"]): number {
  if (name === "total" || name === "tax_amount") return sign(checks.subtotal_and_tax_match_total);
  if (name === "subtotal") {
    const both = [checks.subtotal_and_tax_match_total, checks.line_items_match_subtotal];
    if (both.includes(false)) return -1;
    return both.includes(true) ? 1 : 0;
  }
  if (name === "invoice_date" || name === "due_date") return sign(checks.dates_plausible);
  return 0;
}

/** The features of every field found, by name. */
export function fieldFeatures(
  data: InvoiceData,
  photo: boolean,
): Partial<Record<InvoiceFieldName, number[]>> {
  const names = Object.keys(data.fields) as InvoiceFieldName[];
  const found = names.filter((name) => data.fields[name].value !== null);
  const { checks } = data;
  const failed = [
    checks.line_items_match_subtotal,
    checks.subtotal_and_tax_match_total,
    checks.dates_plausible,
  ].filter((c) => c === false).length;
  const out: Partial<Record<InvoiceFieldName, number[]>> = {};
  for (const name of found) {
    const field = data.fields[name];
    const values: Record<(typeof FEATURES)[number], number> = {
      read: field.confidence,
      read_on_photo: photo ? field.confidence : 0,
      photo: photo ? 1 : 0,
      party: 0,
      address: 0,
      number: 0,
      date: 0,
      currency: 0,
      amount: 0,
      receipt: data.document_kind === "receipt" ? 1 : 0,
      checked: checked(name, checks),
      failed_checks: failed / 3,
      found: found.length / names.length,
      length: Math.min(field.text.length, 40) / 40,
    };
    values[GROUP[name]] = 1;
    out[name] = FEATURES.map((feature) => values[feature]);
  }
  return out;
}

/** The model's chance that a field of these features is right. */
export function chanceRight(features: readonly number[], weights = fitted.weights): number {
  const z = features.reduce((sum, x, i) => sum + x * (weights[i] ?? 0), 0);
  return 1 / (1 + Math.exp(-z));
}

/** The answer with each found field's confidence the chance that it is right. */
export function withCalibratedConfidence(
  data: InvoiceData,
  features: Partial<Record<InvoiceFieldName, number[]>>,
): InvoiceData {
  const fields = { ...data.fields };
  for (const [name, x] of Object.entries(features) as [InvoiceFieldName, number[]][]) {
    fields[name] = { ...fields[name], confidence: Math.round(chanceRight(x) * 1000) / 1000 };
  }
  return { ...data, fields };
}
