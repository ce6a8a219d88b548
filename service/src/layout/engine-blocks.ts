// Reading order from the engine's own page analysis. Tesseract's page
// segmentation (--psm 3) finds columns, a block set to the right and a
// caption between columns better than an XY-cut on word boxes: read in its
// block order, the rendered newsletters and the real UNLV magazine pages came
// within the bare engine's CER, where the XY-cut read across their columns
// (docs/quality-reading.md, "Reading order"). Its blocks are kept in its order, with
// the corrections a person reading the page makes:
//   - blocks side by side with their lines level, one of them tabular (a column
//     of cells, or columns with a clear strip down between them: a table's
//     columns, a receipt's amounts, a form's labels and values) are one region,
//     read row by row, with every block inside that table's box;
//   - a block of one line that carries on another's line is one with it;
//   - a region is cut by the XY-cut where it runs two columns of prose side
//     by side (tesseract's one block for a sender's and a recipient's
//     address), unless the two pair line for line as a table's rows do.
import type { BBox, OcrSpan } from "@/lib/kernel/contract";
import { gaps, height, median, union, verticalOverlap } from "./geometry";
import { groupLines } from "./lines";

/** Least vertical overlap (share of the shorter) for two lines, or two blocks, to be level. */
const LEVEL = 0.5;
/** Share of the shorter block's lines that must have a level line in the other for the two to be rows of one table. */
const ROWS_ALIGNED = 0.6;
/** Fewer lines than this are too few to tell rows from a heading beside a column. */
const MIN_ROWS = 2;
/** Least ratio of lines, fewer to more, of two parts that pair line for line. */
const PAIRED = 0.8;
/**
 * A block whose lines hold fewer words than this on average is a column of
 * cells (amounts, a form's labels). Address blocks set side by side hold two
 * to four words a line ("13008 Marseille", "9 cours Mirabeau"), and stay apart.
 */
const CELL_WORDS = 2;

const isCells = (lines: readonly OcrSpan[][]) =>
  lines.reduce((n, line) => n + line.length, 0) < CELL_WORDS * lines.length;

/** A gutter inside a block is at least this many word heights wide (word spaces are about a third). */
const GUTTER = 1.2;
/** Lines from which a clear strip down a whole block is a column of a table, not chance. */
const MIN_TABLE_LINES = 3;

/**
 * Whether a clear strip runs down the whole block between its words: columns
 * inside it ("Aqua fit | Monday"), which prose and an address never have.
 */
function hasInnerGutter(words: readonly OcrSpan[], lines: readonly OcrSpan[][]): boolean {
  if (lines.length < MIN_TABLE_LINES) return false;
  const box = union(words.map((w) => w.bbox));
  const h = median(words.map((w) => height(w.bbox)));
  const spans = words.map((w) => [w.bbox.x0, w.bbox.x1] as const);
  return gaps(spans, box.x0, box.x1, GUTTER * h).length > 0;
}

/** Cells, or columns of cells: a part of a table. */
const isTabular = (words: readonly OcrSpan[], lines: readonly OcrSpan[][]) =>
  isCells(lines) || hasInnerGutter(words, lines);

/** Whether most lines of `a` and `b` (the one with fewer) sit level with a line of the other. */
function rowsAlign(a: readonly OcrSpan[][], b: readonly OcrSpan[][]): boolean {
  const [few, many] = a.length <= b.length ? [a, b] : [b, a];
  if (few.length < MIN_ROWS) return false;
  const boxes = many.map((line) => union(line.map((w) => w.bbox)));
  const level = few.filter((line) => {
    const box = union(line.map((w) => w.bbox));
    return boxes.some((other) => verticalOverlap(box, other) >= LEVEL);
  });
  return level.length >= ROWS_ALIGNED * few.length;
}

/** Whether two blocks are parts of one table: side by side, rows level, one of them tabular. */
function sameTable(a: readonly OcrSpan[], b: readonly OcrSpan[]): boolean {
  const boxA = union(a.map((w) => w.bbox));
  const boxB = union(b.map((w) => w.bbox));
  const apart = boxA.x1 <= boxB.x0 || boxB.x1 <= boxA.x0;
  if (!apart || verticalOverlap(boxA, boxB) < LEVEL) return false;
  const linesA = groupLines(a);
  const linesB = groupLines(b);
  if (!isTabular(a, linesA) && !isTabular(b, linesB)) return false;
  return rowsAlign(linesA, linesB);
}

/**
 * A tabular block joined with the blocks beside it whose every line is level
 * with one of its own, when those hold MIN_ROWS lines between them: a column
 * of amounts beside items the layout cut into a block a line (rows far apart).
 */
function joinRowsBeside(
  blocks: readonly (readonly OcrSpan[])[],
  join: (i: number, j: number) => void,
): void {
  const lines = blocks.map((block) => groupLines(block));
  const boxes = blocks.map((block) => union(block.map((w) => w.bbox)));
  const lineBoxes = lines.map((ls) => ls.map((line) => union(line.map((w) => w.bbox))));
  for (const [i, block] of blocks.entries()) {
    const own = lineBoxes[i] ?? [];
    const box = boxes[i];
    if (!box || own.length < MIN_ROWS || !isTabular(block, lines[i] ?? [])) continue;
    const beside = blocks.flatMap((_, j) => {
      const other = boxes[j];
      if (j === i || !other || !(other.x1 <= box.x0 || box.x1 <= other.x0)) return [];
      const level = (lineBoxes[j] ?? []).every((l) =>
        own.some((o) => verticalOverlap(l, o) >= LEVEL),
      );
      return level && verticalOverlap(other, box) >= LEVEL ? [j] : [];
    });
    const rows = beside.reduce((n, j) => n + (lines[j]?.length ?? 0), 0);
    if (rows >= MIN_ROWS) for (const j of beside) join(i, j);
  }
}

/** A one-line block carries on a line of another this many word heights away at most: a word space, not a gutter. */
const NEAR = 1.2;

/**
 * A block of one line joined with the block whose first line it carries on
 * to the right, a word space or two away, beyond that block's right edge:
 * tesseract can cut a spaced-out heading ("CORNER | CAFE") into blocks and
 * read the second after the lines below. Only so: a line to the left of a
 * block, or level with a line further down it, is a column's beside it (on a
 * scan with narrow gutters, joining those chained the columns into one).
 */
function joinLineEnds(
  blocks: readonly (readonly OcrSpan[])[],
  join: (i: number, j: number) => void,
): void {
  const lines = blocks.map((block) =>
    groupLines(block).map((line) => union(line.map((w) => w.bbox))),
  );
  const h = median(blocks.flat().map((w) => height(w.bbox)));
  for (const [i, own] of lines.entries()) {
    const [line] = own;
    if (!line || own.length !== 1) continue;
    for (const [j, other] of lines.entries()) {
      const [first] = other;
      if (j === i || !first) continue;
      const right = Math.max(...other.map((o) => o.x1));
      const gap = line.x0 - first.x1;
      const carriesOn = verticalOverlap(line, first) >= LEVEL && gap >= 0 && gap <= NEAR * h;
      if (carriesOn && line.x0 >= right) join(i, j);
    }
  }
}

const within = (inner: BBox, outer: BBox) =>
  inner.x0 >= outer.x0 && inner.x1 <= outer.x1 && inner.y0 >= outer.y0 && inner.y1 <= outer.y1;

/**
 * The engine's blocks as regions in reading order: its order, the blocks of
 * one table joined (at the place of the first of them), with every block that
 * lies inside the table's box: a form's lone labels, a section's heading
 * between its rows.
 */
export function engineRegions(blocks: readonly (readonly OcrSpan[])[]): OcrSpan[][] {
  const parent = blocks.map((_, i) => i);
  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root] ?? root;
    return root;
  };
  const join = (i: number, j: number) => {
    const [a, b] = [find(i), find(j)];
    if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
  };
  for (let i = 0; i < blocks.length; i++) {
    for (let j = i + 1; j < blocks.length; j++) {
      const a = blocks[i];
      const b = blocks[j];
      if (a && b && find(i) !== find(j) && sameTable(a, b)) join(i, j);
    }
  }
  joinRowsBeside(blocks, join);
  joinLineEnds(blocks, join);
  const boxes = blocks.map((block) =>
    block.length > 0 ? union(block.map((w) => w.bbox)) : undefined,
  );
  for (let changed = true; changed; ) {
    changed = false;
    const tables = new Map<number, BBox>();
    for (const [i, box] of boxes.entries()) {
      const root = find(i);
      if (!box || root === i) continue;
      const rootBox = boxes[root];
      tables.set(root, union([tables.get(root) ?? box, box, ...(rootBox ? [rootBox] : [])]));
    }
    for (const [root, table] of tables) {
      for (const [i, box] of boxes.entries()) {
        if (box && find(i) !== root && within(box, table)) {
          join(i, root);
          changed = true;
        }
      }
    }
  }
  const regions = new Map<number, OcrSpan[]>();
  for (const [i, block] of blocks.entries()) {
    const root = find(i);
    const region = regions.get(root);
    if (region) region.push(...block);
    else regions.set(root, [...block]);
  }
  // A Map keeps the order its keys were first set in: the first block of each region.
  return headingsFirst([...regions.values()].filter((region) => region.length > 0));
}

/**
 * The regions in the engine's order, except that a region wholly above
 * another and within its width is read before it: a receipt's shop and
 * address over its items, an address block over a letter's body. Tesseract
 * can put such a block last when junk read from a page's edge (a dark border
 * taken for tall letters) widens the block below it. Regions side by side
 * (columns) are never reordered.
 */
function headingsFirst(regions: readonly OcrSpan[][]): OcrSpan[][] {
  const boxes = regions.map((region) => union(region.map((w) => w.bbox)));
  const before = (top: BBox, below: BBox) =>
    top.y1 <= below.y0 && top.x0 >= below.x0 && top.x1 <= below.x1;
  // How many regions still to be read must come before each one (-1: read).
  const waiting = boxes.map(
    (box, i) => boxes.filter((other, j) => j !== i && before(other, box)).length,
  );
  const order: OcrSpan[][] = [];
  for (let placed = 0; placed < regions.length; placed++) {
    // The first region in the engine's order that nothing left must precede
    // (boxes of no height could wait on each other: then the first left).
    const free = waiting.indexOf(0);
    const next = free >= 0 ? free : waiting.findIndex((n) => n > 0);
    const [box, region] = [boxes[next], regions[next]];
    if (!box || !region) break;
    order.push(region);
    waiting[next] = -1;
    for (const [i, other] of boxes.entries()) {
      const count = waiting[i] ?? 0;
      if (count > 0 && i !== next && before(box, other)) waiting[i] = count - 1;
    }
  }
  return order;
}

/**
 * Whether two parts pair line for line: nearly as many lines each (a heading
 * over one of them aside), every line of the shorter level with a line of the
 * other. One table's rows; two addresses side by side seldom are (four lines
 * beside two, or lines half a line apart).
 */
function pairedRows(a: readonly OcrSpan[], b: readonly OcrSpan[]): boolean {
  const linesA = groupLines(a);
  const linesB = groupLines(b);
  const [few, many] = linesA.length <= linesB.length ? [linesA, linesB] : [linesB, linesA];
  if (few.length < MIN_ROWS || few.length < PAIRED * many.length) return false;
  const boxes = many.map((line) => union(line.map((w) => w.bbox)));
  return few.every((line) => {
    const box = union(line.map((w) => w.bbox));
    return boxes.some((other) => verticalOverlap(box, other) >= LEVEL);
  });
}

/** A gap between a column's lines wider than this many word heights: not one column of prose. */
const COLUMN_GAP = 2;

/** Whether a part's lines follow each other as a column of prose does, with no wide gap between them. */
function contiguous(part: readonly OcrSpan[]): boolean {
  const h = median(part.map((w) => height(w.bbox)));
  const boxes = groupLines(part).map((line) => union(line.map((w) => w.bbox)));
  return boxes.every((box, i) => {
    const previous = boxes[i - 1];
    return !previous || box.y0 - previous.y1 <= COLUMN_GAP * h;
  });
}

/**
 * A region cut by the XY-cut into columns of prose (`cut`), unless two of the
 * parts side by side pair line for line, or one of them is lines scattered
 * down the other's height: a table's or a form's columns, read row by row,
 * and the region stays whole.
 */
export function cutProse(region: OcrSpan[], cut: (words: OcrSpan[]) => OcrSpan[][]): OcrSpan[][] {
  const parts = cut(region);
  if (parts.length < 2) return parts;
  const boxes = parts.map((part) => union(part.map((w) => w.bbox)));
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) {
      const [a, b, boxA, boxB] = [parts[i], parts[j], boxes[i], boxes[j]];
      if (!a || !b || !boxA || !boxB) continue;
      const apart = boxA.x1 <= boxB.x0 || boxB.x1 <= boxA.x0;
      if (!apart || verticalOverlap(boxA, boxB) < LEVEL) continue;
      if (pairedRows(a, b) || !contiguous(a) || !contiguous(b)) return [region];
    }
  }
  return parts;
}
