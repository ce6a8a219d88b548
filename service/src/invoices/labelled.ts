// Values found by their labels: a label cell, then its value in the rest of
// the cell ("Invoice No: 123"), in the next cell to its right ("Total  $12"),
// or in the cell under it (a label over its value). Both extractors read the
// invoice's number, dates and parties this way; the layout extractor its
// totals too.
import type { InvoiceField } from "@/lib/kernel/contract";
import { isTitle, type LabelKind, type LabelMatch, matchLabel } from "./labels";
import { type DateOrder, findAmounts, findCurrency, findDate, hasDecimals } from "./normalise";
import {
  type Cell,
  field,
  horizontalOverlap,
  NOT_FOUND,
  type PageRows,
  type Piece,
  piece,
  type Row,
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
      for (const cell of row.cells) {
        const label = matchLabel(cell.text);
        if (label) out.push({ cell, label });
      }
    }
  }
  return out;
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

/** Where a label's value may be, nearest first. */
function candidates(pages: readonly PageRows[], { cell, label }: LabelledCell, down: boolean) {
  const here = rest(cell, label.end);
  const out: Piece[] = here ? [here] : [];
  out.push(...rightOf(pages, cell).map((c) => piece(c)));
  const under = down && label.whole ? below(pages, cell) : undefined;
  if (under) out.push(piece(under));
  return out;
}

const NUMBER = /^[#:]?\s*([A-Z0-9][A-Z0-9\-/._]*\d[A-Z0-9\-/._]*|\d[A-Z0-9\-/._]*)/i;

/** A reader of one kind of value from a piece of text. */
type Reader = (p: Piece) => InvoiceField | undefined;

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
  const money = findCurrency(p.text)
    ? findAmounts(p.text)
    : findAmounts(p.text).filter(hasDecimals);
  const amount = money.at(-1);
  if (!amount) return undefined;
  const start = p.cell.text.indexOf(p.text) + amount.index;
  return field(amount.value, [piece(p.cell, start, amount.text.length)]);
};

const readNumber: Reader = (p) => {
  if (matchLabel(p.text) || findDate(p.text)) return undefined;
  const match = NUMBER.exec(p.text);
  const number = match?.[1];
  if (!match || !number) return undefined;
  const start = p.cell.text.indexOf(p.text) + match[0].length - number.length;
  return field(number, [piece(p.cell, start, number.length)]);
};

interface ValueOptions {
  down: boolean;
  /** Take the last label first, as totals stand at the end. */
  last?: boolean;
  skip?: (cell: Cell) => boolean;
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
  return mine.flatMap((labelled) => {
    for (const candidate of candidates(pages, labelled, options.down)) {
      const value = read(candidate);
      if (value) return [value];
    }
    return [];
  });
}

/** The first value a label of `kind` leads to. */
export const labelledValue = (
  pages: readonly PageRows[],
  labels: readonly LabelledCell[],
  kind: LabelKind,
  read: Reader,
  options: ValueOptions,
): InvoiceField => labelledValues(pages, labels, kind, read, options)[0] ?? NOT_FOUND;

export const readInvoiceNumber = (pages: readonly PageRows[], labels: readonly LabelledCell[]) =>
  labelledValue(pages, labels, "invoice_number", readNumber, { down: true });

/** Whether a cell reads as a label or a title rather than a name or address. */
const isLabelOrTitle = (cell: Cell) => matchLabel(cell.text) !== undefined || isTitle(cell.text);

/** A name and the address lines under it, left-aligned, each close to the one before. */
function party(pages: readonly PageRows[], name: Piece): [InvoiceField, InvoiceField] {
  const lines: Piece[] = [];
  let last = name.cell;
  const page = pages.find((p) => p.page === name.cell.page);
  for (let i = 0; i < 4; i++) {
    const next = below(pages, last, 1.2);
    if (!next || !page || isLabelOrTitle(next)) break;
    if (Math.abs(next.bbox.x0 - name.cell.bbox.x0) > page.unit * 2) break;
    lines.push(piece(next));
    last = next;
  }
  const address = lines.length > 0 ? field(lines.map((l) => l.text).join(", "), lines) : NOT_FOUND;
  return [field(name.text, [name]), address];
}

/** The party a label (customer or supplier) names: on its own cell or under it. */
export function labelledParty(
  pages: readonly PageRows[],
  labels: readonly LabelledCell[],
  kind: "customer" | "supplier",
): [InvoiceField, InvoiceField] | undefined {
  for (const { cell, label } of labels.filter((l) => l.label.kind === kind)) {
    const colon = cell.text.slice(label.end).trimStart().startsWith(":");
    if (!label.whole && !colon) continue;
    const here = rest(cell, label.end);
    const under = below(pages, cell, 1.5);
    const name = here ?? (under && !isLabelOrTitle(under) ? piece(under) : undefined);
    if (name) return party(pages, name);
  }
  return undefined;
}

/** Whether a row prints money (an item or a total), which no party's name does. */
const withMoney = (row: Row | undefined) =>
  row?.cells.some((c) => findAmounts(c.text).some(hasDecimals)) ?? false;

/** A cell without a title word at either end ("Oakridge Consulting LLC INVOICE", one line to PaddleOCR). */
function withoutTitle(cell: Cell): Piece {
  const words = [...cell.words];
  while (words.length > 1 && isTitle(words.at(-1)?.text ?? "")) words.pop();
  while (words.length > 1 && isTitle(words[0]?.text ?? "")) words.shift();
  const first = words[0];
  const start = first ? cell.words.indexOf(first) : 0;
  const index = cell.words.slice(0, start).reduce((n, w) => n + w.text.length + 1, 0);
  const length = words.reduce((n, w) => n + w.text.length + 1, -1);
  return piece(cell, index, length);
}

/**
 * The supplier when no label names it: the largest print above the customer
 * and the line items on the first page that is not a title, a label or a
 * value already read (invoices head their paper with the sender's name).
 */
export function headerParty(
  pages: readonly PageRows[],
  above: number,
  used: (cell: Cell) => boolean,
): [InvoiceField, InvoiceField] | undefined {
  const first = pages[0];
  if (!first) return undefined;
  const cells = first.rows
    .flatMap((r) => r.cells)
    .filter(
      (c) =>
        c.bbox.y1 <= above &&
        /\p{L}{2}/u.test(c.text) &&
        !isLabelOrTitle(c) &&
        !used(c) &&
        !findDate(c.text) &&
        !withMoney(first.rows[c.row]),
    );
  const size = (c: Cell) => Math.max(...c.words.map((w) => w.bbox.y1 - w.bbox.y0));
  const name = cells.sort((a, b) => size(b) - size(a) || a.bbox.y0 - b.bbox.y0)[0];
  if (!name) return undefined;
  // Words of the same print right after it on its row are the rest of the
  // name, when an engine's word boxes leave wide gaps ("Kestrel | Joinery | Ltd").
  const row = first.rows[name.row]?.cells ?? [];
  const rest: Cell[] = [];
  for (const cell of row.slice(row.indexOf(name) + 1)) {
    const last = rest.at(-1) ?? name;
    const close = cell.bbox.x0 - last.bbox.x1 < first.unit * 3;
    if (!close || !cells.includes(cell) || Math.abs(size(cell) - size(name)) > size(name) * 0.2)
      break;
    rest.push(cell);
  }
  if (rest.length === 0) return party(pages, withoutTitle(name));
  const joined = [name, ...rest].map((c) => piece(c));
  const [, address] = party(pages, piece(name));
  return [field(joined.map((p) => p.text).join(" "), joined, " "), address];
}
