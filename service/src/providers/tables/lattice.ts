// Lattice table detection: tables found from the ruling lines drawn on the page.
// The words are blanked out of the page image first, so what stays dark in long
// thin runs is a rule; rules that cross make a grid; two grid cells with no rule
// between them are one cell spanning both; each word falls into the cell that
// holds its centre, so a cell may hold several lines of text. A table without
// rules (or with rules only under its header) is left to stream detection.
import type { BBox, OcrSpan, Table, TableCell } from "@/lib/kernel/contract";
import { median } from "../../layout/geometry";
import { groupLines } from "../../layout/lines";
import { SEGMENT_GAP, segments } from "../../layout/segments";
import type { TextTurn } from "../../pages/pdf-lines";
import type { Grey } from "../../preprocess/grey";
import { readUpright } from "./frame";
import { hasContent, hasRuledContent, isFigure } from "./shape";

/** A ruling line: horizontal at y = `at` from x `from` to `to`, or vertical at x = `at` from y to y. */
export interface Rule {
  at: number;
  from: number;
  to: number;
  /** First and last scan line (y of a horizontal rule, x of a vertical one) it has ink on. */
  near: number;
  far: number;
}

export interface Rules {
  horizontal: Rule[];
  vertical: Rule[];
}

/** Sizes in pixels of the page image, scaled to the print on it. */
export interface RuleSizes {
  /** Grey levels below this are ink. */
  threshold: number;
  /** Shortest rule: shorter runs of ink are letters or noise. */
  minLength: number;
  /** Thickest rule: thicker runs are filled shapes. */
  maxThickness: number;
  /** Widest break inside one rule (a faint stretch, a word blanked over it). */
  maxGap: number;
  /** Widest break inside one run of ink on a scan line: wider once the words are blanked out. */
  bridge: number;
}

/**
 * Sizes for print whose words are `wordHeight` pixels tall. With the words
 * still on the image, a run of ink breaks at every gap: letters that touch
 * make no rule.
 */
export function ruleSizes(threshold: number, wordHeight: number, blanked: boolean): RuleSizes {
  return {
    threshold,
    minLength: Math.max(10, wordHeight * 1.5),
    maxThickness: Math.max(3, wordHeight * 0.5),
    maxGap: Math.max(4, wordHeight),
    bridge: blanked ? 3 : 1,
  };
}

interface Growing {
  from: number;
  to: number;
  /** First and last scan line a run joined it on. */
  first: number;
  last: number;
  /** Sum of run lengths, and of run length × scan line (for the mean position). */
  ink: number;
  moment: number;
}

/** Rules along one direction: runs of ink on each scan line, grown across neighbouring scan lines. */
function rulesAlong(image: Grey, vertical: boolean, sizes: RuleSizes): Rule[] {
  const { width, height, data } = image;
  const scanLines = vertical ? width : height;
  const length = vertical ? height : width;
  const step = vertical ? width : 1;
  const shortest = sizes.minLength / 2;
  let open: Growing[] = [];
  const closed: Growing[] = [];
  for (let line = 0; line < scanLines; line++) {
    const origin = vertical ? line : line * width;
    let start = -1;
    let lastInk = -1;
    const runs: [number, number][] = [];
    for (let i = 0; i < length; i++) {
      if ((data[origin + i * step] ?? 255) >= sizes.threshold) continue;
      // Breaks of a pixel or two (noise, a faint stretch) stay inside one run.
      if (start < 0 || i - lastInk > sizes.bridge + 1) {
        if (start >= 0 && lastInk + 1 - start >= shortest) runs.push([start, lastInk + 1]);
        start = i;
      }
      lastInk = i;
    }
    if (start >= 0 && lastInk + 1 - start >= shortest) runs.push([start, lastInk + 1]);
    const still: Growing[] = [];
    for (const rule of open) {
      if (line - rule.last > 1) closed.push(rule);
      else still.push(rule);
    }
    open = still;
    for (const [from, to] of runs) {
      // A run joins a rule of the scan line before that it overlaps or
      // continues (a rule tilted by a pixel steps from one scan line to the next).
      const rule = open.find((r) => from <= r.to + 2 && to >= r.from - 2 && r.last < line);
      if (rule) {
        rule.from = Math.min(rule.from, from);
        rule.to = Math.max(rule.to, to);
        rule.last = line;
        rule.ink += to - from;
        rule.moment += (to - from) * line;
      } else {
        open.push({
          from,
          to,
          first: line,
          last: line,
          ink: to - from,
          moment: (to - from) * line,
        });
      }
    }
  }
  closed.push(...open);
  const rules = closed
    .filter(
      (r) => r.to - r.from >= sizes.minLength && r.ink / (r.to - r.from) <= sizes.maxThickness,
    )
    .map((r) => ({ at: r.moment / r.ink, from: r.from, to: r.to, near: r.first, far: r.last }));
  return joinCollinear(rules, sizes);
}

/** Pieces of one rule (broken by a faint stretch or a blanked word) joined into one. */
function joinCollinear(rules: Rule[], sizes: RuleSizes): Rule[] {
  const sorted = [...rules].sort((a, b) => a.from - b.from);
  const joined: Rule[] = [];
  for (const rule of sorted) {
    const before = joined.find(
      (r) => Math.abs(r.at - rule.at) <= sizes.maxThickness && rule.from - r.to <= sizes.maxGap,
    );
    if (before) {
      const length = (r: Rule) => r.to - r.from;
      before.at =
        (before.at * length(before) + rule.at * length(rule)) / (length(before) + length(rule));
      before.to = Math.max(before.to, rule.to);
      before.near = Math.min(before.near, rule.near);
      before.far = Math.max(before.far, rule.far);
    } else joined.push({ ...rule });
  }
  return joined;
}

/** A straight line drawn by a PDF, level (y0 = y1) or upright (x0 = x1), `width` thick. */
export interface Segment {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  width: number;
}

/**
 * Rules from lines a PDF draws: pieces of one rule joined (a rule drawn cell
 * by cell), then those long and thin enough.
 */
export function rulesOfSegments(segments: readonly Segment[], sizes: RuleSizes): Rules {
  const horizontal: Rule[] = [];
  const vertical: Rule[] = [];
  for (const s of segments) {
    if (s.width > sizes.maxThickness) continue;
    const level = Math.abs(s.y1 - s.y0) <= Math.abs(s.x1 - s.x0);
    const [from, to] = level
      ? [Math.min(s.x0, s.x1), Math.max(s.x0, s.x1)]
      : [Math.min(s.y0, s.y1), Math.max(s.y0, s.y1)];
    if (to - from < 1) continue;
    const at = level ? (s.y0 + s.y1) / 2 : (s.x0 + s.x1) / 2;
    const rule = { at, from, to, near: at - s.width / 2, far: at + s.width / 2 };
    (level ? horizontal : vertical).push(rule);
  }
  const long = (r: Rule) => r.to - r.from >= sizes.minLength;
  return {
    horizontal: joinCollinear(horizontal, sizes).filter(long),
    vertical: joinCollinear(vertical, sizes).filter(long),
  };
}

export function findRules(image: Grey, sizes: RuleSizes): Rules {
  return { horizontal: rulesAlong(image, false, sizes), vertical: rulesAlong(image, true, sizes) };
}

/** A table's grid: the x of each column's edges, the y of each row's, and its cells as grid ranges. */
export interface Grid {
  xs: number[];
  ys: number[];
  rules: Rules;
  cells: { row: number; col: number; rowSpan: number; colSpan: number }[];
}

/** Positions within `tolerance` of each other as one (their mean), ascending. */
function cluster(values: readonly number[], tolerance: number): number[] {
  const groups: number[][] = [];
  for (const v of [...values].sort((a, b) => a - b)) {
    const last = groups.at(-1);
    if (last && v - (last.at(-1) ?? v) <= tolerance) last.push(v);
    else groups.push([v]);
  }
  return groups.map((g) => g.reduce((a, b) => a + b, 0) / g.length);
}

function unionFind(size: number) {
  const parent = Array.from({ length: size }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      const up = parent[i] ?? i;
      parent[i] = parent[up] ?? up;
      i = up;
    }
    return i;
  };
  return {
    find,
    join(a: number, b: number) {
      parent[find(a)] = find(b);
    },
  };
}

/**
 * Grids of rules that cross one another: at least two rows and two columns.
 * A rule may stop short of one it meets by 0.4 word heights.
 */
export function findGrids(rules: Rules, wordHeight: number): Grid[] {
  const tolerance = Math.max(3, wordHeight * 0.4);
  const { horizontal, vertical } = rules;
  const sets = unionFind(horizontal.length + vertical.length);
  const crosses = (h: Rule, v: Rule) =>
    v.at >= h.from - tolerance &&
    v.at <= h.to + tolerance &&
    h.at >= v.from - tolerance &&
    h.at <= v.to + tolerance;
  horizontal.forEach((h, i) => {
    vertical.forEach((v, j) => {
      if (crosses(h, v)) sets.join(i, horizontal.length + j);
    });
  });
  const groups = new Map<number, { horizontal: Rule[]; vertical: Rule[] }>();
  const group = (i: number) => {
    const root = sets.find(i);
    let g = groups.get(root);
    if (!g) {
      g = { horizontal: [], vertical: [] };
      groups.set(root, g);
    }
    return g;
  };
  horizontal.forEach((h, i) => {
    group(i).horizontal.push(h);
  });
  vertical.forEach((v, j) => {
    group(horizontal.length + j).vertical.push(v);
  });
  const grids: Grid[] = [];
  for (const g of groups.values()) {
    const xs = cluster(
      g.vertical.map((v) => v.at),
      tolerance,
    );
    const ys = cluster(
      g.horizontal.map((h) => h.at),
      tolerance,
    );
    if (xs.length === 0 || ys.length === 0) continue;
    // A table ruled only between its columns of figures: rows ruled across
    // the labels beside them and past the last column end the grid there.
    const reach = wordHeight * OPEN_EDGE;
    openEdges(
      xs,
      g.horizontal.map((h) => [h.from, h.to]),
      reach,
    );
    openEdges(
      ys,
      g.vertical.map((v) => [v.from, v.to]),
      reach,
    );
    if (xs.length < 3 || ys.length < 3) continue;
    grids.push({ xs, ys, rules: g, cells: mergeCells(xs, ys, g, tolerance) });
  }
  return grids.sort((a, b) => (a.ys[0] ?? 0) - (b.ys[0] ?? 0) || (a.xs[0] ?? 0) - (b.xs[0] ?? 0));
}

/** How far (in word heights) rules must run past the outermost crossing rule to make an open edge. */
const OPEN_EDGE = 2;

/**
 * Edges of a grid where no rule is drawn: where the rules across reach further
 * than the outermost rule along (by more than `reach`), the grid goes on to
 * where they end. Empty edge columns are trimmed once the words are in.
 */
function openEdges(edges: number[], across: readonly [number, number][], reach: number): void {
  const first = edges[0];
  const last = edges.at(-1);
  if (first === undefined || last === undefined || across.length === 0) return;
  const from = Math.min(...across.map(([a]) => a));
  const to = Math.max(...across.map(([, b]) => b));
  if (first - from > reach) edges.unshift(from);
  if (to - last > reach) edges.push(to);
}

/** Grid cells joined where no rule separates them (a header over two columns), as rectangles. */
function mergeCells(
  xs: readonly number[],
  ys: readonly number[],
  rules: Rules,
  tolerance: number,
): Grid["cells"] {
  const rows = ys.length - 1;
  const cols = xs.length - 1;
  const at = (r: number, c: number) => r * cols + c;
  const separated = (lines: readonly Rule[], position: number, middle: number) =>
    lines.some((l) => Math.abs(l.at - position) <= tolerance && l.from <= middle && l.to >= middle);
  const sets = unionFind(rows * cols);
  for (let r = 0; r < rows; r++) {
    const middleY = ((ys[r] ?? 0) + (ys[r + 1] ?? 0)) / 2;
    for (let c = 0; c < cols; c++) {
      const middleX = ((xs[c] ?? 0) + (xs[c + 1] ?? 0)) / 2;
      if (c + 1 < cols && !separated(rules.vertical, xs[c + 1] ?? 0, middleY)) {
        sets.join(at(r, c + 1), at(r, c));
      }
      if (r + 1 < rows && !separated(rules.horizontal, ys[r + 1] ?? 0, middleX)) {
        sets.join(at(r + 1, c), at(r, c));
      }
    }
  }
  const spans = new Map<number, { r0: number; c0: number; r1: number; c1: number }>();
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const root = sets.find(at(r, c));
      const s = spans.get(root);
      if (!s) spans.set(root, { r0: r, c0: c, r1: r, c1: c });
      else {
        s.r0 = Math.min(s.r0, r);
        s.c0 = Math.min(s.c0, c);
        s.r1 = Math.max(s.r1, r);
        s.c1 = Math.max(s.c1, c);
      }
    }
  }
  return [...spans.values()]
    .map((s) => ({ row: s.r0, col: s.c0, rowSpan: s.r1 - s.r0 + 1, colSpan: s.c1 - s.c0 + 1 }))
    .sort((a, b) => a.row - b.row || a.col - b.col);
}

/** The grid's rules painted over with paper, so an OCR engine sees only the words. */
export function eraseRules(image: Grey, grid: Grid): void {
  const { width, height, data } = image;
  const paint = (x0: number, x1: number, y0: number, y1: number) => {
    const left = Math.max(0, Math.floor(x0));
    const right = Math.min(width, Math.ceil(x1) + 1);
    for (let y = Math.max(0, Math.floor(y0)); y <= Math.min(height - 1, Math.ceil(y1)); y++) {
      data.fill(255, y * width + left, y * width + right);
    }
  };
  for (const r of grid.rules.horizontal) paint(r.from - 3, r.to + 3, r.near - 3, r.far + 3);
  for (const r of grid.rules.vertical) paint(r.near - 3, r.far + 3, r.from - 3, r.to + 3);
}

/**
 * A rule read as text by OCR (`|`, `___`, `——`), not a word of the table. A
 * lone dash is a cell's own text: a nil or a missing value ("-").
 */
export const isRuleText = (text: string) =>
  /^[|_\-–—=[\]!:;]+$/.test(text.trim()) && !/^[-–—]$/.test(text.trim());

/** A table found on the grid, and how many of its words lie across its rules. */
export interface LatticeTable {
  table: Table;
  words: number;
  /** Words reaching well into a neighbouring cell: a sign the grid is not the table's. */
  across: number;
  /**
   * Rules found in pixels (a photo, a scan), where a rule may be missed for
   * part of its length, rather than read from the lines a PDF draws.
   */
  fromPixels: boolean;
  /** What was read in each of `table.cells`, on the grid's image. */
  reads: CellRead[];
}

/** A cell's words as the page was read, and its rectangle on the grid's image. */
export interface CellRead {
  words: OcrSpan[];
  rect: BBox;
}

/**
 * The grid's table from the page's words. `onGrid` gives each word's box on the
 * grid's image; `onPage` takes a box on that image back to the page.
 */
export function fillGrid(
  page: number,
  grid: Grid,
  words: readonly OcrSpan[],
  onGrid: (box: BBox) => BBox,
  onPage: (box: BBox) => BBox,
  upright: TextTurn = "level",
): LatticeTable {
  const { xs, ys } = grid;
  const index = (edges: readonly number[], v: number) =>
    edges.findIndex((e, i) => i + 1 < edges.length && v >= e && v < (edges[i + 1] ?? e));
  const owner = new Map<string, number>();
  grid.cells.forEach((cell, i) => {
    for (let r = cell.row; r < cell.row + cell.rowSpan; r++) {
      for (let c = cell.col; c < cell.col + cell.colSpan; c++) owner.set(`${r}:${c}`, i);
    }
  });
  const rect = (cell: Grid["cells"][number]): BBox => ({
    x0: xs[cell.col] ?? 0,
    y0: ys[cell.row] ?? 0,
    x1: xs[cell.col + cell.colSpan] ?? 0,
    y1: ys[cell.row + cell.rowSpan] ?? 0,
  });
  const inCell = grid.cells.map((): OcrSpan[] => []);
  let count = 0;
  let across = 0;
  for (const word of words) {
    if (isRuleText(word.text)) continue;
    const box = onGrid(word.bbox);
    const r = index(ys, (box.y0 + box.y1) / 2);
    const c = index(xs, (box.x0 + box.x1) / 2);
    const i = owner.get(`${r}:${c}`);
    const cell = i === undefined ? undefined : grid.cells[i];
    if (i === undefined || !cell) continue;
    count++;
    const bounds = rect(cell);
    const w = box.x1 - box.x0;
    const h = box.y1 - box.y0;
    const out = Math.max(bounds.x0 - box.x0, box.x1 - bounds.x1) / Math.max(1, w);
    const outY = Math.max(bounds.y0 - box.y0, box.y1 - bounds.y1) / Math.max(1, h);
    if (out > 0.25 || outY > 0.4) across++;
    inCell[i]?.push({ ...word, bbox: box });
  }
  const texts = grid.cells.map((_, i) =>
    groupLines(readUpright(inCell[i] ?? [], upright))
      .flat()
      .map((w) => w.text)
      .join(" "),
  );
  // Rows and columns at the edges that hold no text (an open edge past the
  // labels, a box drawn above the table) are not the table's.
  const used = (r0: number, r1: number, c0: number, c1: number) =>
    grid.cells.some(
      (cell, i) =>
        texts[i] !== "" &&
        cell.row <= r1 &&
        cell.row + cell.rowSpan - 1 >= r0 &&
        cell.col <= c1 &&
        cell.col + cell.colSpan - 1 >= c0,
    );
  let [top, bottom, left, right] = [0, ys.length - 2, 0, xs.length - 2];
  while (top < bottom && !used(top, top, left, right)) top++;
  while (bottom > top && !used(bottom, bottom, left, right)) bottom--;
  while (left < right && !used(top, bottom, left, left)) left++;
  while (right > left && !used(top, bottom, right, right)) right--;
  const rows = ys.slice(top, bottom + 1).map(() => xs.slice(left, right + 1).map(() => ""));
  const cells: TableCell[] = [];
  const reads: CellRead[] = [];
  grid.cells.forEach((cell, i) => {
    const r0 = Math.max(top, cell.row);
    const r1 = Math.min(bottom, cell.row + cell.rowSpan - 1);
    const c0 = Math.max(left, cell.col);
    const c1 = Math.min(right, cell.col + cell.colSpan - 1);
    if (r1 < r0 || c1 < c0) return;
    const kept = { row: r0, col: c0, rowSpan: r1 - r0 + 1, colSpan: c1 - c0 + 1 };
    const text = texts[i] ?? "";
    const row = rows[r0 - top];
    if (row) row[c0 - left] = text;
    cells.push({
      row: r0 - top,
      col: c0 - left,
      row_span: kept.rowSpan,
      col_span: kept.colSpan,
      text,
      bbox: onPage(rect(kept)),
    });
    reads.push({ words: inCell[i] ?? [], rect: rect(kept) });
  });
  const outline = {
    x0: xs[left] ?? 0,
    y0: ys[top] ?? 0,
    x1: xs[right + 1] ?? 0,
    y1: ys[bottom + 1] ?? 0,
  };
  return {
    table: { page, bbox: onPage(outline), rows, cells },
    words: count,
    across,
    fromPixels: true,
    reads,
  };
}

/** Lines of figures alone that one cell may hold one under another: more are rows whose rules the grid lacks. */
const STACKED_FIGURES = 3;

/** Parts a line of one cell may split into at gaps a column's width apart: more are columns. */
const MAX_CELL_PARTS = 2;

/**
 * Whether a grid holds a table as its rules draw it: words in it, text in
 * enough of its cells (shape.ts), and no cell that holds rows or columns of
 * its own. A cell that stacks lines of figures alone ("467.9", "10.0", "17.5"
 * one under another) is a column of data whose rows the grid lacks (a table
 * ruled only around its head and between its columns); on a PDF's drawn
 * rules, a cell with a line in three parts or more, set a column's gap apart
 * ("Arunachal Pradesh   2,241,609   107,549 …"), is a row whose columns the
 * grid lacks (a shaded row that hides the rules between its cells, a body
 * ruled only around). Either is the stream reading's to find. Rules found in
 * pixels may miss a stretch of a rule that is there: those cells are judged by
 * brokenRows instead.
 */
export function isRuledTable(found: LatticeTable): boolean {
  if (found.words === 0 || !hasRuledContent(found.table)) return false;
  return !found.reads.some(({ words }) => {
    const lines = groupLines(words).map((line) => line.filter((w) => hasContent(w.text)));
    const figures = lines.filter(
      (line) => line.length > 0 && line.every((w) => isFigure(w.text)),
    ).length;
    if (figures >= STACKED_FIGURES && figures >= lines.length * 0.8) return true;
    if (found.fromPixels || words.length === 0) return false;
    const gap = median(words.map((w) => w.bbox.y1 - w.bbox.y0)) * SEGMENT_GAP;
    return lines.some((line) => segments(line, gap).length > MAX_CELL_PARTS);
  });
}

/** Rows a ruled table's head may take (cells over several columns are its headings there). */
const HEAD_ROWS = 2;

/**
 * Rows of a ruled grid whose columns do not hold: under its head, a cell over
 * some of the columns but not all (a section's heading runs across them all).
 * A rule found only part of its length (a photo's faint stretch) leaves such
 * cells, where a drawn table would have its columns all the way down.
 */
export function brokenRows(table: Table): number {
  const columns = Math.max(0, ...table.rows.map((r) => r.length));
  const broken = new Set(
    table.cells
      .filter((c) => c.row >= HEAD_ROWS && c.col_span > 1 && c.col_span < columns)
      .map((c) => c.row),
  );
  return broken.size;
}
