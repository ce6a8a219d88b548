// The line-item table, found by its header: a row with a description column
// and an amount column (or three known columns) in any of the languages of
// labels.ts. A header cell may name several columns ("Aantal Prijs per stuk",
// "Menge Beschreibung"): it is split at the names, by its words' positions.
// The rows under the header are items until the grand total, a wide gap or
// the end of the page. What is not an item stays out: subtotal, tax,
// discount, shipping and rounding lines (they may stand inside the table, as
// "Items total" and "Discount" do), lines "incl." a charge of the item above,
// and a line without a price or amount (a part of a bundle). A row without
// numbers right under an item continues its description. Cells go to the
// column they overlap most, else the nearest; a cell over two columns is
// split between them word by word.
import type { InvoiceLineItem, OcrSpan } from "@/lib/kernel/contract";
import { mean, union } from "../../layout/geometry";
import { type ColumnRole, isSummaryLine, matchColumn, matchLabel } from "./labels";
import { findAmounts, findCurrency, hasDecimals } from "./normalise";
import { type Cell, horizontalOverlap, ownBox, type PageRows, type Row } from "./rows";

/** "other": a column the header names in words we do not know (`No.`, `VAT %`). */
type Role = ColumnRole | "other";

interface Column {
  role: Role;
  x0: number;
  x1: number;
}

export interface ItemTable {
  /** The first page's header row. */
  header: Row;
  /** The item rows of every page. */
  rows: Row[];
  items: InvoiceLineItem[];
}

/** Words a column name may carry without naming another column: `Preis CHF`, `Montant HT`, `Tax (%)`. */
const FILLER =
  /^(?:%|\(.*\)|[(/|\-–]|ht|h\.t\.|ttc|net|netto|brutto|excl\.?|incl\.?|inkl\.?|exkl\.?|ex|[A-Z]{3}|[€$£¥₹]|\p{Sc})$/iu;

/** A tax rate's or amount's column, which is neither quantity, price nor amount ("BTW", "VAT %"). */
const TAX_COLUMN = /^(?:vat|tax|btw|mwst\.?|ust\.?|tva|iva|gst|%|\(%\))$/i;

/**
 * The columns one header cell names, from its words: the longest column name
 * at each word, then the next; words that name nothing make an "other"
 * column, unless they only qualify the name before them (FILLER).
 */
function cellColumns(cell: Cell): Column[] {
  const words = cell.words;
  const parts: { role: Role; words: OcrSpan[] }[] = [];
  let i = 0;
  while (i < words.length) {
    let found: { role: Role; end: number } | undefined;
    for (let j = words.length; j > i && !found; j--) {
      const text = words
        .slice(i, j)
        .map((w) => w.text)
        .join(" ");
      const match = matchColumn(text);
      if (match?.whole) found = { role: match.kind, end: j };
    }
    const last = parts.at(-1);
    const word = words[i];
    if (found) {
      parts.push({ role: found.role, words: words.slice(i, found.end) });
      i = found.end;
    } else if (word && last && FILLER.test(word.text)) {
      last.words.push(word);
      i++;
    } else if (word) {
      if (last?.role === "other") last.words.push(word);
      else parts.push({ role: "other", words: [word] });
      i++;
    }
  }
  // A cell with words that name no column and qualify none ("AWS Service Charges") is one
  // cell of text, not several columns.
  if (parts.some((p) => p.role === "other") && parts.some((p) => p.role !== "other")) {
    const covered = parts.every(
      (p) => p.role !== "other" || p.words.every((w) => TAX_COLUMN.test(w.text)),
    );
    if (!covered) return [{ role: "other", ...span(cell) }];
  }
  // Two names of one column ("Hours / Qty") are one column.
  const merged: typeof parts = [];
  for (const part of parts) {
    const last = merged.at(-1);
    if (last && last.role === part.role) last.words.push(...part.words);
    else merged.push(part);
  }
  if (merged.length <= 1) return [{ role: merged[0]?.role ?? "other", ...span(cell) }];
  return merged.map((p) => ({
    role: p.role,
    x0: Math.min(...p.words.map((w) => w.bbox.x0)),
    x1: Math.max(...p.words.map((w) => w.bbox.x1)),
  }));
}

const span = (cell: Cell) => ({ x0: cell.bbox.x0, x1: cell.bbox.x1 });

/**
 * The columns a header row names: a description and an amount, or three
 * known columns, and no more unknown cells than known ones.
 */
function headerColumns(row: Row): Column[] | undefined {
  // A speck a photo's OCR reads as a cell ("—.") is no column.
  const columns = row.cells.filter((c) => /\p{L}{2}|#/u.test(c.text)).flatMap(cellColumns);
  const known = columns.filter((c) => c.role !== "other");
  const roles = new Set(known.map((c) => c.role));
  const enough = (roles.has("description") && roles.has("amount")) || roles.size >= 3;
  return enough && known.length >= columns.length - known.length ? columns : undefined;
}

function columnAt(columns: readonly Column[], x0: number, x1: number): Column | undefined {
  let best: Column | undefined;
  let overlap = 0;
  for (const column of columns) {
    const o = horizontalOverlap(
      { x0, x1, y0: 0, y1: 1 },
      { x0: column.x0, x1: column.x1, y0: 0, y1: 1 },
    );
    if (o > overlap) [best, overlap] = [column, o];
  }
  if (best) return best;
  const centre = (x0 + x1) / 2;
  const distance = (c: Column) => Math.min(Math.abs(c.x0 - centre), Math.abs(c.x1 - centre));
  return [...columns].sort((a, b) => distance(a) - distance(b))[0];
}

/** Each piece of a row's text with its column: a cell, or the words of a cell that spans two. */
function placed(columns: readonly Column[], row: Row): { role: Role; text: string }[] {
  return row.cells.flatMap((cell) => {
    const byWord = cell.words.map((w) => columnAt(columns, w.bbox.x0, w.bbox.x1));
    const whole = columnAt(columns, cell.bbox.x0, cell.bbox.x1);
    if (byWord.every((c) => c === byWord[0]))
      return [{ role: whole?.role ?? "description", text: cell.text }];
    // A number stays in its column; the words around it are description.
    const out: { role: Role; text: string }[] = [];
    for (const [k, word] of cell.words.entries()) {
      const column = byWord[k];
      const numeric = findAmounts(word.text).length > 0 || findCurrency(word.text) !== undefined;
      const role: Role =
        column && (numeric || column.role === "description") ? column.role : "description";
      const last = out.at(-1);
      if (last && last.role === role) last.text += ` ${word.text}`;
      else out.push({ role, text: word.text });
    }
    return out;
  });
}

/** The last number of a column's text; money has decimals, or a currency sign beside it ("0 €"). */
const numberIn = (texts: readonly string[], money: boolean) => {
  const found = texts.flatMap((t) =>
    findAmounts(t).filter((a) => !money || hasDecimals(a) || findCurrency(t) !== undefined),
  );
  return found.at(-1)?.value ?? null;
};

function item(columns: readonly Column[], row: Row): InvoiceLineItem {
  const pieces = placed(columns, row);
  const byRole = (role: ColumnRole) => pieces.filter((p) => p.role === role).map((p) => p.text);
  const words = row.cells.flatMap((c) => c.words);
  return {
    description: byRole("description").join(" "),
    quantity: numberIn(byRole("quantity"), false),
    unit_price: numberIn(byRole("unit_price"), true),
    amount: numberIn(byRole("amount"), true),
    page: row.page,
    bbox: ownBox(row.cells),
    confidence: Math.round(mean(words.map((w) => w.confidence)) * 1000) / 1000,
  };
}

const rowText = (row: Row) => row.cells.map((c) => c.text).join(" ");

/** The summary label a cell of the row starts with (subtotal, tax, total, adjustment), if any. */
function rowLabel(row: Row) {
  for (const cell of row.cells) {
    const kind = matchLabel(cell.text)?.kind;
    if (kind && SUMMARY_KINDS.has(kind)) return kind;
  }
  return undefined;
}

const SUMMARY_KINDS: ReadonlySet<string> = new Set([
  "subtotal",
  "tax_amount",
  "total",
  "adjustment",
  "payment",
]);

/** Whether the table has a quantity or a unit price column, which items fill and sums do not. */
const hasColumns = (columns: readonly Column[]) =>
  columns.some((c) => c.role === "quantity" || c.role === "unit_price");

/** What a summary line of the row sums or adjusts, from the cell where its label stands. */
function summaryOf(row: Row) {
  for (const [k] of row.cells.entries()) {
    const kind = isSummaryLine(
      row.cells
        .slice(k)
        .map((c) => c.text)
        .join(" "),
    );
    if (kind) return kind;
  }
  return undefined;
}

/** "Incl. deposit 3.50", "davon MwSt.": a charge inside the item above, not an item. */
const INCLUDED =
  /^(?:incl\.?|inkl\.?|including|included|davon|dont|waarvan|de los cuales|di cui)(?!\p{L})/iu;

/**
 * The line-item table of the document: under the first header row found, and
 * under the header of every later page that repeats it. Undefined without one.
 */
export function findItemTable(pages: readonly PageRows[]): ItemTable | undefined {
  let table: ItemTable | undefined;
  for (const { rows, unit } of pages) {
    const at = rows.findIndex((row) => headerColumns(row));
    const header = rows[at];
    const columns = header && headerColumns(header);
    if (!header || !columns) continue;
    table ??= { header, rows: [], items: [] };
    const { items } = table;
    let previous = header;
    /** The last row read when it was an item: a line right under it may continue its description. */
    let itemRow: Row | undefined;
    for (const row of rows.slice(at + 1)) {
      if (row.bbox.y0 - previous.bbox.y1 > unit * 5) break;
      previous = row;
      const summary = summaryOf(row);
      // The total, or how it was paid (cash, change, a card): the items have ended.
      if (summary === "total" || summary === "payment") break;
      if (summary) {
        // A subtotal, tax, discount or shipping line: the items may go on after it.
        itemRow = undefined;
        continue;
      }
      const numbers = row.cells.some((c) => findAmounts(c.text).length > 0);
      const last = items.at(-1);
      if (!numbers) {
        if (itemRow && last && last.page === row.page && row.bbox.y0 - itemRow.bbox.y1 < unit) {
          // A description over two lines.
          last.description = `${last.description} ${rowText(row)}`;
          last.bbox = union([...(last.bbox ? [last.bbox] : []), ownBox(row.cells)]);
          table.rows.push(row);
          itemRow = row;
        }
        continue;
      }
      const next = item(columns, row);
      // A total's or tax's label with an amount alone ("Total charges  710.00") sums the items.
      const labelled = rowLabel(row);
      if (labelled && next.quantity === null && next.unit_price === null && hasColumns(columns)) {
        if (labelled === "total" || labelled === "payment") break;
        itemRow = undefined;
        continue;
      }
      if (
        INCLUDED.test(next.description.trim()) ||
        (next.amount === null && next.unit_price === null)
      ) {
        itemRow = undefined;
        continue;
      }
      items.push(next);
      table.rows.push(row);
      itemRow = row;
    }
  }
  return table;
}
