// An invoice's answer checks itself (INTERFACE.md, "Quality failover"): line
// items that do not add up to the subtotal, or a subtotal and tax that do not
// make the total, or no total at all, make it unsure, and the router asks the
// next provider. Amounts are compared in whole cents.
import type { InvoiceData, InvoiceField, InvoiceLineItem } from "@/lib/kernel/contract";
import type { AnswerCheck } from "../providers/types";

type Checks = InvoiceData["checks"];

const amount = (f: InvoiceField) => (typeof f.value === "number" ? f.value : null);
const cents = (n: number) => Math.round(n * 100);
const same = (a: number, b: number) => Math.abs(cents(a) - cents(b)) <= 1;

export function invoiceChecks(
  fields: InvoiceData["fields"],
  items: readonly InvoiceLineItem[],
): Checks {
  const subtotal = amount(fields.subtotal);
  const tax = amount(fields.tax_amount);
  const total = amount(fields.total);
  const amounts = items.map((i) => i.amount);
  const sum = amounts.reduce<number>((s, a) => s + (a ?? 0), 0);
  const itemsCheckable = items.length > 0 && amounts.every((a) => a !== null) && subtotal !== null;
  let totals: boolean | null = null;
  if (subtotal !== null && total !== null) {
    if (tax !== null) totals = same(subtotal + tax, total);
    else if (same(subtotal, total)) totals = true;
  }
  return {
    line_items_match_subtotal: itemsCheckable ? same(sum, subtotal) : null,
    subtotal_and_tax_match_total: totals,
  };
}

const money = (n: number) => n.toFixed(2);

/** How sure the answer is: unsure when a check fails, or no total or line item was found. */
export function checkInvoice(data: InvoiceData): AnswerCheck {
  const fields = Object.values(data.fields);
  const found = fields.filter((f) => f.value !== null);
  const confidence = found.reduce((s, f) => s + f.confidence, 0) / (found.length || 1);
  const { line_items_match_subtotal: items, subtotal_and_tax_match_total: totals } = data.checks;
  const failed = [items, totals].filter((c) => c === false).length;
  const score = (found.length / fields.length) * confidence * (1 - failed / 4);
  const reasons: string[] = [];
  const { subtotal, tax_amount, total } = data.fields;
  if (items === false && typeof subtotal.value === "number") {
    const sum = data.line_items.reduce((s, i) => s + (i.amount ?? 0), 0);
    reasons.push(`line items add up to ${money(sum)}, the subtotal reads ${money(subtotal.value)}`);
  }
  if (totals === false && typeof total.value === "number") {
    const sum = Number(subtotal.value) + Number(tax_amount.value ?? 0);
    reasons.push(`subtotal and tax make ${money(sum)}, the total reads ${money(total.value)}`);
  }
  if (total.value === null) reasons.push("no total found");
  // Another provider may find the items this one missed.
  if (data.line_items.length === 0) reasons.push("no line items found");
  return reasons.length === 0
    ? { confident: true, score }
    : { confident: false, score, reason: reasons.join("; ") };
}
