// Stream table detection: tables found from word positions and white space
// alone, no ruling lines. Rows come from the layout layer's lines; a run of
// lines each split into two or more segments by wide gaps is a candidate; its
// columns are parted where the rows' words leave a vertical strip of white
// that a wide gap in some row shows is a column break. A candidate is a table
// only if it has the columns of one (shape.ts): wrapped prose, a numbered
// list or a column of text beside its line numbers is not.
import type { BBox, OcrSpan, Table, TableCell } from "@/lib/kernel/contract";
import { height, median, union } from "../../layout/geometry";
import { levelWords } from "../../layout/level";
import { groupLines } from "../../layout/lines";
import { SEGMENT_GAP, segments } from "../../layout/segments";
import { isUpright } from "./frame";
import { isRuleText } from "./lattice";
import { hasTableShape } from "./shape";

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

/** Stretches of x covered by the words of at most `allowed` rows, with how many cover each. */
function coverage(rows: readonly (readonly OcrSpan[])[]): [number, number, number][] {
  const events: [number, number][] = [];
  for (const row of rows) {
    for (const [x0, x1] of columnRanges([row.map((w) => w.bbox)])) {
      events.push([x0, 1], [x1, -1]);
    }
  }
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const stretches: [number, number, number][] = [];
  let depth = 0;
  for (const [i, [x, step]] of events.entries()) {
    depth += step;
    const next = events[i + 1]?.[0];
    if (next !== undefined && next > x) stretches.push([x, next, depth]);
  }
  return stretches;
}

/**
 * Narrowest strip of white between columns, as a share of a segment's gap:
 * half a word height, wider than the space between two words.
 */
const MIN_STRIP = 0.4;

/** Width of a strip no row reaches into that parts columns without a wide gap beside it (0.9 word heights). */
const CLEAR_STRIP = 0.75;

/**
 * Where a table's columns part, left to right. A break runs down a strip of
 * white that the words of the table's full rows (as many segments as most
 * rows, or more) leave open, but for one in ten of them; rows of fewer cells
 * (a title, a heading over several columns) may cross it. At least one row
 * must cross the strip with a gap of a segment's width: white that runs down
 * the rows by chance between the words of a cell is no column break, nor is
 * one narrower than MIN_STRIP. Within
 * the strip the break goes where the fewest rows' words reach.
 */
export function columnBreaks(rows: readonly (readonly OcrSpan[][])[], gap: number): number[] {
  const counts = rows.map((row) => row.length).sort((a, b) => a - b);
  const typical = counts[Math.floor((counts.length - 1) / 2)] ?? 0;
  const full = rows.filter((row) => row.length >= typical).map((row) => row.flat());
  const words = rows.map((row) => row.flat());
  const allowed = Math.floor(full.length / 10);
  const all = coverage(words);
  const left = all[0]?.[0] ?? 0;
  const right = all.at(-1)?.[1] ?? left;
  const strips: [number, number][] = [];
  for (const [x0, x1, depth] of coverage(full)) {
    if (depth > allowed || x0 <= left || x1 >= right) continue;
    const last = strips.at(-1);
    if (last && last[1] >= x0) last[1] = x1;
    else strips.push([x0, x1]);
  }
  const sorted = words.map((row) => [...row].sort((a, b) => a.bbox.x0 - b.bbox.x0));
  const crossed = ([s0, s1]: [number, number]) =>
    sorted.some((row) =>
      row.some((word, i) => {
        const next = row[i + 1];
        return (
          next !== undefined &&
          next.bbox.x0 - word.bbox.x1 > gap &&
          word.bbox.x1 <= s1 &&
          next.bbox.x0 >= s0
        );
      }),
    );
  // The widest stretch of a strip that the fewest of all rows reach into.
  const clearest = ([s0, s1]: [number, number]) => {
    const inside = all
      .map(([a, b, depth]): [number, number, number] => [Math.max(a, s0), Math.min(b, s1), depth])
      .filter(([a, b]) => b > a);
    const fewest = Math.min(...inside.map(([, , depth]) => depth));
    const [a, b] = inside
      .filter(([, , depth]) => depth === fewest)
      .reduce((best, s) => (s[1] - s[0] > best[1] - best[0] ? s : best), [s0, s0, 0]);
    return { a, b, fewest };
  };
  const breaks: number[] = [];
  for (const strip of strips) {
    if (strip[1] - strip[0] <= gap * MIN_STRIP) continue;
    const { a, b, fewest } = clearest(strip);
    // Columns set closer than a segment's gap (a figure right-aligned against
    // the next column's words) part where no row at all reaches, down three
    // rows or more.
    const clear = fewest === 0 && b - a >= gap * CLEAR_STRIP && rows.length >= 3;
    if (crossed(strip) || clear) breaks.push(b > a ? (a + b) / 2 : (strip[0] + strip[1]) / 2);
  }
  return breaks;
}

/** Confidence under which an OCR'd word does not count towards a table's shape. */
const LEGIBLE = 0.5;

/** Share of a cell's width that may reach past a column break before the cell spans both columns. */
const OVERHANG = 1 / 3;

/**
 * The first and last column a cell covers. A cell that reaches a little past
 * a break (a header wider than its column of figures) stays in the column
 * holding most of it; one over three columns or more starts in the first.
 */
function columnsOf(box: BBox, breaks: readonly number[]): [number, number] {
  const first = breaks.filter((b) => b < box.x0).length;
  const last = breaks.filter((b) => b < box.x1).length;
  if (last - first !== 1) return [first, last];
  const edge = breaks[first] ?? box.x0;
  const width = Math.max(1, box.x1 - box.x0);
  if ((box.x1 - edge) / width <= OVERHANG) return [first, first];
  if ((edge - box.x0) / width <= OVERHANG) return [last, last];
  return [first, last];
}

/**
 * One table from its rows of segments (words sheared level): a rectangular
 * grid and its cells, boxed by the words' `original` boxes, and the grid of
 * its legible words alone. A segment is cut
 * where a column break runs through a gap between its words (cells set close);
 * a word across a break makes its cell span the columns it reaches.
 */
function toTable(
  page: number,
  rows: readonly (readonly OcrSpan[][])[],
  original: (word: OcrSpan) => OcrSpan,
  gap: number,
): { table: Table; legible: string[][] } {
  const boxed = (words: readonly OcrSpan[]) => boxOf(words.map(original));
  const breaks = columnBreaks(rows, gap);
  const cells: TableCell[] = [];
  const legible: string[][] = [];
  const grid = rows.map((row, r) => {
    const inColumn = [...breaks, 0].map((): OcrSpan[] => []);
    const groups: OcrSpan[][] = [];
    for (const segment of row) {
      let group: OcrSpan[] = [];
      // A segment may hold a cell's wrapped lines: left to right to cut it at breaks.
      for (const word of [...segment].sort((a, b) => a.bbox.x0 - b.bbox.x0)) {
        const last = group.at(-1);
        if (last && breaks.some((b) => b > last.bbox.x1 && b < word.bbox.x0)) {
          groups.push(group);
          group = [];
        }
        group.push(word);
      }
      if (group.length > 0) groups.push(group);
    }
    for (const unordered of groups) {
      // A cell's words in reading order, line by line.
      const group = groupLines(unordered).flat();
      const [col, last] = columnsOf(boxOf(group), breaks);
      inColumn[col]?.push(...group);
      cells.push({
        row: r,
        col,
        row_span: 1,
        col_span: last - col + 1,
        text: textOf(group),
        bbox: boxed(group),
      });
    }
    // Two groups in one column (a wide gap inside a cell) stay one cell's
    // text, in reading order.
    const ordered = inColumn.map((words) => groupLines(words).flat());
    legible.push(ordered.map((words) => textOf(words.filter((w) => w.confidence >= LEGIBLE))));
    return ordered.map(textOf);
  });
  return {
    table: { page, bbox: boxed(rows.flat().flat()), rows: grid, cells },
    legible,
  };
}

/** Whether a line starts where the run's rows do (a heading in its first column), within two word heights. */
function startsLeft(line: BBox, run: readonly (readonly OcrSpan[][])[]): boolean {
  const left = Math.min(...run.map((row) => boxOf(row.flat()).x0));
  return Math.abs(line.x0 - left) <= height(line) * 2;
}

/**
 * A line closer under the one before than the table's rows are to each other
 * (under this share of their pitch) may be the wrapped rest of that row's cells.
 */
const WRAP_PITCH = 0.8;

/** Lines of one segment in a row a table may hold between its rows (headings of its sections). */
const MAX_HEADINGS = 2;

/** Tables on one page: runs of at least `minRows` lines with two or more segments each. */
export function streamTables(page: number, pageWords: readonly OcrSpan[], minRows = 2): Table[] {
  // Text set upright (a margin's note, a turned table) does not run along
  // rows; OCR's reading of a stroke ("_", "|") would bridge two cells.
  const words = pageWords.filter((w) => !isUpright(w) && !isRuleText(w.text));
  if (words.length === 0) return [];
  // The print's size from the words OCR read well: what it makes of a
  // picture's lines and marks comes in boxes of any size.
  const legible = words.filter((w) => w.confidence >= LEGIBLE);
  const wordHeight = median((legible.length > 0 ? legible : words).map((w) => height(w.bbox)));
  const gap = wordHeight * SEGMENT_GAP;
  const { level, original } = levelWords(words, wordHeight || 1, true);
  const tables: Table[] = [];
  let run: OcrSpan[][][] = [];
  /** Top of each row of the run, and of the line read last. */
  let tops: number[] = [];
  let lastTop = 0;
  /** Lines of one segment under the run: its rows if a row of the run follows them. */
  let pending: { parts: OcrSpan[][]; top: number }[] = [];
  const flush = () => {
    if (run.length >= minRows) {
      const { table, legible } = toTable(page, run, original, gap);
      // The shape is judged on the words OCR is fairly sure of: what it makes
      // of a chart's lines and marks is words of low confidence.
      if (hasTableShape(legible)) tables.push(table);
    }
    run = [];
    tops = [];
    pending = [];
  };
  for (const line of groupLines(level)) {
    const parts = segments(line, gap);
    const box = boxOf(line);
    const previous = pending.at(-1)?.parts ?? run.at(-1);
    if (
      pending.length === 0 &&
      previous &&
      wrapsInto(previous, parts, run, box.y0 - lastTop, tops)
    ) {
      lastTop = box.y0;
      continue;
    }
    lastTop = box.y0;
    // A blank band taller than two lines between rows ends a table.
    const far = previous !== undefined && box.y0 - boxOf(previous.flat()).y1 > wordHeight * 2.5;
    if (far) flush();
    if (parts.length >= 2) {
      // A heading inside the table ("Class A", a subtotal's label) is a row of it.
      for (const held of pending) {
        run.push(held.parts);
        tops.push(held.top);
      }
      pending = [];
      run.push(parts);
      tops.push(box.y0);
    } else if (run.length > 0 && pending.length < MAX_HEADINGS && startsLeft(box, run)) {
      pending.push({ parts, top: box.y0 });
    } else flush();
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
  // The last column has no neighbour on its right: a wrapped line may reach past it.
  const columnOf = (segment: readonly OcrSpan[]) => {
    const { x0, x1 } = boxOf(segment);
    return columns.findIndex(
      ([c0, c1], i) =>
        x0 >= c0 - gapSlack(c0, c1) && (x1 <= c1 + gapSlack(c0, c1) || i === columns.length - 1),
    );
  };
  const targets = parts.map(columnOf);
  if (targets.some((c) => c < 0)) return false;
  parts.forEach((segment, i) => {
    const [c0, c1] = columns[targets[i] ?? 0] ?? [0, 0];
    // The cell right above the wrapped words, else the first in their column
    // (a column's range may take in its neighbour where a header bridges them).
    const { x0: w0, x1: w1 } = boxOf(segment);
    const overlap = (s: readonly OcrSpan[]) =>
      Math.min(w1, boxOf(s).x1) - Math.max(w0, boxOf(s).x0);
    const above = row.reduce<OcrSpan[] | undefined>(
      (best, s) => (overlap(s) > 0 && (!best || overlap(s) > overlap(best)) ? s : best),
      undefined,
    );
    const cell =
      above ??
      row.find((s) => {
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
