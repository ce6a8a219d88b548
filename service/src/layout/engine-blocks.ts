// Reading order from the engine's own page analysis. Tesseract's page
// segmentation (--psm 3) finds columns, a block set to the right and a
// caption between columns better than an XY-cut on word boxes: on the rendered
// and real sets, pages read in its block order were within a point of the bare
// engine where the XY-cut read across columns (docs/quality.md, "Reading
// order"). Its blocks are kept, in its order, with one correction where the
// person reads otherwise: blocks that sit side by side with their lines level
// with each other, one of them a column of cells (a table's columns, a
// receipt's amounts, a form's labels and values), are one region read row by
// row. Each region is then cut by the XY-cut where it holds two columns of
// running text side by side (a block that runs a sender's and a recipient's
// address together).
import type { BBox, OcrSpan } from "@/lib/kernel/contract";
import { union, verticalOverlap } from "./geometry";
import { groupLines } from "./lines";

/** Least vertical overlap (share of the shorter) for two lines, or two blocks, to be level. */
const LEVEL = 0.5;
/** Share of the shorter block's lines that must have a level line in the other for the two to be rows of one table. */
const ROWS_ALIGNED = 0.6;
/** Fewer lines than this are too few to tell rows from a heading beside a column. */
const MIN_ROWS = 2;
/**
 * A block whose lines hold fewer words than this on average is a column of
 * cells (amounts, a form's labels). Address blocks set side by side hold two
 * to four words a line ("13008 Marseille", "9 cours Mirabeau"), and stay apart.
 */
const CELL_WORDS = 2;

const isCells = (lines: readonly OcrSpan[][]) =>
  lines.reduce((n, line) => n + line.length, 0) < CELL_WORDS * lines.length;

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

/** Whether two blocks are parts of one table: side by side, rows level, one a column of cells. */
function sameTable(a: readonly OcrSpan[], b: readonly OcrSpan[]): boolean {
  const boxA = union(a.map((w) => w.bbox));
  const boxB = union(b.map((w) => w.bbox));
  const apart = boxA.x1 <= boxB.x0 || boxB.x1 <= boxA.x0;
  if (!apart || verticalOverlap(boxA, boxB) < LEVEL) return false;
  const linesA = groupLines(a);
  const linesB = groupLines(b);
  if (!isCells(linesA) && !isCells(linesB)) return false;
  return rowsAlign(linesA, linesB);
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
  return [...regions.values()].filter((region) => region.length > 0);
}
