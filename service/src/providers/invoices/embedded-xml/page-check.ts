// The page's own text checked against the XML: each value the XML gives is
// looked for where it is printed (amounts in any print format, dates in any
// order, the number and names as words), so the answer can point at it, and
// the total, the number and the invoice date must be there: an e-invoice whose
// page says otherwise is not trusted silently (answer.ts reports it).
import type { BBox, InvoiceFieldName, OcrData } from "@/lib/kernel/contract";
import type { EInvoice, EInvoiceLine } from "../../../e-invoice-xml/model";
import { union } from "../../../layout/geometry";
import { type DateOrder, findAmounts, findCurrency, findDate } from "../normalise";
import { type Cell, ownBox, type PageRows, type Piece, pageRows, piece, type Row } from "../rows";

/** Where a value is printed. */
export interface Spot {
  page: number;
  bbox: BBox;
  /** As printed. */
  text: string;
}

/** The values that must be on the page, each with its check's name. */
export const CHECKED = {
  total: "total_on_page",
  invoice_number: "invoice_number_on_page",
  invoice_date: "invoice_date_on_page",
} as const satisfies Partial<Record<InvoiceFieldName, string>>;

export type PageChecks = Record<(typeof CHECKED)[keyof typeof CHECKED], boolean | null>;

export interface PageCheck {
  fields: Partial<Record<InvoiceFieldName, Spot>>;
  /** Each XML line item's row on the page, by index. */
  items: (Spot | undefined)[];
  checks: PageChecks;
}

/** Nothing checked: no page (an uploaded XML file), or a page without any words. */
export const UNCHECKED: PageChecks = {
  total_on_page: null,
  invoice_number_on_page: null,
  invoice_date_on_page: null,
};

const cents = (n: number) => Math.round(Math.abs(n) * 100);

function spotOf(found: Piece): Spot | undefined {
  if (found.words.length === 0) return undefined;
  return { page: found.cell.page, bbox: union(found.words.map((w) => w.bbox)), text: found.text };
}

function allCells(pages: readonly PageRows[]): Cell[] {
  return pages.flatMap((p) => p.rows.flatMap((r) => r.cells));
}

/** Every printed amount equal to `value` (a credit note may print it negative). */
function amountSpots(cells: readonly Cell[], value: number): Spot[] {
  return cells.flatMap((cell) =>
    findAmounts(cell.text)
      .filter((a) => cents(a.value) === cents(value))
      .flatMap((a) => spotOf(piece(cell, a.index, a.text.length)) ?? []),
  );
}

/** Every printed date that reads as `value` (YYYY-MM-DD) in either order of day and month. */
function dateSpots(cells: readonly Cell[], value: string): Spot[] {
  const orders: DateOrder[] = ["dmy", "mdy"];
  return cells.flatMap((cell) => {
    for (const order of orders) {
      let from = 0;
      for (;;) {
        const found = findDate(cell.text.slice(from), order);
        if (!found) break;
        const index = from + found.index;
        if (found.value === value) {
          const spot = spotOf(piece(cell, index, found.text.length));
          if (spot) return [spot];
        }
        from = index + found.text.length;
      }
    }
    return [];
  });
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Every place `text` is printed as whole words (any case, any spacing between its words). */
function textSpots(cells: readonly Cell[], text: string): Spot[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])${words.map(escapeRegExp).join("\\s*")}(?![\\p{L}\\p{N}])`,
    "iu",
  );
  return cells.flatMap((cell) => {
    const match = pattern.exec(cell.text);
    return match ? (spotOf(piece(cell, match.index, match[0].length)) ?? []) : [];
  });
}

const sameSpot = (a: Spot, b: Spot | undefined) =>
  b !== undefined && a.page === b.page && a.bbox.x0 === b.bbox.x0 && a.bbox.y0 === b.bbox.y0;

/** The currency's code or sign on the total's row, else the first printed. */
function currencySpot(
  cells: readonly Cell[],
  code: string,
  total: Spot | undefined,
): Spot | undefined {
  const spots = cells.flatMap((cell) => {
    const found = findCurrency(cell.text);
    const spot =
      found?.value === code ? spotOf(piece(cell, found.index, found.text.length)) : undefined;
    return spot ? [spot] : [];
  });
  const onTotal = spots.find(
    (s) =>
      total && s.page === total.page && s.bbox.y0 <= total.bbox.y1 && s.bbox.y1 >= total.bbox.y0,
  );
  return onTotal ?? spots[0];
}

/** A line item's row: after the previous item's, printing its amount and a word of its description. */
function itemRows(rows: readonly Row[], items: readonly EInvoiceLine[]): (Spot | undefined)[] {
  let next = 0;
  return items.map((item) => {
    const word = item.description
      .toLowerCase()
      .split(/\s+/)
      .find((w) => /\p{L}{3}/u.test(w));
    for (let i = next; i < rows.length; i++) {
      const row = rows[i];
      if (!row) continue;
      const text = row.cells.map((c) => c.text).join(" ");
      const amount =
        item.amount === null ||
        findAmounts(text).some(
          (a) => item.amount !== null && cents(a.value) === cents(item.amount),
        );
      if (!amount || (word !== undefined && !text.toLowerCase().includes(word))) continue;
      next = i + 1;
      return { page: row.page, bbox: ownBox(row.cells), text };
    }
    return undefined;
  });
}

/** The XML's values found on the page, and whether the ones that must be there are. */
export function checkPage(invoice: EInvoice, words: OcrData): PageCheck {
  const pages = words.pages.map(pageRows);
  const cells = allCells(pages);
  if (cells.length === 0)
    return { fields: {}, items: invoice.line_items.map(() => undefined), checks: UNCHECKED };
  const { fields: xml } = invoice;
  const spots: Partial<Record<InvoiceFieldName, Spot>> = {};
  const amount = (name: "subtotal" | "tax_amount" | "total") => {
    const { value } = xml[name];
    // Totals come after the items: the last printing of the amount is the total's.
    if (typeof value === "number") spots[name] = amountSpots(cells, value).at(-1);
  };
  amount("total");
  amount("subtotal");
  amount("tax_amount");
  const { invoice_date, due_date, currency } = xml;
  if (typeof invoice_date.value === "string")
    spots.invoice_date = dateSpots(cells, invoice_date.value)[0];
  if (typeof due_date.value === "string") {
    const found = dateSpots(cells, due_date.value);
    spots.due_date = found.find((s) => !sameSpot(s, spots.invoice_date)) ?? found[0];
  }
  for (const name of ["invoice_number", "supplier_name", "customer_name"] as const) {
    const { value } = xml[name];
    if (typeof value === "string") spots[name] = textSpots(cells, value)[0];
  }
  if (typeof currency.value === "string")
    spots.currency = currencySpot(cells, currency.value, spots.total);
  const checks = { ...UNCHECKED };
  for (const [name, check] of Object.entries(CHECKED) as [
    keyof typeof CHECKED,
    keyof PageChecks,
  ][]) {
    if (xml[name].value !== null) checks[check] = spots[name] !== undefined;
  }
  return {
    fields: spots,
    items: itemRows(
      pages.flatMap((p) => p.rows),
      invoice.line_items,
    ),
    checks,
  };
}
