// Invoice data from an e-invoice's XML (INTERFACE.md, "Invoice data", source
// "embedded_xml"): every value as the XML gives it, with confidence 1, placed
// where the page prints it when there is a page; the XML's own sums checked;
// and the page checked against the XML. Any check that fails makes the answer
// unsure, with the figures in its reason: an e-invoice is certain only when
// it agrees with itself and with its page.
import {
  INVOICE_FIELDS,
  type InvoiceData,
  type InvoiceField,
  type InvoiceLineItem,
  invoiceDataSchema,
  type OcrData,
} from "@/lib/kernel/contract";
import type { EInvoice } from "../../../e-invoice-xml/model";
import { resultPages } from "../../../pages/word-sources";
import type { AnswerCheck } from "../../interface/types";
import { CHECKED, checkPage, type PageCheck, UNCHECKED } from "./page-check";

export interface PageReading {
  /** The page's words (its text layer, or OCR of a scanned page). */
  words: OcrData;
  /** What the provider's own extractor reads on the page, to say what it prints instead. */
  reading: InvoiceData;
}

export interface EmbeddedSource {
  invoice: EInvoice;
  /** The attachment's name when the XML came inside a PDF. */
  fileName?: string;
}

const cents = (n: number) => Math.round(n * 100);
const same = (a: number, b: number) => Math.abs(cents(a) - cents(b)) <= 1;
const money = (n: number) => n.toFixed(2);
const num = (f: InvoiceField) => (typeof f.value === "number" ? f.value : null);

function fieldsOf(invoice: EInvoice, page: PageCheck | undefined): InvoiceData["fields"] {
  const entries = INVOICE_FIELDS.map((name): [typeof name, InvoiceField] => {
    const { value, text } = invoice.fields[name];
    if (value === null) return [name, { value: null, text: "", confidence: 0 }];
    const spot = page?.fields[name];
    return [
      name,
      spot
        ? { value, text: spot.text, confidence: 1, page: spot.page, bbox: spot.bbox }
        : { value, text, confidence: 1 },
    ];
  });
  return Object.fromEntries(entries) as InvoiceData["fields"];
}

/**
 * The XML's line items; when it has none (Factur-X MINIMUM and BASIC WL carry
 * no lines), the ones the extractor read on the page, with their own confidence.
 */
function itemsOf(
  invoice: EInvoice,
  page: PageCheck | undefined,
  reading: InvoiceData | undefined,
): InvoiceLineItem[] {
  if (invoice.line_items.length === 0) return reading?.line_items ?? [];
  return invoice.line_items.map((item, i) => {
    const spot = page?.items[i];
    return { ...item, confidence: 1, ...(spot ? { page: spot.page, bbox: spot.bbox } : {}) };
  });
}

/** The sums, as the XML states them: document allowances and charges lie between lines and tax basis. */
function sums(invoice: EInvoice, fields: InvoiceData["fields"], items: readonly InvoiceLineItem[]) {
  const subtotal = num(fields.subtotal);
  const total = num(fields.total);
  const amounts = items.map((i) => i.amount);
  const itemsCheckable = items.length > 0 && subtotal !== null && amounts.every((a) => a !== null);
  const sum = amounts.reduce<number>((s, a) => s + (a ?? 0), 0);
  const net =
    subtotal === null ? null : subtotal - (invoice.allowances ?? 0) + (invoice.charges ?? 0);
  return {
    sum,
    net,
    line_items_match_subtotal: itemsCheckable ? same(sum, subtotal) : null,
    subtotal_and_tax_match_total:
      net === null || total === null ? null : same(net + (num(fields.tax_amount) ?? 0), total),
  };
}

const LABELS = { total: "total", invoice_number: "invoice number", invoice_date: "invoice date" };

function reasons(
  data: InvoiceData,
  figures: ReturnType<typeof sums>,
  reading: InvoiceData | undefined,
): string[] {
  const out: string[] = [];
  const { subtotal, tax_amount, total } = data.fields;
  if (figures.line_items_match_subtotal === false) {
    out.push(
      `the XML's line items add up to ${money(figures.sum)}, its subtotal is ${money(Number(subtotal.value))}`,
    );
  }
  if (figures.subtotal_and_tax_match_total === false) {
    const made = (figures.net ?? 0) + (num(tax_amount) ?? 0);
    out.push(
      `the XML's subtotal and tax make ${money(made)}, its total is ${money(Number(total.value))}`,
    );
  }
  for (const [name, check] of Object.entries(CHECKED) as [keyof typeof CHECKED, string][]) {
    if (data.checks[check] !== false) continue;
    const xml = data.fields[name].value;
    const printed = reading?.fields[name];
    const instead = printed && printed.value !== null ? ` (the page reads "${printed.text}")` : "";
    const shown = typeof xml === "number" ? money(xml) : String(xml);
    out.push(`the XML's ${LABELS[name]} ${shown} is not printed on the page${instead}`);
  }
  return out;
}

/** The answer from an e-invoice, with its page when it came in a PDF. */
export function answerFromXml(
  source: EmbeddedSource,
  page?: PageReading,
): { data: InvoiceData; check: AnswerCheck } {
  const { invoice } = source;
  const checked = page ? checkPage(invoice, page.words) : undefined;
  const fields = fieldsOf(invoice, checked);
  const line_items = itemsOf(invoice, checked, page?.reading);
  const figures = sums(invoice, fields, line_items);
  const data = invoiceDataSchema.parse({
    fields,
    line_items,
    checks: {
      line_items_match_subtotal: figures.line_items_match_subtotal,
      subtotal_and_tax_match_total: figures.subtotal_and_tax_match_total,
      ...(checked?.checks ?? UNCHECKED),
    },
    text: page?.words.text ?? "",
    pages: page ? resultPages(page.words.pages) : [],
    document_kind: "invoice",
    source: "embedded_xml",
    e_invoice: {
      syntax: invoice.syntax,
      profile: invoice.profile,
      type: invoice.type,
      attachment: source.fileName ?? null,
      amount_due: invoice.payable,
    },
  });
  const why = reasons(data, figures, page?.reading);
  const failed = Object.values(data.checks).filter((c) => c === false).length;
  const score = Math.max(0.1, 1 - failed / 5);
  return {
    data,
    check:
      why.length === 0
        ? { confident: true, score: 1 }
        : { confident: false, score, reason: why.join("; ") },
  };
}
