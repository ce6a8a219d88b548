// An invoice's answer checks itself (INTERFACE.md, "Quality failover"), and
// the checks decide failover: line items that do not add up to the subtotal,
// a subtotal and tax that do not make the total, a date that cannot be the
// invoice's, or no total at all, make it unsure, and the router asks the next
// provider. Amounts are compared in whole cents (one cent of rounding
// allowed); discount, shipping and rounding lines count where they stand
// (between the items and the subtotal, or between the subtotal and the total).
import type { InvoiceData, InvoiceField, InvoiceLineItem } from "@/lib/kernel/contract";
import type { AnswerCheck } from "../interface/types";

type Checks = InvoiceData["checks"];

const amount = (f: InvoiceField) => (typeof f.value === "number" ? f.value : null);
const cents = (n: number) => Math.round(n * 100);
const same = (a: number, b: number) => Math.abs(cents(a) - cents(b)) <= 1;

/** Discounts, shipping and rounding read beside the totals (totals.ts), signed. */
export interface Adjustments {
  /** Between the items and the subtotal. */
  items: number;
  /** Between the subtotal and the total. */
  total: number;
}

const NONE: Adjustments = { items: 0, total: 0 };

/** How far from today an invoice's date may be: older archives are read, but not the year 1900 or 2090. */
const YEARS_BACK = 30;
const YEARS_AHEAD = 2;
/** The longest payment term taken as real. */
const MAX_TERM_DAYS = 366;

const time = (f: InvoiceField) =>
  typeof f.value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(f.value)
    ? Date.parse(`${f.value}T00:00:00Z`)
    : null;

/**
 * Whether the dates can be the invoice's: the invoice date within thirty years
 * before and two after `today`, the due date on or after it and within a year.
 * Null when there is no date.
 */
export function datesPlausible(
  fields: Pick<InvoiceData["fields"], "invoice_date" | "due_date">,
  today = new Date(),
): boolean | null {
  const issued = time(fields.invoice_date);
  const due = time(fields.due_date);
  if (issued === null && due === null) return null;
  const year = today.getUTCFullYear();
  const inRange = (t: number) => {
    const y = new Date(t).getUTCFullYear();
    return y >= year - YEARS_BACK && y <= year + YEARS_AHEAD;
  };
  if (issued !== null && !inRange(issued)) return false;
  if (due !== null && !inRange(due)) return false;
  if (issued !== null && due !== null) {
    const days = (due - issued) / 86_400_000;
    if (days < 0 || days > MAX_TERM_DAYS) return false;
  }
  return true;
}

export function invoiceChecks(
  fields: InvoiceData["fields"],
  items: readonly InvoiceLineItem[],
  adjustments: Adjustments = NONE,
): Checks {
  const subtotal = amount(fields.subtotal);
  const tax = amount(fields.tax_amount);
  const total = amount(fields.total);
  const amounts = items.map((i) => i.amount);
  const sum = amounts.reduce<number>((s, a) => s + (a ?? 0), 0);
  const itemsCheckable = items.length > 0 && amounts.every((a) => a !== null) && subtotal !== null;
  let totals: boolean | null = null;
  if (subtotal !== null && total !== null) {
    const made = subtotal + (tax ?? 0);
    if (same(made, total) || same(made + adjustments.total, total)) totals = true;
    else if (tax !== null || adjustments.total !== 0) totals = false;
  }
  return {
    line_items_match_subtotal: itemsCheckable
      ? same(sum, subtotal) || same(sum + adjustments.items, subtotal)
      : null,
    subtotal_and_tax_match_total: totals,
    dates_plausible: datesPlausible(fields),
  };
}

const money = (n: number) => n.toFixed(2);

/**
 * How sure the answer is: unsure when a check fails, or no total, date or line
 * item was found (a receipt may have no items: its total is enough).
 */
export function checkInvoice(data: InvoiceData): AnswerCheck {
  const fields = Object.values(data.fields);
  const found = fields.filter((f) => f.value !== null);
  const confidence = found.reduce((s, f) => s + f.confidence, 0) / (found.length || 1);
  const {
    line_items_match_subtotal: items,
    subtotal_and_tax_match_total: totals,
    dates_plausible: dates,
  } = data.checks;
  const { subtotal, tax_amount, total, invoice_date, due_date } = data.fields;
  const sum = data.line_items.reduce((s, i) => s + (i.amount ?? 0), 0);
  // Prices with the tax in them add up to the total, not the subtotal: no
  // error. A receipt's total is enough: its items (a till's rows, read without
  // a header) that do not add up are shown so, but another provider is not
  // asked for them.
  const withTax = typeof total.value === "number" && same(sum, total.value);
  const itemsWrong = items === false && !withTax && data.document_kind !== "receipt";
  const failed = [itemsWrong, totals === false, dates === false].filter(Boolean).length;
  const score = (found.length / fields.length) * confidence * (1 - failed / 4);
  const reasons: string[] = [];
  if (itemsWrong && typeof subtotal.value === "number") {
    reasons.push(`line items add up to ${money(sum)}, the subtotal reads ${money(subtotal.value)}`);
  }
  if (totals === false && typeof total.value === "number") {
    const sum = Number(subtotal.value) + Number(tax_amount.value ?? 0);
    reasons.push(`subtotal and tax make ${money(sum)}, the total reads ${money(total.value)}`);
  }
  if (dates === false) {
    const shown = [invoice_date, due_date]
      .map((f) => f.value)
      .filter((v) => v !== null)
      .join(", due ");
    reasons.push(`the dates cannot be the invoice's (${shown})`);
  }
  if (total.value === null) reasons.push("no total found");
  // Every invoice and till receipt is dated: none read is a misread page (a
  // receipt photographed on wood, its print read as noise), worth another try.
  if (invoice_date.value === null) reasons.push("no date found");
  // Another provider may find the items this one missed.
  if (data.line_items.length === 0 && data.document_kind !== "receipt") {
    reasons.push("no line items found");
  }
  return reasons.length === 0
    ? { confident: true, score }
    : { confident: false, score, reason: reasons.join("; ") };
}
