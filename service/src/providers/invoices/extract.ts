// Two ways from a document's words to invoice data (INTERFACE.md, "Invoice data"):
//
// - by layout: totals by their labels (the last "Total" with an amount beside
//   it), line items from the table under a header row (line-items.ts);
// - by patterns: line items are the rows that end in an amount, with a
//   quantity and a unit price whose product it is; the totals are the amounts
//   after them where one plus another makes a third (subtotal + tax = total),
//   the subtotal preferably the items' sum; the earlier of the first two dates
//   is the invoice date, the later the due date.
//
// Both read the invoice number and the parties by their labels (labelled.ts),
// and the currency from the total's sign or code, else the one printed most.
import type { InvoiceData, InvoiceField, InvoiceLineItem, OcrData } from "@/lib/kernel/contract";
import { mean } from "../../layout/geometry";
import { resultPages } from "../../pages/word-sources";
import { type Adjustments, invoiceChecks } from "./checks";
import { documentKind } from "./document-kind";
import {
  type LabelledCell,
  labelledCells,
  labelledValue,
  readDate,
  readInvoiceNumber,
} from "./labelled";
import { fold, isSummaryLine, matchLabel } from "./labels";
import { findItemTable } from "./line-items";
import {
  type DateOrder,
  dateOrder,
  type Found,
  findAmounts,
  findCurrency,
  findCurrencyWord,
  findDate,
  hasDecimals,
} from "./normalise";
import { findParties, legalForm } from "./parties";
import {
  type Cell,
  field,
  NOT_FOUND,
  ownBox,
  type PageRows,
  pageRows,
  piece,
  type Row,
} from "./rows";
import { cashRounded, findTotals, labelledAmounts, sumFields } from "./totals";

export type Extractor = (words: OcrData) => InvoiceData;

const cents = (n: number) => Math.round(n * 100);

interface Document {
  pages: PageRows[];
  labels: LabelledCell[];
  cells: Cell[];
}

function read(words: OcrData): Document {
  const pages = words.pages.map(pageRows);
  const cells = pages.flatMap((p) => p.rows.flatMap((r) => r.cells));
  return { pages, labels: labelledCells(pages), cells };
}

/** Every currency the page prints, cell by cell. */
function printedCurrencies(doc: Document) {
  return doc.cells.flatMap((cell) => {
    const found = findCurrency(cell.text);
    // "BHD" of "SDN BHD" is a company's legal form, not Bahrain's dinar.
    const form = legalForm(cell.text);
    if (found && form && found.index >= form.index && found.index < form.end) return [];
    return found ? [{ cell, found }] : [];
  });
}

/** The one printed most often (the first of those printed as often). */
function mostPrinted<T extends { found: { value: string } }>(all: readonly T[]): T | undefined {
  const counts = new Map<string, number>();
  for (const { found } of all) counts.set(found.value, (counts.get(found.value) ?? 0) + 1);
  return [...all].sort(
    (a, b) => (counts.get(b.found.value) ?? 0) - (counts.get(a.found.value) ?? 0),
  )[0];
}

/** The total's currency, else the one printed most often. */
function currency(doc: Document, total: InvoiceField): InvoiceField {
  const all = printedCurrencies(doc);
  const onTotal = all.find(({ cell }) => {
    const box = ownBox([cell]);
    return (
      total.bbox !== undefined &&
      cell.page === total.page &&
      box.y0 <= total.bbox.y1 &&
      box.y1 >= total.bbox.y0
    );
  });
  const chosen = onTotal ?? mostPrinted(all);
  if (!chosen) {
    // No sign or code anywhere: the amount in words ("... pounds and 26 pence").
    for (const cell of doc.cells) {
      const word = findCurrencyWord(cell.text);
      if (word) return field(word.value, [piece(cell, word.index, word.text.length)]);
    }
    return NOT_FOUND;
  }
  return field(chosen.found.value, [
    piece(chosen.cell, chosen.found.index, chosen.found.text.length),
  ]);
}

/** Whether a field was read from (part of) a cell: their boxes on the page as sent overlap. */
function overlaps(f: InvoiceField, c: Cell): boolean {
  const box = ownBox([c]);
  return (
    f.bbox !== undefined &&
    f.page === c.page &&
    f.bbox.x0 < box.x1 &&
    f.bbox.x1 > box.x0 &&
    f.bbox.y0 < box.y1 &&
    f.bbox.y1 > box.y0
  );
}

/** A card's expiry printed on a receipt ("Date d'expiration: 31/05/18", "EXP 05/18"): no date of the sale. */
const EXPIRY =
  /(?<!\p{L})(?:expir\p{L}*|exp\.?(?= ?[\d:])|valid(?:e|ity)? (?:thru|through|until)|ablauf\p{L}*|gultig bis|validite|caducidad|vencimiento tarjeta|scadenza carta)(?!\p{L})/u;

/** Dates in reading order, each as a field. */
function dates(doc: Document, order: DateOrder): InvoiceField[] {
  return doc.cells.flatMap((cell) => {
    if (EXPIRY.test(fold(cell.text))) return [];
    // Every date of the cell: an engine may read a row of values as one line.
    const out: InvoiceField[] = [];
    let from = 0;
    for (;;) {
      const found = findDate(cell.text.slice(from), order);
      if (!found) return out;
      const index = from + found.index;
      out.push(field(found.value, [piece(cell, index, found.text.length)]));
      from = index + found.text.length;
    }
  });
}

/** Number, parties and the fields both extractors share, around what each found itself. */
function assemble(
  words: OcrData,
  doc: Document,
  found: {
    invoice_date: InvoiceField;
    due_date: InvoiceField;
    subtotal: InvoiceField;
    tax_amount: InvoiceField;
    total: InvoiceField;
    line_items: InvoiceLineItem[];
    /** Where the line items start: the supplier is above. */
    top: number;
    adjustments?: Adjustments;
    /** Whether a cell is part of the line items (their header too): no party's name. */
    inItems?: (cell: Cell) => boolean;
  },
): InvoiceData {
  const { line_items, top, adjustments, inItems, ...rest } = found;
  const invoice_number = readInvoiceNumber(doc.pages, doc.labels);
  const customerLabel = doc.labels.find((l) => l.label.kind === "customer");
  const known = [invoice_number, ...Object.values(rest)];
  const above = Math.min(top, customerLabel?.cell.bbox.y0 ?? top);
  const kind = documentKind(doc.pages, doc.labels, found.due_date);
  const { supplier, customer } = findParties(
    doc.pages,
    doc.labels,
    top,
    above,
    (c) => known.some((f) => overlaps(f, c)),
    inItems,
    kind === "receipt",
  );
  const [supplier_name, supplier_address] = supplier;
  const [customer_name, customer_address] = customer;
  const fields = {
    supplier_name,
    supplier_address,
    customer_name,
    customer_address,
    invoice_number,
    currency: currency(doc, found.total),
    ...rest,
  };
  return {
    fields,
    line_items,
    checks: invoiceChecks(fields, line_items, adjustments),
    text: words.text,
    pages: resultPages(words.pages),
    document_kind: kind,
  };
}

/**
 * The page's date order, by its dates, its address and the currency it
 * prints most often (a sign misread once, "$6" on a Spanish slip of euros,
 * does not make its dates month first).
 */
function order(doc: Document): DateOrder {
  const common = mostPrinted(printedCurrencies(doc))?.found.value ?? null;
  return dateOrder(doc.cells.map((c) => c.text).join("\n"), common);
}

/**
 * Invoice and due date by their labels; else the date in the invoice number's
 * heading ("Facture n° 562 du 02 juillet 2015"), else the first date.
 */
function labelledDates(doc: Document, dateOrder: DateOrder) {
  const reader = readDate(dateOrder);
  const due_date = labelledValue(doc.pages, doc.labels, "due_date", reader, { down: true });
  let invoice_date = labelledValue(doc.pages, doc.labels, "invoice_date", reader, { down: true });
  const due = due_date.value === null ? sentenceDue(doc, dateOrder) : due_date;
  if (invoice_date.value === null) invoice_date = headingDate(doc, dateOrder);
  if (invoice_date.value === null) {
    invoice_date = dates(doc, dateOrder).find((d) => d.value !== due.value) ?? NOT_FOUND;
  }
  // A due date cannot come before the invoice's: a misread label ("sue date") swapped them.
  if (String(due.value ?? "9") < String(invoice_date.value ?? "0")) {
    return { invoice_date: due, due_date: invoice_date };
  }
  return { invoice_date, due_date: due };
}

/** Words that say a date in a sentence is the due date ("Zahlbar ... bis zum 15.04.2019"). */
const DUE_IN_SENTENCE =
  /(?<!\p{L})(?:payable|due|pay(?:ment)? by|zahlbar|fallig|bis zum|a payer|avant le|au plus tard le|echeance|te betalen|uiterlijk|vence|vencimiento|pagar antes|scadenza|entro il|pagar ate|vencimento)(?!\p{L})/u;

/** A due date said in a sentence, after the words that say so. */
function sentenceDue(doc: Document, dateOrder: DateOrder): InvoiceField {
  for (const cell of doc.cells) {
    const said = DUE_IN_SENTENCE.exec(fold(cell.text));
    if (!said) continue;
    const from = said.index + said[0].length;
    const date = findDate(cell.text.slice(from), dateOrder);
    if (date) return field(date.value, [piece(cell, from + date.index, date.text.length)]);
  }
  return NOT_FOUND;
}

/** A date in the cell that labels the invoice's number, after the label. */
function headingDate(doc: Document, dateOrder: DateOrder): InvoiceField {
  for (const { cell, label } of doc.labels) {
    if (label.kind !== "invoice_number") continue;
    const date = findDate(cell.text.slice(label.end), dateOrder);
    if (date) return field(date.value, [piece(cell, label.end + date.index, date.text.length)]);
  }
  return NOT_FOUND;
}

/** A till's quantity line: "2 Stk x 2,99", "0,410 kg x 1,99 EUR/kg 0,82". */
const QUANTITY_LINE =
  /^\s*(\d+(?:[.,]\d+)?)\s*(?:stk|st|pcs?|pc|kg|g|l|x)?\.?\s*[x×@]\s*(\d+[.,]\d{2})(?:\s*\S*\/\s*\p{L}+)?(?:\s+(-?\d+[.,]\d{2}-?))?\s*[A-Z]?\s*$/iu;

/**
 * A receipt's items when no header names their columns: the rows before its
 * first sum or payment line that end in an amount (as by patterns). A till's
 * quantity line ("2 Stk x 2,99") is no item: under a line of words alone,
 * with its amount, it is that item; else it gives the quantity and unit price
 * of the item next to it whose amount they make.
 */
function receiptItems(doc: Document): { rows: Row[]; items: InvoiceLineItem[] } {
  const rows: Row[] = [];
  const items: InvoiceLineItem[] = [];
  let words: Row | undefined;
  let pending: { quantity: number; unit_price: number } | undefined;
  const made = (q: { quantity: number; unit_price: number }, item: InvoiceLineItem | undefined) =>
    item?.amount != null && cents(q.quantity * q.unit_price) === cents(item.amount);
  for (const row of doc.pages.flatMap((p) => p.rows)) {
    if (row.cells.some((c) => TOTALS.has(matchLabel(c.text)?.kind ?? ""))) break;
    const text = row.cells.map((c) => c.text).join(" ");
    const line = QUANTITY_LINE.exec(text);
    const number = (n: string | undefined) => (n ? findAmounts(n)[0]?.value : undefined);
    const [quantity, unit_price] = [number(line?.[1]), number(line?.[2])];
    const counted = quantity !== undefined && unit_price !== undefined;
    const last = items.at(-1);
    let item: InvoiceLineItem | undefined;
    if (line?.[3] && words) {
      item = patternItem({ ...row, cells: [...words.cells, ...row.cells] });
      if (item) rows.push(words);
    } else if (counted && made({ quantity, unit_price }, last) && last) {
      Object.assign(last, { quantity, unit_price });
      rows.push(row);
    } else if (counted) pending = { quantity, unit_price };
    else item = patternItem(row);
    if (item) {
      if (pending && made(pending, item)) Object.assign(item, pending);
      if (counted) Object.assign(item, { quantity, unit_price });
      rows.push(row);
      items.push(item);
      pending = undefined;
    }
    words = !line && findAmounts(text).length === 0 ? row : undefined;
  }
  return { rows, items };
}

export const extractByLayout: Extractor = (words) => {
  const doc = read(words);
  const table = findItemTable(doc.pages);
  const dated = labelledDates(doc, order(doc));
  const receipt =
    !table && documentKind(doc.pages, doc.labels, dated.due_date) === "receipt"
      ? receiptItems(doc)
      : undefined;
  const itemRows = table?.rows ?? receipt?.rows ?? [];
  const inTable = (c: Cell) => itemRows.some((r) => r.page === c.page && r.index === c.row);
  const header = table?.header;
  const inItems = (c: Cell) => inTable(c) || (c.page === header?.page && c.row === header.index);
  const totals = findTotals(doc.pages, doc.labels, inTable);
  return assemble(words, doc, {
    ...dated,
    subtotal: totals.subtotal,
    tax_amount: totals.tax_amount,
    total: totals.total,
    line_items: table?.items ?? receipt?.items ?? [],
    top: table?.header.bbox.y0 ?? Number.POSITIVE_INFINITY,
    adjustments: { items: totals.itemAdjustment, total: totals.totalAdjustment },
    inItems,
  });
};

// ---- by patterns ----

interface Money {
  value: number;
  field: InvoiceField;
  row: Row;
}

function moneyIn(row: Row): Money[] {
  return row.cells.flatMap((cell) =>
    findAmounts(cell.text)
      .filter(hasDecimals)
      .map((a) => ({
        value: a.value,
        row,
        field: field(a.value, [piece(cell, a.index, a.text.length)]),
      })),
  );
}

/** Lines that are no item: the sums, and how a receipt was paid (cash, change, a card). */
const TOTALS = new Set(["subtotal", "tax_amount", "total", "payment"]);

/**
 * A row that reads as a line item: words, then numbers ending in an amount
 * with decimals; the quantity and unit price are the two numbers before it
 * whose product it is. Read on the row's text, not its cells, since an
 * engine that finds whole lines (PaddleOCR) leaves no gaps between columns.
 */
function patternItem(row: Row): InvoiceLineItem | undefined {
  const text = row.cells.map((c) => c.text).join(" ");
  const label = matchLabel(text)?.kind;
  if (label && TOTALS.has(label)) return undefined;
  // A discount, shipping or rounding line with nothing but its label and amounts.
  if (isSummaryLine(text)) return undefined;
  // A date makes no item but in a first column of dates (a hotel's folio, a statement).
  const date = findDate(text);
  if (date && date.index > 0) return undefined;
  const dated = date ? date.index + date.text.length : 0;
  // Numbers cell by cell: a gap between cells parts "3" from "204,79".
  let offset = 0;
  const numbers = row.cells.flatMap((cell) => {
    const found = findAmounts(cell.text).map((n) => ({ ...n, index: n.index + offset }));
    offset += cell.text.length + 1;
    return found;
  });
  const amount = numbers.at(-1);
  const tail = amount && text.slice(amount.index + amount.text.length);
  if (!amount || !hasDecimals(amount) || !/^[\s€$£¥A-Z]*$/.test(tail ?? "")) return undefined;
  const before = numbers.slice(0, -1);
  // The latest such pair: an item number or a number in the description
  // ("Network switch 24-port") comes before the quantity.
  let used: Found<number>[] = [];
  for (const q of before) {
    for (const u of before) {
      if (q === u || cents(q.value * u.value) !== cents(amount.value)) continue;
      const at = Math.min(q.index, u.index);
      if (used.length === 0 || at > Math.min(...used.map((n) => n.index))) {
        used = q.index < u.index ? [q, u] : [u, q];
      }
    }
  }
  const start = Math.min(amount.index, ...used.map((n) => n.index));
  // Before the numbers: the description, after an item number ("1", "2.").
  if (start < dated) return undefined;
  const description = text
    .slice(dated, start)
    .replace(/^\d{1,3}[.)]?\s+/, "")
    .trim();
  if (!/\p{L}{3}/u.test(description)) return undefined;
  // The quantity is the one printed without decimals, else the first.
  const [quantity, unit] = used[0] && hasDecimals(used[0]) ? [...used].reverse() : used;
  const words = row.cells.flatMap((c) => c.words);
  return {
    description,
    quantity: quantity?.value ?? null,
    unit_price: unit?.value ?? null,
    amount: amount.value,
    page: row.page,
    bbox: ownBox(row.cells),
    confidence: Math.round(mean(words.map((w) => w.confidence)) * 1000) / 1000,
  };
}

/**
 * Subtotal, tax and total among the amounts after the items: a + b = c; the
 * one whose subtotal is the items' sum, else one whose total a total's
 * label names (a till's tax table adds up rate by rate: "A 7 % 0,58 8,22
 * 8,80" is one rate's, "Summe 2,33 17,44 19,77" is "zu zahlen 19,77"), else
 * the first, when no label names a total.
 */
function patternTotals(
  amounts: readonly Money[],
  itemsSum: number | null,
  labelledTotals: ReadonlySet<number>,
) {
  let best: [Money, Money[], Money] | undefined;
  let bestRank = -1;
  for (const [k, total] of amounts.entries()) {
    for (const [i, sub] of amounts.slice(0, k).entries()) {
      // The taxes: every amount between subtotal and total (one rate or several).
      const taxes = amounts.slice(i + 1, k);
      const sum = taxes.reduce((s, t) => s + cents(t.value), 0);
      if (taxes.length === 0 || cents(sub.value) + sum !== cents(total.value)) continue;
      const rank =
        (itemsSum !== null && cents(sub.value) === cents(itemsSum) ? 2 : 0) +
        (labelledTotals.has(cents(total.value)) ? 1 : 0);
      if (rank > bestRank) [best, bestRank] = [[sub, taxes, total], rank];
    }
  }
  // One that neither makes the items' sum nor a labelled total is a tax
  // table's row when a label names the total: the labels decide (below).
  if (best && (bestRank > 0 || labelledTotals.size === 0)) {
    const [sub, taxes, total] = best;
    return [sub.field, sumFields(taxes.map((t) => t.field)), total.field, true, total.row] as const;
  }
  // No sum adds up: the last three amounts stand for subtotal, tax and total
  // (and the checks will say they do not add up); two are a subtotal and total.
  const [sub, tax, total] =
    amounts.length >= 3 ? amounts.slice(-3) : [amounts[0], undefined, amounts[1]];
  return [
    sub?.field ?? NOT_FOUND,
    tax?.field ?? NOT_FOUND,
    total?.field ?? NOT_FOUND,
    false,
    undefined,
  ] as const;
}

/**
 * The items without a line that sums them ("AWS Service Charges $4.11" in a
 * summary above the detail): its amount is the total's and the others' sum.
 */
function withoutSumLine(items: InvoiceLineItem[], total: InvoiceField): InvoiceLineItem[] {
  if (typeof total.value !== "number" || items.length < 3) return items;
  const all = items.reduce((s, i) => s + cents(i.amount ?? 0), 0);
  const line = items.find(
    (i) =>
      i.amount !== null &&
      cents(i.amount) === cents(Number(total.value)) &&
      all - cents(i.amount) === cents(i.amount),
  );
  return line ? items.filter((i) => i !== line) : items;
}

export const extractByPatterns: Extractor = (words) => {
  const doc = read(words);
  const rows = doc.pages.flatMap((p) => p.rows);
  const unit = new Map(doc.pages.map((p) => [p.page, p.unit]));
  const found = rows.flatMap((row) => {
    const item = patternItem(row);
    return item ? [{ row, item }] : [];
  });
  // A line indented under an item that repeats its amount ("AWS Data Transfer
  // $0.01" over "  Charges $0.01") breaks that item down: no item of its own.
  const breakdown = ({ row, item }: (typeof found)[number], i: number) => {
    const above = found[i - 1];
    return (
      above !== undefined &&
      above.row.page === row.page &&
      above.row.index === row.index - 1 &&
      item.amount !== null &&
      cents(item.amount) === cents(above.item.amount ?? Number.NaN) &&
      row.bbox.x0 - above.row.bbox.x0 > (unit.get(row.page) ?? 10) * 0.5
    );
  };
  // Where some rows show quantity × price, the items run from the first such
  // row to the last ("Net 28.00" under them is a total); otherwise every row
  // that ends in an amount, as on a receipt.
  const paired = found.flatMap((f, i) =>
    f.item.quantity !== null && f.item.unit_price !== null ? [i] : [],
  );
  const items = paired.length > 0 ? found.slice(paired[0], (paired.at(-1) ?? 0) + 1) : found;
  const lastItem = items.at(-1)?.row;
  const after = rows.filter(
    (r) =>
      !lastItem || r.page > lastItem.page || (r.page === lastItem.page && r.index > lastItem.index),
  );
  const line_items = items.filter((f) => !breakdown(f, found.indexOf(f))).map((i) => i.item);
  const sum = line_items.length > 0 ? line_items.reduce((s, i) => s + (i.amount ?? 0), 0) : null;
  // Cash tendered and change make a sum with the total (23.74 + 26.26 = 50.00): no totals.
  const sums = after.filter((r) => !r.cells.some((c) => matchLabel(c.text)?.kind === "payment"));
  const labelledTotals = new Set(labelledAmounts(doc.pages, doc.labels, "total").map(cents));
  let [subtotal, tax_amount, total, added, totalRow] = patternTotals(
    sums.flatMap(moneyIn),
    sum,
    labelledTotals,
  );
  let rounding = 0;
  if (totalRow) {
    // The total after the cash rounding under it, if any.
    const at = doc.labels.findLastIndex(
      ({ cell }) =>
        cell.page < totalRow.page || (cell.page === totalRow.page && cell.row <= totalRow.index),
    );
    const paid = cashRounded(doc.pages, doc.labels, at, Number(total.value));
    if (paid) ({ total, rounding } = paid);
  }
  if (!added) {
    // No sum adds up (a receipt's total alone): the totals by their labels, if any.
    const labelled = findTotals(doc.pages, doc.labels, () => false);
    if (labelled.total.value !== null || total.value === null) {
      [subtotal, tax_amount, total] = [labelled.subtotal, labelled.tax_amount, labelled.total];
    }
  }
  const all = dates(doc, order(doc));
  const [a, b] = all.filter((d, i) => all.findIndex((e) => e.value === d.value) === i);
  // A receipt is dated by its first date and falls due at none (a later date
  // is fine print's: "Produkte vom 28.01.2020" under a slip of 27.02.2020).
  const receipt = documentKind(doc.pages, doc.labels, NOT_FOUND) === "receipt";
  const [invoice_date, due_date] = receipt
    ? [a ?? NOT_FOUND, NOT_FOUND]
    : a && b && String(b.value) < String(a.value)
      ? [b, a]
      : [a ?? NOT_FOUND, b ?? NOT_FOUND];
  return assemble(words, doc, {
    invoice_date,
    due_date,
    subtotal,
    tax_amount,
    total,
    line_items: withoutSumLine(line_items, total),
    top: items[0]?.row.bbox.y0 ?? Number.POSITIVE_INFINITY,
    adjustments: { items: 0, total: rounding },
    inItems: (c) => items.some((i) => i.row.page === c.page && i.row.index === c.row),
  });
};
