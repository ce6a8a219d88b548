// Cells of a ruled table read again one by one where the page read failed
// them: a word read with little confidence, or ink and no word. On a phone
// photo a table's print is small; read as a page, a decimal point or a short
// column goes missing ("83" for "8.3"). Each such cell is cropped from the
// straightened page (its rules painted out), enlarged, and the crops stacked
// one under another into one image that the engine reads as a block of text,
// in one run; each word goes back to the crop it sits in. Each word keeps the
// reading the engine is surer of.
import { createCanvas } from "@napi-rs/canvas";
import type { BBox, OcrSpan } from "@/lib/kernel/contract";
import type { RecognizedPage } from "../../engines/ocr-page";
import { groupLines } from "../../layout/lines";
import { type Grey, toCanvas } from "../../preprocess/grey";
import { isRuleText, type LatticeTable } from "./lattice";

/** Reads one image as a block of text (the engine's recognizeBlock, in the document's language). */
export type BlockReader = (png: Buffer) => Promise<RecognizedPage>;

/** Confidence under which a word of the page read sends its cell to be read again. */
const CELL_SURE = 0.93;
/** Height in pixels a cell's words are enlarged to (Tesseract reads best at 30-40 px capitals). */
const READ_HEIGHT = 48;
const MAX_SCALE = 3;
/** Share of a cell's inner area that, dark, is ink (a word the page read missed). */
const INK = 0.004;
/** Tallest stack read at once, in pixels; more cells make several stacks. */
const MAX_STACK = 12_000;

const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;

/** Whether a rectangle of the image, kept clear of its edges, holds ink. */
function hasInk(image: Grey, rect: BBox, inset: number, threshold: number): boolean {
  const x0 = Math.max(0, Math.ceil(rect.x0 + inset));
  const x1 = Math.min(image.width, Math.floor(rect.x1 - inset));
  const y0 = Math.max(0, Math.ceil(rect.y0 + inset));
  const y1 = Math.min(image.height, Math.floor(rect.y1 - inset));
  if (x1 <= x0 || y1 <= y0) return false;
  let dark = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) if ((image.data[y * image.width + x] ?? 255) < threshold) dark++;
  }
  return dark >= Math.max(12, (x1 - x0) * (y1 - y0) * INK);
}

/**
 * A cell's text from its two readings (words in reading order), or undefined
 * to keep the first: word by word, the surer of the two, when both read as
 * many words; else the second reading whole, if the engine is surer of it.
 */
function surer(before: readonly OcrSpan[], again: readonly OcrSpan[]): string | undefined {
  if (again.length === 0) return undefined;
  if (again.length === before.length) {
    return again
      .map((word, i) => {
        const old = before[i];
        return old && old.confidence >= word.confidence ? old.text : word.text;
      })
      .join(" ");
  }
  const sure = mean(again.map((w) => w.confidence));
  if (sure <= mean(before.map((w) => w.confidence))) return undefined;
  return again.map((w) => w.text).join(" ");
}

interface Crop {
  table: LatticeTable;
  cell: number;
  rect: BBox;
}

/**
 * Reads again the cells of `tables` the page read may have failed, on `image`
 * (where the tables' grids are, their rules painted out), and puts the new
 * readings in the tables' rows and cells. `wordHeight` is the print's, in
 * the image's pixels; `threshold` the grey level under which a pixel is ink.
 */
export async function rereadCells(
  image: Grey,
  tables: readonly LatticeTable[],
  read: BlockReader,
  wordHeight: number,
  threshold: number,
): Promise<number> {
  const inset = Math.max(3, wordHeight * 0.15);
  const crops: Crop[] = [];
  for (const table of tables) {
    table.reads.forEach(({ words, rect }, cell) => {
      const doubtful = words.some((w) => w.confidence < CELL_SURE);
      const missed = words.length === 0 && hasInk(image, rect, inset, threshold);
      if (doubtful || missed) {
        crops.push({
          table,
          cell,
          rect: {
            x0: rect.x0 + inset,
            y0: rect.y0 + inset,
            x1: rect.x1 - inset,
            y1: rect.y1 - inset,
          },
        });
      }
    });
  }
  const usable = crops.filter((c) => c.rect.x1 - c.rect.x0 >= 4 && c.rect.y1 - c.rect.y0 >= 4);
  if (usable.length === 0) return 0;
  const scale = Math.min(MAX_SCALE, Math.max(1, READ_HEIGHT / Math.max(1, wordHeight)));
  const source = toCanvas(image);
  const margin = Math.round(READ_HEIGHT / 2);
  const band = (c: Crop) => Math.round((c.rect.y1 - c.rect.y0) * scale) + READ_HEIGHT;
  // Stacks of at most MAX_STACK pixels, each read in one run.
  const stacks: Crop[][] = [[]];
  let height = 0;
  for (const crop of usable) {
    const last = stacks.at(-1);
    if (last && last.length > 0 && height + band(crop) > MAX_STACK) {
      stacks.push([]);
      height = 0;
    }
    stacks.at(-1)?.push(crop);
    height += band(crop);
  }
  let changed = 0;
  for (const stack of stacks) {
    const width =
      Math.round(Math.max(...stack.map((c) => c.rect.x1 - c.rect.x0)) * scale) + 2 * margin;
    const canvas = createCanvas(width, stack.reduce((sum, c) => sum + band(c), 0) + 2 * margin);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    const tops: number[] = [];
    let y = margin;
    for (const { rect } of stack) {
      tops.push(y);
      const w = rect.x1 - rect.x0;
      const h = rect.y1 - rect.y0;
      ctx.drawImage(source, rect.x0, rect.y0, w, h, margin, y, w * scale, h * scale);
      y += Math.round(h * scale) + READ_HEIGHT;
    }
    const page = await read(await canvas.encode("png"));
    const found = stack.map((): OcrSpan[] => []);
    for (const word of page.words) {
      if (isRuleText(word.text)) continue;
      const middle = (word.bbox.y0 + word.bbox.y1) / 2;
      const i = tops.findLastIndex((top) => top <= middle);
      if (i >= 0) found[i]?.push(word);
    }
    stack.forEach((crop, i) => {
      const again = groupLines(found[i] ?? []).flat();
      const before = groupLines(crop.table.reads[crop.cell]?.words ?? []).flat();
      const text = surer(before, again);
      if (text === undefined) return;
      const cell = crop.table.table.cells[crop.cell];
      if (!cell || cell.text === text) return;
      cell.text = text;
      const row = crop.table.table.rows[cell.row];
      if (row) row[cell.col] = text;
      changed++;
    });
  }
  return changed;
}
