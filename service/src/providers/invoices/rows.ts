// A page as rows of cells: the layout layer's lines, each split where a gap
// wider than 1.2 word heights parts its words (layout/segments.ts, as stream
// tables split them).
// A label and its value on one line are then one cell ("Invoice No: 123") or
// two ("Total      $12.00"); what the extractors read is cells, and each
// value found keeps the words it came from, for its box and confidence.
import type { BBox, InvoiceField, OcrPage, OcrSpan } from "@/lib/kernel/contract";
import { height, mean, median, union } from "../../layout/geometry";
import { levelWords } from "../../layout/level";
import { groupLines } from "../../layout/lines";
import { SEGMENT_GAP, segments } from "../../layout/segments";

export interface Cell {
  page: number;
  text: string;
  bbox: BBox;
  words: readonly OcrSpan[];
  /** Index of its row in the page's rows. */
  row: number;
}

export interface Row {
  page: number;
  index: number;
  bbox: BBox;
  cells: Cell[];
}

export interface PageRows {
  page: number;
  rows: Row[];
  /** Median word height: the unit of every distance on the page. */
  unit: number;
}

/** Words this much taller than the page's (its median word) are in print of their own: a name, a title. */
export const LARGE_PRINT = 1.3;
/** A page whose usual space between words is this many word heights or more is set in a monospaced face... */
const WIDE_SPACE = 0.9;
/** ...where a gap of this many word heights (two spaces) ends a cell. */
const WIDE_SPACE_GAP = 1.7;

export function pageRows(page: Pick<OcrPage, "number" | "words">): PageRows {
  const unit = median(page.words.map((w) => height(w.bbox))) || 1;
  const { level, original } = levelWords(page.words, unit);
  const lines = groupLines(level);
  // A till's monospaced face sets a space as wide as a letter, about a word's
  // height: on such a page a cell ends at a gap of two spaces, not one.
  const spaces = lines.flatMap((line) =>
    line.slice(1).flatMap((w, i) => {
      const gap = w.bbox.x0 - (line[i]?.bbox.x1 ?? w.bbox.x0);
      return gap > 0 && gap < 2 * unit ? [gap] : [];
    }),
  );
  const gapUnits = median(spaces) >= WIDE_SPACE * unit ? WIDE_SPACE_GAP : SEGMENT_GAP;
  const rows = lines.map((line, index): Row => {
    // Spaces grow with the print: on a line in print clearly larger than the
    // body's (a shop's name, a title), the gap that ends a cell is measured in
    // its own words' height.
    const own = median(line.map((w) => height(w.bbox)));
    const lineUnit = own >= LARGE_PRINT * unit ? own : unit;
    const cells = segments(line, lineUnit * gapUnits).map((words) => ({
      page: page.number,
      text: words.map((w) => w.text).join(" "),
      // Geometry on the straightened page; the words' own boxes for the answer.
      bbox: union(words.map((w) => w.bbox)),
      words: words.map(original),
      row: index,
    }));
    return { page: page.number, index, bbox: union(cells.map((c) => c.bbox)), cells };
  });
  return { page: page.number, rows, unit };
}

/** A value read from part of a cell's text: the words under [index, index + length). */
export interface Piece {
  cell: Cell;
  text: string;
  words: readonly OcrSpan[];
}

export function piece(cell: Cell, index = 0, length = cell.text.length): Piece {
  const words: OcrSpan[] = [];
  let at = 0;
  for (const word of cell.words) {
    const end = at + word.text.length;
    if (end > index && at < index + length) words.push(word);
    at = end + 1;
  }
  return { cell, text: cell.text.slice(index, index + length).trim(), words };
}

/** Several pieces read as one value (an address over lines). */
export function field(
  value: string | number,
  pieces: readonly Piece[],
  separator = "\n",
): InvoiceField {
  const words = pieces.flatMap((p) => p.words);
  const first = pieces[0];
  return {
    value,
    text: pieces.map((p) => p.text).join(separator),
    confidence: Math.round(mean(words.map((w) => w.confidence)) * 1000) / 1000,
    page: first?.cell.page ?? 1,
    bbox: union(words.map((w) => w.bbox)),
  };
}

export const NOT_FOUND: InvoiceField = { value: null, text: "", confidence: 0, page: 1 };

/** The box of the cells' own words: on a photo, a cell's `bbox` is on the straightened page. */
export const ownBox = (cells: readonly Cell[]): BBox =>
  union(cells.flatMap((c) => c.words.map((w) => w.bbox)));

/** Horizontal overlap of two boxes, as a share of the narrower one. */
export function horizontalOverlap(a: BBox, b: BBox): number {
  const overlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const narrower = Math.min(a.x1 - a.x0, b.x1 - b.x0);
  return narrower <= 0 ? 0 : Math.max(0, overlap) / narrower;
}
