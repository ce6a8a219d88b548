// What cii.ts and ubl.ts read from an e-invoice, before it becomes invoice
// data (answer.ts): each field's value with the XML text it came from, the
// line items, and the figures the checks need beyond the contract's fields.
import type { InvoiceFieldName } from "@/lib/kernel/contract";
import { attributeOf, textOf, type XmlElement } from "./xml";

export interface XmlValue {
  value: string | number | null;
  /** The text as written in the XML ("20260314", "1190.00"); "" when absent. */
  text: string;
}

export interface EInvoiceLine {
  description: string;
  quantity: number | null;
  /** Net price of one unit (the XML's price divided by its base quantity). */
  unit_price: number | null;
  /** Net line amount. */
  amount: number | null;
}

export interface EInvoice {
  syntax: "CII" | "UBL";
  /** The specification the document says it follows (Factur-X profile, XRechnung, Peppol BIS), if it says. */
  profile: string | null;
  type: "invoice" | "credit_note";
  fields: Record<InvoiceFieldName, XmlValue>;
  line_items: EInvoiceLine[];
  /** Document-level allowances and charges (EN 16931 BT-107, BT-108): between the lines' sum and the tax basis. */
  allowances: number | null;
  charges: number | null;
  /** Amount due for payment (BT-115): the total less prepaid amounts, plus rounding. */
  payable: number | null;
}

export const ABSENT: XmlValue = { value: null, text: "" };

/** An XML decimal ("1190.00", "-5", "0.125"); null when absent or not a decimal. */
export function decimal(element: XmlElement | undefined): number | null {
  const text = textOf(element);
  return text !== undefined && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : null;
}

export function amountValue(element: XmlElement | undefined): XmlValue {
  const value = decimal(element);
  return value === null ? ABSENT : { value, text: textOf(element) ?? "" };
}

export function textValue(text: string | undefined): XmlValue {
  const value = text?.replace(/\s+/g, " ").trim();
  return value ? { value, text: text ?? value } : ABSENT;
}

const isRealDate = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/**
 * A date as YYYY-MM-DD: CII's `DateTimeString` in format 102 (YYYYMMDD) or UBL's
 * xs:date (YYYY-MM-DD, maybe with a time zone). Other formats (610: a month) name no day.
 */
export function dateValue(element: XmlElement | undefined): XmlValue {
  const text = textOf(element);
  const format = attributeOf(element, "format");
  if (text === undefined || (format !== undefined && format !== "102")) return ABSENT;
  const match = /^(\d{4})-?(\d{2})-?(\d{2})(?:Z|[+-]\d{2}:\d{2})?$/.exec(text);
  if (!match) return ABSENT;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isRealDate(y, m, d)) return ABSENT;
  return { value: `${match[1]}-${match[2]}-${match[3]}`, text };
}

/** An ISO 4217 code as written (three capitals), else absent. */
export function currencyValue(text: string | undefined): XmlValue {
  return text && /^[A-Z]{3}$/.test(text) ? { value: text, text } : ABSENT;
}

/** A price per unit: the price over its base quantity (12.00 per 100 pieces is 0.12). */
export function unitPrice(price: number | null, baseQuantity: number | null): number | null {
  if (price === null) return null;
  if (baseQuantity === null || baseQuantity === 0 || baseQuantity === 1) return price;
  return Math.round((price / baseQuantity) * 1e6) / 1e6;
}

/** Countries that write city, state and postcode in that order ("Fremont CA 94538"). */
const CITY_STATE_POSTCODE: ReadonlySet<string> = new Set(["US", "CA", "AU"]);

/**
 * A postal address on one line, as the page extractors write one: street
 * lines, then postcode and city, or city, state and postcode where the
 * country writes them so (`region`: its ISO country code and its state's code).
 */
export function addressValue(
  lines: readonly (string | undefined)[],
  postcode: string | undefined,
  city: string | undefined,
  region: { country?: string; state?: string } = {},
): XmlValue {
  const state = region.state && /^[A-Z]{2,3}$/.test(region.state) ? region.state : undefined;
  const place = CITY_STATE_POSTCODE.has(region.country?.toUpperCase() ?? "")
    ? [city, state, postcode].filter(Boolean).join(" ")
    : [postcode, city].filter(Boolean).join(" ");
  return textValue([...lines, place].filter(Boolean).join(", "));
}

/**
 * A line that carries no goods: no quantity, price or amount (a section's
 * heading or a note between the lines, as some ERPs write them).
 */
export const isNoteLine = (line: EInvoiceLine) =>
  (line.quantity ?? 0) === 0 && (line.amount ?? 0) === 0 && (line.unit_price ?? 0) === 0;

/** The amount among several (one per currency) that is in `currency`, else the first. */
export function inCurrency(
  amounts: readonly XmlElement[],
  currency: XmlValue,
): XmlElement | undefined {
  return amounts.find((a) => attributeOf(a, "currencyID") === currency.value) ?? amounts[0];
}
