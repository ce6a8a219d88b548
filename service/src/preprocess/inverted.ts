// Light text on dark: a banner, a table's header row, a whole page printed
// white on black. Evening out the paper (background.ts) takes a dark banner
// for the desk around a photo and whitens it, words and all (a white-on-navy
// title above a letter: lost by every engine); left alone, the
// engines read only part of such rows. So each large dark region holding
// light text is turned into dark text on light before anything else, and the
// page is read as one.
//
// Regions are found on a grid of CELL × CELL pixels: cells mostly darker than
// the page's ink threshold (Otsu), joined with their neighbours into regions.
// A region is kept when it is large enough to hold a line of text, mostly dark
// across its whole box, its dark pixels one background around light blobs of
// text size (letters), its ground truly dark: a picture, a dark bar, the desk
// around or beside a photographed sheet or bold dark print are not.
import type { BBox } from "@/lib/kernel/contract";
import { type Grey, otsu } from "./grey";

/** Side of the cells regions are found on, in pixels. */
const CELL = 8;
/** A cell this much darker than the threshold is part of a dark region. */
const DARK_CELL = 0.6;
/** A region's box is at least this dark as a whole… */
const DARK_BOX = 0.6;
/** …at least this many pixels high and wide… */
const MIN_SIDE = 16;
/** …its dark pixels mostly one background… */
const ONE_BACKGROUND = 0.8;
/** …and holds at least this many light blobs of text size. */
const MIN_LETTERS = 3;
/**
 * No light blob covers more than this share of a region's box: letters are
 * strokes; a receipt lying on a dark carpet is paper (the whole photo was
 * turned over, and no word on it read).
 */
const MAX_LIGHT_BLOB = 0.1;
/** Light blobs of text size: at least this high (pixels)… */
const MIN_LETTER = 6;
/** …and at most this share of the region's height. */
const MAX_LETTER = 0.9;
/**
 * The ground's median grey (its pixels under the threshold) is at most this: a
 * banner or a header row is dark (navy, black, brown: 20–90, grey 128). A desk
 * around a photographed receipt, or paper in shadow, is only darker than the
 * page's white margins (wood at 180–200): turned over, the paper would be read
 * as ink (real receipts on wood: every word lost).
 */
const DARK_GROUND = 160;

/** Every other pixel of every other row: enough to tell dark cells and the threshold, at a quarter of the cost. */
const STEP = 2;

/** Otsu's threshold of the sampled pixels. */
function sampledThreshold(image: Grey): number {
  const width = Math.ceil(image.width / STEP);
  const height = Math.ceil(image.height / STEP);
  const data = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      data[y * width + x] = image.data[y * STEP * image.width + x * STEP] ?? 255;
    }
  }
  return otsu({ width, height, data });
}

/** Dark pixels (under the threshold) in each cell, as a share of the cell's sampled pixels. */
function cellDarkness(image: Grey, threshold: number, cols: number, rows: number): Float32Array {
  const { width, height, data } = image;
  const dark = new Float32Array(cols * rows);
  const sampled = new Float32Array(cols * rows);
  for (let y = 0; y < height; y += STEP) {
    const row = Math.floor(y / CELL) * cols;
    for (let x = 0; x < width; x += STEP) {
      const cell = row + Math.floor(x / CELL);
      sampled[cell] = (sampled[cell] ?? 0) + 1;
      if ((data[y * width + x] ?? 255) < threshold) dark[cell] = (dark[cell] ?? 0) + 1;
    }
  }
  for (let i = 0; i < dark.length; i++) dark[i] = (dark[i] ?? 0) / Math.max(1, sampled[i] ?? 0);
  return dark;
}

/** Boxes (in pixels) of 8-connected groups of dark cells. */
function darkGroups(dark: Float32Array, cols: number, rows: number): BBox[] {
  const seen = new Uint8Array(cols * rows);
  const stack: number[] = [];
  const boxes: BBox[] = [];
  for (let start = 0; start < dark.length; start++) {
    if (seen[start] === 1 || (dark[start] ?? 0) < DARK_CELL) continue;
    seen[start] = 1;
    stack.push(start);
    const box = { x0: cols, y0: rows, x1: 0, y1: 0 };
    while (stack.length > 0) {
      const i = stack.pop() ?? 0;
      const c = i % cols;
      const r = (i - c) / cols;
      box.x0 = Math.min(box.x0, c);
      box.y0 = Math.min(box.y0, r);
      box.x1 = Math.max(box.x1, c + 1);
      box.y1 = Math.max(box.y1, r + 1);
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const rr = r + dr;
          const cc = c + dc;
          if (rr < 0 || rr >= rows || cc < 0 || cc >= cols) continue;
          const j = rr * cols + cc;
          if (seen[j] === 1 || (dark[j] ?? 0) < DARK_CELL) continue;
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    boxes.push({
      x0: box.x0 * CELL,
      y0: box.y0 * CELL,
      x1: box.x1 * CELL,
      y1: box.y1 * CELL,
    });
  }
  return boxes;
}

/** Share of the pixels in the rectangle darker than the threshold. */
function darkShare(image: Grey, threshold: number, b: BBox): number {
  let dark = 0;
  for (let y = b.y0; y < b.y1; y++) {
    const row = y * image.width;
    for (let x = b.x0; x < b.x1; x++) if ((image.data[row + x] ?? 255) < threshold) dark++;
  }
  return dark / Math.max(1, (b.x1 - b.x0) * (b.y1 - b.y0));
}

/** The median grey of the rectangle's pixels darker than the threshold. */
function groundGrey(image: Grey, threshold: number, b: BBox): number {
  const counts = new Uint32Array(256);
  let total = 0;
  for (let y = b.y0; y < b.y1; y++) {
    const row = y * image.width;
    for (let x = b.x0; x < b.x1; x++) {
      const v = image.data[row + x] ?? 255;
      if (v < threshold) {
        counts[v] = (counts[v] ?? 0) + 1;
        total++;
      }
    }
  }
  for (let v = 0, seen = 0; v < 256; v++) {
    seen += counts[v] ?? 0;
    if (2 * seen >= total) return v;
  }
  return 255;
}

/**
 * The group's box fitted to the region to the pixel: grown by the rows and
 * columns beside it that are mostly dark (at most a cell: the grid cuts the
 * region's edge), then narrowed past its edge rows and columns that are mostly
 * light (paper beside it), so no stripe of the one or the other is turned over.
 */
function fitted(image: Grey, box: BBox, threshold: number): BBox {
  const b = { ...box, x1: Math.min(box.x1, image.width), y1: Math.min(box.y1, image.height) };
  const dark = (x0: number, y0: number, x1: number, y1: number) =>
    darkShare(image, threshold, { x0, y0, x1, y1 }) >= 0.5;
  for (let i = 0; i < CELL && b.y0 > 0 && dark(b.x0, b.y0 - 1, b.x1, b.y0); i++) b.y0--;
  for (let i = 0; i < CELL && b.y1 < image.height && dark(b.x0, b.y1, b.x1, b.y1 + 1); i++) b.y1++;
  for (let i = 0; i < CELL && b.x0 > 0 && dark(b.x0 - 1, b.y0, b.x0, b.y1); i++) b.x0--;
  for (let i = 0; i < CELL && b.x1 < image.width && dark(b.x1, b.y0, b.x1 + 1, b.y1); i++) b.x1++;
  while (b.y1 - b.y0 > 1 && !dark(b.x0, b.y0, b.x1, b.y0 + 1)) b.y0++;
  while (b.y1 - b.y0 > 1 && !dark(b.x0, b.y1 - 1, b.x1, b.y1)) b.y1--;
  while (b.x1 - b.x0 > 1 && !dark(b.x0, b.y0, b.x0 + 1, b.y1)) b.x0++;
  while (b.x1 - b.x0 > 1 && !dark(b.x1 - 1, b.y0, b.x1, b.y1)) b.x1--;
  return b;
}

interface Blob {
  pixels: number;
  height: number;
  /** Whether it reaches the edge of the box it was found in. */
  edge: boolean;
}

/** 4-connected blobs of the pixels inside `box` that `take` takes. */
function blobsIn(image: Grey, box: BBox, take: (value: number) => boolean): Blob[] {
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  const seen = new Uint8Array(w * h);
  const at = (x: number, y: number) =>
    take(image.data[(box.y0 + y) * image.width + box.x0 + x] ?? 0);
  const stack: number[] = [];
  const blobs: Blob[] = [];
  for (let start = 0; start < w * h; start++) {
    const sx = start % w;
    if (seen[start] === 1 || !at(sx, (start - sx) / w)) continue;
    seen[start] = 1;
    stack.push(start);
    const blob = { pixels: 0, height: 0, edge: false };
    let top = h;
    let bottom = 0;
    while (stack.length > 0) {
      const i = stack.pop() ?? 0;
      const x = i % w;
      const y = (i - x) / w;
      blob.pixels++;
      top = Math.min(top, y);
      bottom = Math.max(bottom, y + 1);
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) blob.edge = true;
      for (const [xx, yy] of [
        [x - 1, y],
        [x + 1, y],
        [x, y - 1],
        [x, y + 1],
      ] as const) {
        if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
        const j = yy * w + xx;
        if (seen[j] === 1 || !at(xx, yy)) continue;
        seen[j] = 1;
        stack.push(j);
      }
    }
    blobs.push({ ...blob, height: bottom - top });
  }
  return blobs;
}

/**
 * Whether the dark box is a background with light text on it: its dark pixels
 * one blob around the rest (bold dark letters are a blob each), and light blobs
 * of letter height inside it, touching no edge (the paper around dark letters does).
 */
function holdsLightText(image: Grey, box: BBox, threshold: number): boolean {
  if (darkShare(image, threshold, box) < DARK_BOX) return false;
  if (groundGrey(image, threshold, box) > DARK_GROUND) return false;
  const dark = blobsIn(image, box, (v) => v < threshold);
  const inked = dark.reduce((sum, b) => sum + b.pixels, 0);
  const largest = Math.max(0, ...dark.map((b) => b.pixels));
  if (largest < ONE_BACKGROUND * inked) return false;
  const tall = MAX_LETTER * (box.y1 - box.y0);
  const light = blobsIn(image, box, (v) => v >= threshold);
  // A sheet of paper lying on it: a dark desk, not a dark ground for text.
  const area = (box.x1 - box.x0) * (box.y1 - box.y0);
  if (light.some((b) => b.pixels > MAX_LIGHT_BLOB * area)) return false;
  const letters = light.filter((b) => !b.edge && b.height >= MIN_LETTER && b.height <= tall);
  return letters.length >= MIN_LETTERS;
}

/** The page's large dark regions that hold light text, in pixels. */
export function invertedRegions(image: Grey): BBox[] {
  const threshold = sampledThreshold(image);
  const cols = Math.ceil(image.width / CELL);
  const rows = Math.ceil(image.height / CELL);
  const dark = cellDarkness(image, threshold, cols, rows);
  return darkGroups(dark, cols, rows)
    .map((group) => fitted(image, group, threshold))
    .filter((box) => box.x1 - box.x0 >= MIN_SIDE && box.y1 - box.y0 >= MIN_SIDE)
    .filter((box) => holdsLightText(image, box, threshold));
}

/** The page with its regions of light text on dark turned into dark text on light; the same image when it has none. */
export function invertDarkRegions(image: Grey): Grey {
  const regions = invertedRegions(image);
  if (regions.length === 0) return image;
  const data = new Uint8ClampedArray(image.data);
  for (const box of regions) {
    for (let y = box.y0; y < box.y1; y++) {
      for (let x = box.x0; x < box.x1; x++) {
        const p = y * image.width + x;
        data[p] = 255 - (data[p] ?? 0);
      }
    }
  }
  return { ...image, data };
}
