// Whether a grid found on a page has the columns of a table, or is text laid
// out in columns that only looks like one: two or three columns of running
// text, a numbered list, a transcript beside its line numbers, a chart's axis
// labels, or boxes drawn around nothing. A table has columns most rows fill,
// and at least one of them holds short cells (figures, codes, names); where
// two or more columns hold running text, at least two must; and three rows
// or more agree on two of its columns.
import type { Table } from "@/lib/kernel/contract";

/** Share of rows a column must fill to count as one of the table's columns. */
const FILLED = 0.5;
/** Share of a column's cells that must be short for it to be a column of data. */
const SHORT = 0.6;
/** Words a short cell holds at most (a figure of any length is short). */
const SHORT_WORDS = 3;
/** Mean words per cell from which a column reads as running text. */
const RUNNING_TEXT_WORDS = 4;
/** Share of rows with text in two of the table's columns, and the fewest such rows. */
const FULL_ROWS = 0.6;
const MIN_ROWS = 3;
/** Share of a ruled grid's cells that must hold text: a chart's grid lines hold almost none. */
const RULED_FILLED = 0.3;

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Text with a letter or a digit: OCR's reading of a stroke or a speck ("\\", "—") is not. */
export const hasContent = (text: string) => /[\p{L}\p{N}]/u.test(text);

/** A figure: an amount, a count, a percentage, a date or a code of digits. */
export const isFigure = (text: string) =>
  /^[-+−–(]?[$€£¥]?\s?\d[\d.,'’/:%\s-]*\)?%?[*†]*$/.test(text.trim());

/** A list's marker: a number, letter or numeral with its dot or bracket, or a bullet. */
const MARKER = /^(\(?\d{1,3}[.)]?|\(?[a-z][.)]|\(?[ivxlc]{1,5}[.)]|[•▪◦·*–-])$/i;

/**
 * Whether a cell is a list's marker, a speck beside it left out: a mark with
 * no letter or digit after the number ("2. `", a stroke the text layer or OCR
 * put there) is not data.
 */
const isMarker = (text: string) => {
  const words = text.trim().split(/\s+/);
  const [first, ...rest] = words;
  return first !== undefined && MARKER.test(first) && !rest.some(hasContent);
};

/**
 * Markers that count up one by one (1, 2, 3: a numbered list or a transcript's
 * line numbers), or bullets: a column that numbers lines, not data.
 */
function isMarkerColumn(cells: readonly string[]): boolean {
  if (cells.length < 2 || !cells.every(isMarker)) return false;
  const numbers = cells.map((c) => Number.parseInt(c.replace(/\D/g, ""), 10));
  if (numbers.some(Number.isNaN)) return true;
  const steps = numbers.slice(1).filter((n, i) => n === (numbers[i] ?? n) + 1).length;
  return steps >= (numbers.length - 1) * 0.8;
}

/** A figure's value: its sign, digits and decimal point, grouping and units left out. */
const figureValue = (text: string) => Number(text.replace(/[−–]/g, "-").replace(/[^\d.-]/g, ""));

/** Least ticks an axis's scale prints. */
const MIN_TICKS = 4;

/**
 * A row of four figures or more in equal steps ("0%", "10%", … "70%"): the
 * scale along a chart's axis.
 */
function isScale(row: readonly string[]): boolean {
  const cells = row.filter(hasContent);
  if (cells.length < MIN_TICKS || !cells.every(isFigure)) return false;
  const values = cells.map(figureValue);
  const step = (values[1] ?? 0) - (values[0] ?? 0);
  return (
    step !== 0 &&
    values.every(
      (v, i) => i === 0 || Math.abs(v - (values[i - 1] ?? 0) - step) <= Math.abs(step) / 100,
    )
  );
}

interface ColumnKind {
  filled: boolean;
  data: boolean;
  runningText: boolean;
}

function columnKinds(rows: readonly (readonly string[])[]): ColumnKind[] {
  const width = Math.max(0, ...rows.map((r) => r.length));
  return Array.from({ length: width }, (_, c) => {
    const cells = rows.map((r) => r[c] ?? "").filter(hasContent);
    const filled = cells.length >= rows.length * FILLED;
    const short = cells.filter((t) => isFigure(t) || wordCount(t) <= SHORT_WORDS).length;
    const words = cells.reduce((sum, t) => sum + wordCount(t), 0) / Math.max(1, cells.length);
    return {
      filled,
      data: filled && short >= cells.length * SHORT && !isMarkerColumn(cells),
      runningText: filled && words >= RUNNING_TEXT_WORDS,
    };
  });
}

/**
 * Whether a grid found from white space is a table: two columns or more that
 * most rows fill, one of them a column of data (two when two columns read as
 * running text), and at least three rows, most of the rows, with text in two
 * of those columns.
 */
export function hasTableShape(all: readonly (readonly string[])[]): boolean {
  // A scale under the rest (a bar chart's axis under its labels and values)
  // is no row of a table: without it, a chart's values stand each in a column
  // of its own, as no table's do.
  const rows = isScale(all.at(-1) ?? []) ? all.slice(0, -1) : all;
  const kinds = columnKinds(rows);
  const filled = kinds.filter((k) => k.filled).length;
  const data = kinds.filter((k) => k.data).length;
  const runningText = kinds.filter((k) => k.runningText).length;
  const isFull = (r: readonly string[] | undefined) =>
    r !== undefined && r.filter((text, c) => kinds[c]?.filled && hasContent(text)).length >= 2;
  const full = rows.filter(isFull).length;
  // A section's heading (words alone in the first column, between full rows:
  // "A.O.P Côtes du Rhône" over the wines and their prices) may come every
  // other row; other rows of one cell are a few of the rows, not every other
  // one (a chart's axis labels beside its legend).
  const headings = rows.filter(
    (r, i) =>
      r.filter(hasContent).length === 1 &&
      hasContent(r[0] ?? "") &&
      !isFigure(r[0] ?? "") &&
      isFull(rows[i - 1]) &&
      isFull(rows[i + 1]),
  ).length;
  return (
    filled >= 2 &&
    data >= (runningText >= 2 ? 2 : 1) &&
    full >= Math.max(MIN_ROWS, (rows.length - headings) * FULL_ROWS)
  );
}

/**
 * Whether a ruled grid holds a table: text in enough of its cells, in two
 * rows and two columns at least. A chart's grid lines or a form's empty boxes
 * hold next to none.
 */
export function hasRuledContent(table: Pick<Table, "rows">): boolean {
  const cells = table.rows.flat();
  const withText = cells.filter(hasContent).length;
  const rows = table.rows.filter((r) => r.some(hasContent)).length;
  const columns = Math.max(0, ...table.rows.map((r) => r.length));
  const usedColumns = Array.from({ length: columns }, (_, c) =>
    table.rows.some((r) => hasContent(r[c] ?? "")),
  ).filter(Boolean).length;
  return rows >= 2 && usedColumns >= 2 && withText >= cells.length * RULED_FILLED;
}
