// Reading invoice data for people: field labels, amounts and dates as a
// person writes them, the checks in plain words, and the CSV downloads.

import { type CsvValue, toCsv } from "@/lib/export/csv";
import type { InvoiceData, InvoiceField, InvoiceFieldName } from "@/lib/kernel/contract";
import type { CheckItem, CheckState } from "./checks";
import { formatConfidence } from "./ocr-text";

/**
 * A field given less confidence than this is marked "check this": the service's
 * confidence is the chance a field is right, and from 0.9 on it is right nearly always.
 */
export const FIELD_SURE = 0.9;

/** Whether a found field should be checked against the document before it is used. */
export const needsCheck = (field: InvoiceField) =>
  field.value !== null && field.confidence < FIELD_SURE;

export const FIELD_LABEL: Record<InvoiceFieldName, string> = {
  supplier_name: "Supplier",
  supplier_address: "Supplier address",
  customer_name: "Customer",
  customer_address: "Customer address",
  invoice_number: "Invoice number",
  invoice_date: "Invoice date",
  due_date: "Due date",
  currency: "Currency",
  subtotal: "Subtotal",
  tax_amount: "Tax",
  total: "Total",
};

const AMOUNTS = new Set<InvoiceFieldName>(["subtotal", "tax_amount", "total"]);
const DATES = new Set<InvoiceFieldName>(["invoice_date", "due_date"]);

/** A fixed locale and UTC, so the server's and the browser's rendering agree. */
const DATE_FORMAT = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "2026-03-03" → "3 March 2026"; anything else as it came. */
export function formatDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? value : DATE_FORMAT.format(date);
}

/** 2418.75 with "USD" → "$2,418.75"; with no usable code → "2,418.75". Sub-cent unit prices keep their digits. */
export function formatAmount(value: number, currency: string | null): string {
  if (currency && /^[A-Z]{3}$/.test(currency)) {
    try {
      return new Intl.NumberFormat("en-US", {
        style: "currency",
        currency,
        maximumFractionDigits: 4,
      }).format(value);
    } catch {
      // A code Intl does not know: plain number below.
    }
  }
  return new Intl.NumberFormat("en-US", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  }).format(value);
}

export function invoiceCurrency(data: InvoiceData): string | null {
  const value = data.fields.currency.value;
  return typeof value === "string" ? value : null;
}

/** A field's value as a person reads it, or null when the field was not found. */
export function displayValue(
  name: InvoiceFieldName,
  field: InvoiceField,
  currency: string | null,
): string | null {
  const { value } = field;
  if (value === null || value === "") return null;
  if (AMOUNTS.has(name) && typeof value === "number") return formatAmount(value, currency);
  if (DATES.has(name) && typeof value === "string") return formatDate(value);
  return String(value);
}

export interface CheckLine extends CheckItem {
  id:
    | "line_items_match_subtotal"
    | "subtotal_and_tax_match_total"
    | "dates_plausible"
    | "total_on_page"
    | "invoice_number_on_page"
    | "invoice_date_on_page";
  state: CheckState;
  text: string;
}

const sum = (values: readonly number[]) =>
  // Cents, so 0.1 + 0.2 reads as 0.30.
  Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;

function numberOf(field: InvoiceField): number | null {
  return typeof field.value === "number" ? field.value : null;
}

/** The service's checks, said in words, with the figures that disagree. */
export function checkLines(data: InvoiceData): CheckLine[] {
  const currency = invoiceCurrency(data);
  const money = (n: number) => formatAmount(n, currency);
  const { fields, checks } = data;
  const subtotal = numberOf(fields.subtotal);
  const tax = numberOf(fields.tax_amount);
  const total = numberOf(fields.total);
  const amounts = data.line_items.flatMap((item) => (item.amount === null ? [] : [item.amount]));

  const items: CheckLine = { id: "line_items_match_subtotal", state: "unknown", text: "" };
  if (checks.line_items_match_subtotal === true) {
    items.state = "ok";
    items.text = "Line items add up to the subtotal";
  } else if (checks.line_items_match_subtotal === false) {
    items.state = "wrong";
    items.text =
      subtotal === null
        ? "Line items do not add up to the subtotal"
        : `Line items add up to ${money(sum(amounts))}, but the subtotal says ${money(subtotal)}`;
  } else {
    items.text =
      data.line_items.length === 0
        ? "No line items were found, so they could not be checked against the subtotal"
        : "Line items could not be checked against the subtotal: a figure is missing";
  }

  const totals: CheckLine = { id: "subtotal_and_tax_match_total", state: "unknown", text: "" };
  if (checks.subtotal_and_tax_match_total === true) {
    totals.state = "ok";
    totals.text = "Subtotal plus tax equals the total";
  } else if (checks.subtotal_and_tax_match_total === false) {
    totals.state = "wrong";
    totals.text =
      subtotal === null || total === null
        ? "Subtotal plus tax does not equal the total"
        : `Subtotal plus tax comes to ${money(sum([subtotal, tax ?? 0]))}, but the total says ${money(total)}`;
  } else {
    totals.text = "Subtotal, tax and total could not be checked: a figure is missing";
  }
  return [items, totals, ...optionalChecks(data)];
}

/**
 * The checks a service may add (INTERFACE.md, "Invoice data"): shown only when the
 * answer carries them, so a service without them shows the two above alone.
 */
const OPTIONAL_CHECKS: readonly {
  id: Exclude<CheckLine["id"], "line_items_match_subtotal" | "subtotal_and_tax_match_total">;
  ok: string;
  wrong: string;
  unknown: string;
}[] = [
  {
    id: "dates_plausible",
    ok: "The dates can be this invoice's",
    wrong: "A date cannot be right: it is decades away, or due before the invoice was issued",
    unknown: "The dates could not be checked",
  },
  {
    id: "total_on_page",
    ok: "The page prints the same total as the e-invoice data",
    wrong: "The page prints a different total from the e-invoice data",
    unknown: "There is no page to check the total against",
  },
  {
    id: "invoice_number_on_page",
    ok: "The page prints the same invoice number as the e-invoice data",
    wrong: "The page prints a different invoice number from the e-invoice data",
    unknown: "There is no page to check the invoice number against",
  },
  {
    id: "invoice_date_on_page",
    ok: "The page prints the same invoice date as the e-invoice data",
    wrong: "The page prints a different invoice date from the e-invoice data",
    unknown: "There is no page to check the invoice date against",
  },
];

function optionalChecks(data: InvoiceData): CheckLine[] {
  return OPTIONAL_CHECKS.flatMap(({ id, ok, wrong, unknown }): CheckLine[] => {
    const value = data.checks[id];
    if (value === undefined) return [];
    if (value === true) return [{ id, state: "ok", text: ok }];
    if (value === false) return [{ id, state: "wrong", text: wrong }];
    return [{ id, state: "unknown", text: unknown }];
  });
}

/** Where the answer came from, in words: the e-invoice data inside the file, when it did. */
export function sourceNote(data: InvoiceData): string | null {
  if (data.source !== "embedded_xml") return null;
  const info = data.e_invoice;
  const kind = info?.type === "credit_note" ? "credit note" : "invoice";
  const format = info ? (info.syntax === "CII" ? "Factur-X / ZUGFeRD CII" : "UBL") : "";
  const from = info?.attachment ? ` (${info.attachment}, ${format})` : info ? ` (${format})` : "";
  return `Read from the electronic ${kind} data inside this file${from}, not from the page's print: every value is exactly as the seller's system wrote it.`;
}

/** Every field as a row: what it is, its value, how it was printed, where and how sure. */
export function fieldsCsv(data: InvoiceData): string {
  const rows: CsvValue[][] = [["Field", "Value", "As printed", "Page", "Confidence"]];
  for (const [name, label] of Object.entries(FIELD_LABEL) as [InvoiceFieldName, string][]) {
    const field = data.fields[name];
    rows.push([
      label,
      field.value,
      field.text,
      field.value === null ? null : (field.page ?? null),
      field.value === null ? null : formatConfidence(field.confidence),
    ]);
  }
  return toCsv(rows);
}

export function lineItemsCsv(data: InvoiceData): string {
  return toCsv([
    ["Description", "Quantity", "Unit price", "Amount"],
    ...data.line_items.map((item) => [
      item.description,
      item.quantity,
      item.unit_price,
      item.amount,
    ]),
  ]);
}
