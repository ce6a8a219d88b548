// Values found by their labels: a label cell, then its value in the rest of
// the cell ("Invoice No: 123"), in the next cell to its right ("Total  $12"),
// or in the cell under it (a label over its value). An amount is the last one
// right of its label before the next label ("Tax 15% on $112.90 | $16.94",
// "Total | 24.99 | 5.00 | 29.99"), else in the label's own cell. Both
// extractors read the invoice's number and dates this way; the layout
// extractor its totals too.
import type { InvoiceField } from "@/lib/kernel/contract";
import { isTitle, type LabelKind, type LabelMatch, matchLabel } from "./labels";
import {
  type DateOrder,
  type Found,
  findAmounts,
  findCurrency,
  findDate,
  hasDecimals,
} from "./normalise";
import {
  type Cell,
  field,
  horizontalOverlap,
  NOT_FOUND,
  type PageRows,
  type Piece,
  piece,
} from "./rows";

export interface LabelledCell {
  cell: Cell;
  label: LabelMatch<LabelKind>;
}

/** Every cell that starts with a label, page by page, top to bottom. */
export function labelledCells(pages: readonly PageRows[]): LabelledCell[] {
  const out: LabelledCell[] = [];
  for (const { rows } of pages) {
    for (const row of rows) {
      for (const cell of row.cells) out.push(...splitLabels(cell));
    }
  }
  return out;
}

const SUMS: ReadonlySet<LabelKind> = new Set(["subtotal", "tax_amount", "total"]);

/**
 * A cell's label, or the labels of a cell that names several sums over
 * their columns ("Grondslag BTW bedrag" over "41,31  8,68"), each on the
 * words it covers.
 */
function splitLabels(cell: Cell): LabelledCell[] {
  const label = matchLabel(cell.text);
  if (!label) return [];
  if (label.whole || !SUMS.has(label.kind)) return [{ cell, label }];
  // The words the first label covers, and whether the rest is a sum's label alone.
  let at = 0;
  let k = 0;
  while (k < cell.words.length && at < label.end) {
    at += (cell.words[k]?.text.length ?? 0) + 1;
    k++;
  }
  const restWords = cell.words.slice(k);
  const restText = restWords.map((w) => w.text).join(" ");
  const next = matchLabel(restText);
  if (k === 0 || restWords.length === 0 || !next || !SUMS.has(next.kind) || !next.whole) {
    return [{ cell, label }];
  }
  const part = (words: typeof cell.words): Cell => ({
    ...cell,
    text: words.map((w) => w.text).join(" "),
    words,
    bbox: {
      ...cell.bbox,
      x0: Math.min(...words.map((w) => w.bbox.x0)),
      x1: Math.max(...words.map((w) => w.bbox.x1)),
    },
  });
  const first = part(cell.words.slice(0, k));
  const firstLabel = matchLabel(first.text);
  return [
    ...(firstLabel ? [{ cell: first, label: firstLabel }] : []),
    ...splitLabels(part(restWords)),
  ];
}

/** The rest of a label's cell, if it holds more than punctuation. */
function rest(cell: Cell, end: number): Piece | undefined {
  const after = cell.text.slice(end);
  const lead = after.length - after.replace(/^[\s:#.\-–]+/, "").length;
  const found = piece(cell, end + lead);
  return found.text ? found : undefined;
}

function rightOf(pages: readonly PageRows[], cell: Cell): Cell[] {
  const row = pages.find((p) => p.page === cell.page)?.rows[cell.row];
  return (row?.cells ?? []).filter((c) => c.bbox.x0 >= cell.bbox.x1);
}

/** The cell under `cell` that overlaps it sideways, within `lines` line heights. */
function below(pages: readonly PageRows[], cell: Cell, lines = 2.5): Cell | undefined {
  const page = pages.find((p) => p.page === cell.page);
  if (!page) return undefined;
  for (const row of page.rows.slice(cell.row + 1)) {
    if (row.bbox.y0 - cell.bbox.y1 > lines * page.unit) return undefined;
    const under = row.cells.find((c) => horizontalOverlap(c.bbox, cell.bbox) > 0.3);
    if (under) return under;
  }
  return undefined;
}

/** Where a label's value may be, nearest first; for amounts, the last one before the next label first. */
function candidates(
  pages: readonly PageRows[],
  { cell, label }: LabelledCell,
  down: boolean,
  amount = false,
) {
  const here = rest(cell, label.end);
  const right = rightOf(pages, cell).map((c) => piece(c));
  let out: Piece[];
  if (amount) {
    const next = right.findIndex((p) => matchLabel(p.text) !== undefined);
    const before = next < 0 ? right : right.slice(0, next);
    out = [...before.reverse(), ...(here ? [here] : [])];
  } else {
    out = [...(here ? [here] : []), ...right];
  }
  if (!down || !label.whole) return out;
  const lone = amount && !here && right.length === 0 ? amountUnder(pages, cell) : undefined;
  const under = lone ?? below(pages, cell);
  // Another label's line is no value of this one ("Total Due" over "554.35 VAT 15 %").
  if (under && !(amount && matchLabel(under.text))) out.push(piece(under));
  return out;
}

/**
 * An amount alone on the line right under a label alone on its line, to its
 * right: a total printed large, wrapped under its label ("Total Due" over
 * "R1374945.00").
 */
function amountUnder(pages: readonly PageRows[], cell: Cell): Cell | undefined {
  const page = pages.find((p) => p.page === cell.page);
  const next = page?.rows[cell.row + 1];
  if (!page || !next || next.bbox.y0 - cell.bbox.y1 > page.unit) return undefined;
  const [only, ...more] = next.cells;
  return only &&
    more.length === 0 &&
    only.bbox.x0 >= cell.bbox.x1 &&
    matchLabel(only.text) === undefined &&
    findAmounts(only.text).some(hasDecimals)
    ? only
    : undefined;
}

/** A number after its label, past a "No." or "#" the label may leave ("Rechnung Nr. 12", "Inv # 7"). */
const NUMBER =
  /^(?:[#:]|n[°ºo]\.?|nr\.?|no\.?|num(?:ber|mer|ero)?\.?)?\s*[#:]?\s*([A-Z0-9][A-Z0-9\-/._]*\d[A-Z0-9\-/._]*|\d[A-Z0-9\-/._]*)/i;

/** A reader of one kind of value from a piece of text. */
export type Reader = (p: Piece) => InvoiceField | undefined;

export const readDate =
  (order: DateOrder): Reader =>
  (p) => {
    const date = findDate(p.text, order);
    if (!date) return undefined;
    const start = p.cell.text.indexOf(p.text) + date.index;
    return field(date.value, [piece(p.cell, start, date.text.length)]);
  };

/** Money: an amount with decimals, or a whole one beside a currency sign or code ("¥1,200"). */
export const readAmount: Reader = (p) => {
  const all = findAmounts(p.text);
  const repaired = droppedSeparator(p.text, all);
  if (repaired) {
    const start = p.cell.text.indexOf(p.text) + repaired.index;
    return field(repaired.value, [piece(p.cell, start, repaired.text.length)]);
  }
  const money = findCurrency(p.text) ? all : all.filter(hasDecimals);
  const amount = money.at(-1);
  if (!amount) return undefined;
  const start = p.cell.text.indexOf(p.text) + amount.index;
  return field(amount.value, [piece(p.cell, start, amount.text.length)]);
};

/**
 * A total whose decimal separator a photo's OCR lost: thousands grouped, a
 * space, two digits, at the end ("€ 6.393 43" is 6393.43; printed money has
 * its cents).
 */
function droppedSeparator(text: string, all: readonly Found<number>[]) {
  const [whole, cents] = all.slice(-2);
  if (!whole || !cents || hasDecimals(whole) || !/^\d{2}$/.test(cents.text)) return undefined;
  if (!/[.,'’]\d{3}$/.test(whole.text)) return undefined;
  const between = text.slice(whole.index + whole.text.length, cents.index);
  const after = text.slice(cents.index + cents.text.length);
  if (between !== " " || !/^\s*(?:\p{Sc}|[A-Z]{3})?\s*$/u.test(after)) return undefined;
  return {
    value: whole.value + Number(cents.text) / 100,
    text: text.slice(whole.index, cents.index + 2),
    index: whole.index,
  };
}

/** A number after a series' letters and a space ("FT 2023/158", "RE 4711"), in capitals. */
const SERIES_NUMBER = /^([A-Z]{1,4} \d[A-Z0-9\-/._]*)/;

const readNumber: Reader = (p) => {
  if (matchLabel(p.text)) return undefined;
  const match = SERIES_NUMBER.exec(p.text) ?? NUMBER.exec(p.text);
  const number = match?.[1]?.replace(/[.,/-]+$/, "");
  if (!match || !number) return undefined;
  // A date is no number, but a number may have a date after it ("Nr. 471102 vom 05.03.2018").
  if (findDate(p.text.slice(match[0].length - (match[1]?.length ?? 0)))?.index === 0)
    return undefined;
  const start = p.cell.text.indexOf(p.text) + match[0].length - number.length;
  return field(number, [piece(p.cell, start, number.length)]);
};

interface ValueOptions {
  down: boolean;
  /** An amount: read right to left up to the next label (see the top of this file). */
  amount?: boolean;
  /** Take the last label first, as totals stand at the end. */
  last?: boolean;
  skip?: (cell: Cell) => boolean;
}

/** The value one label leads to: the nearest candidate `read` accepts. */
export function labelValue(
  pages: readonly PageRows[],
  labelled: LabelledCell,
  read: Reader,
  options: Pick<ValueOptions, "down" | "amount">,
): InvoiceField | undefined {
  for (const candidate of candidates(pages, labelled, options.down, options.amount)) {
    const value = read(candidate);
    if (value) return value;
  }
  return undefined;
}

/** The value each label of `kind` leads to (the nearest candidate `read` accepts), in order. */
export function labelledValues(
  pages: readonly PageRows[],
  labels: readonly LabelledCell[],
  kind: LabelKind,
  read: Reader,
  options: ValueOptions,
): InvoiceField[] {
  const mine = labels.filter((l) => l.label.kind === kind && !options.skip?.(l.cell));
  if (options.last) mine.reverse();
  return mine.flatMap((labelled) => labelValue(pages, labelled, read, options) ?? []);
}

/** The first value a label of `kind` leads to. */
export const labelledValue = (
  pages: readonly PageRows[],
  labels: readonly LabelledCell[],
  kind: LabelKind,
  read: Reader,
  options: ValueOptions,
): InvoiceField => labelledValues(pages, labels, kind, read, options)[0] ?? NOT_FOUND;

/** A street's number after "No." and a comma before the street's name. */
const STREET_NUMBER = /^\s*no\.?\s*\d+[a-z]?(?:[-/]\d+)?\s*,\s*\p{L}/iu;

/**
 * The invoice's number by its label; else under the document's own name
 * heading a column among other labels ("Klant | Order | Factuurdatum |
 * Factuur" over their values).
 */
export function readInvoiceNumber(
  pages: readonly PageRows[],
  labels: readonly LabelledCell[],
): InvoiceField {
  // "No. 5, Jalan …" is a street, not the number after "No.".
  const numbers = labels.filter((l) => !STREET_NUMBER.test(l.cell.text));
  const labelled = labelledValue(pages, numbers, "invoice_number", readNumber, { down: true });
  if (labelled.value !== null) return labelled;
  for (const page of pages) {
    for (const row of page.rows) {
      const others = row.cells.filter((c) => matchLabel(c.text)?.whole).length;
      if (others < 2) continue;
      for (const cell of row.cells) {
        if (!isTitle(cell.text)) continue;
        const under = below(pages, cell);
        const value = under && readNumber(piece(under));
        if (value) return value;
      }
    }
  }
  return NOT_FOUND;
}
