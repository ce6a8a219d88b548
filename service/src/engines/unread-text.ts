// Text a page analysis left unread. Tesseract's automatic page segmentation
// (mode 3) finds blocks and columns, and drops what it takes for a picture or
// noise: on photographed receipts and invoices, a bold shop name or the column
// of right-aligned amounts, while every word it did read is sure of itself,
// so no check on the answer sees it. Reading the whole page as lines (mode 4)
// kept some of them, but runs neighbouring columns whose lines do not line up
// into one another (a two-column page with its right column half a line
// lower reads far worse in mode 4), and on small type it dropped the same
// amounts.
//
// So the page is read in mode 3 as before, and its ink is checked against the
// words read: dark blobs of text size (letters, or letters run together)
// whose centre lies in no word's box, or only in a word the engine had no
// confidence in. When they hold more than UNREAD_INK of the text's ink, each
// cluster of them is cut out with a margin and read on its own as one block of
// text (mode 6); its words join the page where they cover no surer word. A
// page read whole leaves next to no ink unread, a page with words dropped a
// large share, so the threshold parts them (docs/quality-reading.md).
import type { BBox, OcrSpan } from "@/lib/kernel/contract";
import { centredIn, median, union } from "../layout/geometry";
import { type Grey, otsu, toPgm } from "../preprocess/grey";
import { buildPage, type RecognizedPage } from "./ocr-page";

/** Share of the text's ink left unread above which its unread parts are read again. */
const UNREAD_INK = 0.02;
/** Parts read again on one page at most, those with the most ink first (each is an engine run). */
const MAX_PARTS = 8;
/** Blobs of text size: this much of the typical blob's height at least, and at most… */
const MIN_HEIGHT = 0.5;
const MAX_HEIGHT = 3;
/** …and no wider than this many times their height (a bold word runs together; a rule is longer). */
const MAX_WIDTH = 12;
/** Blobs under this height (pixels) are specks and dots; they do not set the typical height. */
const SPECK = 4;
/** Pixels a word's box is widened by when asking whether it holds a blob. */
const PAD = 2;
/** Two words overlapping by this share of the smaller one's box are readings of the same word. */
const SAME_WORD = 0.3;
/** A word read with less confidence than this (Tesseract's 0 for a guess) does not count as reading its ink. */
const NO_CONFIDENCE = 0.1;
/** Unread blobs this many typical heights apart are cut out together… */
const CLUSTER_GAP = 3;
/** …with this many typical heights of the page around them. */
const MARGIN = 1;

interface Blob {
  box: BBox;
  /** Its dark pixels. */
  ink: number;
}

/** Dark connected blobs (8-connected) under Otsu's threshold. */
function blobs(image: Grey): Blob[] {
  const { width, height, data } = image;
  const threshold = otsu(image);
  const seen = new Uint8Array(width * height);
  const stack = new Int32Array(width * height);
  const found: Blob[] = [];
  for (let start = 0; start < data.length; start++) {
    if (seen[start] === 1 || (data[start] ?? 255) >= threshold) continue;
    const box = { x0: width, y0: height, x1: 0, y1: 0 };
    let ink = 0;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    while (top > 0) {
      const p = stack[--top] ?? 0;
      const x = p % width;
      const y = (p - x) / width;
      ink++;
      if (x < box.x0) box.x0 = x;
      if (x >= box.x1) box.x1 = x + 1;
      if (y < box.y0) box.y0 = y;
      if (y >= box.y1) box.y1 = y + 1;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const q = yy * width + xx;
          if (seen[q] === 1 || (data[q] ?? 255) >= threshold) continue;
          seen[q] = 1;
          stack[top++] = q;
        }
      }
    }
    found.push({ box, ink });
  }
  return found;
}

/** The blobs that look like text (letters and words, not specks, rules or pictures), and their typical height. */
function textBlobs(image: Grey): { text: Blob[]; typical: number } {
  const all = blobs(image);
  const typical = median(all.map((b) => b.box.y1 - b.box.y0).filter((h) => h >= SPECK));
  const text = all.filter(({ box }) => {
    const h = box.y1 - box.y0;
    return (
      h >= MIN_HEIGHT * typical && h <= MAX_HEIGHT * typical && box.x1 - box.x0 <= MAX_WIDTH * h
    );
  });
  return { text, typical };
}

const holds = (word: BBox, blob: BBox) => {
  const x = (blob.x0 + blob.x1) / 2;
  const y = (blob.y0 + blob.y1) / 2;
  return x >= word.x0 - PAD && x <= word.x1 + PAD && y >= word.y0 - PAD && y <= word.y1 + PAD;
};

const area = (b: BBox) => Math.max(0, b.x1 - b.x0) * Math.max(0, b.y1 - b.y0);

function overlap(a: BBox, b: BBox): number {
  const x = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const y = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return x > 0 && y > 0 ? x * y : 0;
}

/** Share (0–1) of the text's ink on `image` that lies in no word read with some confidence. */
export function unreadInk(
  image: Grey,
  words: readonly OcrSpan[],
): { share: number; unread: Blob[]; typical: number } {
  const { text, typical } = textBlobs(image);
  const read = words.filter((w) => w.confidence >= NO_CONFIDENCE);
  const unread = text.filter((blob) => !read.some((w) => holds(w.bbox, blob.box)));
  const ink = (list: Blob[]) => list.reduce((sum, b) => sum + b.ink, 0);
  const total = ink(text);
  return { share: total === 0 ? 0 : ink(unread) / total, unread, typical };
}

const grow = (b: BBox, by: number): BBox => ({
  x0: b.x0 - by,
  y0: b.y0 - by,
  x1: b.x1 + by,
  y1: b.y1 + by,
});
const meets = (a: BBox, b: BBox) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Blobs near one another (within `gap` pixels) merged into one, box and ink. */
function clusters(blobs: readonly Blob[], gap: number): Blob[] {
  const found: Blob[] = [];
  for (const blob of blobs) {
    let merged = blob;
    for (let i = found.length - 1; i >= 0; i--) {
      const other = found[i] as Blob;
      if (!meets(grow(merged.box, gap), other.box)) continue;
      merged = { box: union([merged.box, other.box]), ink: merged.ink + other.ink };
      found.splice(i, 1);
    }
    found.push(merged);
  }
  // A merge can bring a cluster within reach of one already passed over.
  return found.length === blobs.length ? found : clusters(found, gap);
}

/** The part of `image` inside `box` (clamped), on white with a `margin` all round. */
function cut(image: Grey, box: BBox, margin: number): { crop: Grey; x: number; y: number } {
  const x0 = Math.max(0, box.x0);
  const y0 = Math.max(0, box.y0);
  const x1 = Math.min(image.width, box.x1);
  const y1 = Math.min(image.height, box.y1);
  const width = x1 - x0 + 2 * margin;
  const height = y1 - y0 + 2 * margin;
  const data = new Uint8ClampedArray(width * height).fill(255);
  for (let y = y0; y < y1; y++) {
    const from = y * image.width;
    data.set(image.data.subarray(from + x0, from + x1), (y - y0 + margin) * width + margin);
  }
  return { crop: { width, height, data }, x: x0 - margin, y: y0 - margin };
}

/**
 * `page` as read from `image`, with the words `readBlock` finds in the parts
 * the first reading left unread, when those hold more than UNREAD_INK of the ink.
 */
export async function withUnreadText(
  page: RecognizedPage,
  image: Grey,
  readBlock: (crop: Buffer) => Promise<RecognizedPage>,
): Promise<RecognizedPage> {
  const { share, unread, typical } = unreadInk(image, page.words);
  if (share <= UNREAD_INK) return page;
  let words = [...page.words];
  const parts = clusters(unread, CLUSTER_GAP * typical).sort((a, b) => b.ink - a.ink);
  for (const { box: region } of parts.slice(0, MAX_PARTS)) {
    const margin = Math.round(MARGIN * typical);
    const { crop, x, y } = cut(image, grow(region, margin), margin);
    const found = await readBlock(toPgm(crop));
    // The engine's guesses there give way to the new reading.
    if (found.words.length > 0) {
      words = words.filter((w) => w.confidence >= NO_CONFIDENCE || !meets(w.bbox, region));
    }
    for (const word of found.words) {
      const bbox = {
        x0: word.bbox.x0 + x,
        y0: word.bbox.y0 + y,
        x1: word.bbox.x1 + x,
        y1: word.bbox.y1 + y,
      };
      const covered = words.filter(
        (w) => overlap(w.bbox, bbox) > SAME_WORD * Math.min(area(w.bbox), area(bbox)),
      );
      // Out of the unread part, in the margin, a word read over one of the
      // page's is that line cut through ("26.09.2016" read from its upper half
      // as "NND"): the page's reading of it stands.
      if (covered.length > 0 && !centredIn(region, bbox)) continue;
      if (covered.some((w) => w.confidence >= word.confidence)) continue;
      words = words.filter((w) => !covered.includes(w));
      words.push({ ...word, bbox });
    }
  }
  // The page's blocks keep their order; the words found are set among them where they stand.
  const blocks: OcrSpan[][] = page.blocks.map(() => []);
  const kept = new Set(words);
  for (const word of page.words) {
    const at = page.blocks.findIndex((b) => centredIn(b.bbox, word.bbox));
    if (kept.has(word) && at !== -1) blocks[at]?.push(word);
  }
  return buildPage(page.width, page.height, [words], blocks);
}
