// Stream table detection: tables found from word positions and white space
// alone, no ruling lines. Rows come from the layout layer's lines; a run of
// lines each split into two or more segments by wide gaps is a table; its
// columns are the x ranges the segments cover, separated by gaps no row crosses.
import type { BBox, OcrSpan, Table, TableCell } from "@/lib/kernel/contract";
import { height, median, union } from "../layout/geometry";
import { levelWords } from "../layout/level";
import { groupLines } from "../layout/lines";
import { SEGMENT_GAP, segments } from "../layout/segments";

/** Merged x intervals covered by the segments: the table's columns, left to right. */
function columnRanges(rows: readonly (readonly BBox[])[]): [number, number][] {
  const spans = rows
    .flat()
    .map((b) => [b.x0, b.x1] as [number, number])
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [x0, x1] of spans) {
    const last = merged.at(-1);
    if (last && x0 <= last[1]) last[1] = Math.max(last[1], x1);
    else merged.push([x0, x1]);
  }
  return merged;
}

const boxOf = (words: readonly OcrSpan[]): BBox => union(words.map((w) => w.bbox));
const textOf = (words: readonly OcrSpan[]): string => words.map((w) => w.text).join(" ");

/**
 * One table from its rows of segments (words sheared level): a rectangular
 * grid and its cells, boxed by the words' `original` boxes.
 */
function toTable(
  page: number,
  rows: readonly (readonly OcrSpan[][])[],
  original: (word: OcrSpan) => OcrSpan,
): Table {
  const boxed = (words: readonly OcrSpan[]) => boxOf(words.map(original));
  const columns = columnRanges(rows.map((row) => row.map(boxOf)));
  const cells: TableCell[] = [];
  const grid = rows.map((row, r) => {
    const texts = columns.map(() => "");
    for (const segment of row) {
      const box = boxOf(segment);
      const first = columns.findIndex(([, x1]) => x1 >= box.x0);
      const last = columns.findLastIndex(([x0]) => x0 <= box.x1);
      const col = Math.max(0, first);
      // Two segments in one column (a wide gap inside a cell) stay one cell's text.
      texts[col] = [texts[col], textOf(segment)].filter(Boolean).join(" ");
      cells.push({
        row: r,
        col,
        row_span: 1,
        col_span: Math.max(1, last - col + 1),
        text: textOf(segment),
        bbox: boxed(segment),
      });
    }
    return texts;
  });
  return {
    page,
    bbox: boxed(rows.flat().flat()),
    rows: grid,
    cells,
  };
}

/**
 * A line closer under the one before than the table's rows are to each other
 * (under this share of their pitch) may be the wrapped rest of that row's cells.
 */
const WRAP_PITCH = 0.8;

/** Tables on one page: runs of at least `minRows` lines with two or more segments each. */
export function streamTables(page: number, words: readonly OcrSpan[], minRows = 2): Table[] {
  if (words.length === 0) return [];
  const wordHeight = median(words.map((w) => height(w.bbox)));
  const gap = wordHeight * SEGMENT_GAP;
  const { level, original } = levelWords(words, wordHeight || 1);
  const tables: Table[] = [];
  let run: OcrSpan[][][] = [];
  /** Top of each row of the run, and of the line read last. */
  let tops: number[] = [];
  let lastTop = 0;
  const flush = () => {
    if (run.length >= minRows) tables.push(toTable(page, run, original));
    run = [];
    tops = [];
  };
  for (const line of groupLines(level)) {
    const parts = segments(line, gap);
    const box = boxOf(line);
    const previous = run.at(-1);
    if (previous && wrapsInto(previous, parts, run, box.y0 - lastTop, tops)) {
      lastTop = box.y0;
      continue;
    }
    lastTop = box.y0;
    // A blank band taller than two lines between rows ends a table.
    const far = previous !== undefined && box.y0 - boxOf(previous.flat()).y1 > wordHeight * 2.5;
    if (parts.length < 2 || far) flush();
    if (parts.length >= 2) {
      run.push(parts);
      tops.push(box.y0);
    }
  }
  flush();
  return tables;
}

/**
 * Whether a line is the wrapped rest of the row before (a description over two
 * lines): it sits closer under the line before than any two rows are to
 * one another, has fewer segments than the fullest row, and each of its segments
 * lies within one column. If so its words join that row's cells.
 */
function wrapsInto(
  row: OcrSpan[][],
  parts: readonly OcrSpan[][],
  run: readonly (readonly OcrSpan[][])[],
  pitch: number,
  tops: readonly number[],
): boolean {
  if (tops.length < 2) return false;
  // The closest two rows are: rows with wrapped cells are further apart.
  const rowPitch = Math.min(...tops.slice(1).map((top, i) => top - (tops[i] ?? top)));
  const widest = Math.max(...run.map((r) => r.length));
  if (pitch >= rowPitch * WRAP_PITCH || parts.length >= widest) return false;
  const columns = columnRanges(run.map((r) => r.map(boxOf)));
  const columnOf = (segment: readonly OcrSpan[]) => {
    const { x0, x1 } = boxOf(segment);
    return columns.findIndex(
      ([c0, c1]) => x0 >= c0 - gapSlack(c0, c1) && x1 <= c1 + gapSlack(c0, c1),
    );
  };
  const targets = parts.map(columnOf);
  if (targets.some((c) => c < 0)) return false;
  parts.forEach((segment, i) => {
    const [c0, c1] = columns[targets[i] ?? 0] ?? [0, 0];
    const cell = row.find((s) => {
      const { x0, x1 } = boxOf(s);
      return x1 >= c0 && x0 <= c1;
    });
    if (cell) cell.push(...segment);
    else row.push([...segment]);
  });
  row.sort((a, b) => boxOf(a).x0 - boxOf(b).x0);
  return true;
}

/** How far past a column's edges a wrapped line may reach: a tenth of the column's width. */
const gapSlack = (x0: number, x1: number) => (x1 - x0) * 0.1;

/**
 * Rows that do not fit the grid: a cell over more than one column, two cells
 * in one column (a cell across columns merged them), or under half the cells
 * of the fullest row.
 */
export function raggedRows(table: Table): number {
  const seen = new Set<string>();
  const spanning = new Set<number>();
  for (const c of table.cells) {
    const key = `${c.row}:${c.col}`;
    if (c.col_span > 1 || seen.has(key)) spanning.add(c.row);
    seen.add(key);
  }
  const counts = table.cells.reduce<number[]>((acc, c) => {
    acc[c.row] = (acc[c.row] ?? 0) + 1;
    return acc;
  }, []);
  const widest = Math.max(0, ...counts);
  return table.rows.filter((_, r) => spanning.has(r) || (counts[r] ?? 0) < widest / 2).length;
}
