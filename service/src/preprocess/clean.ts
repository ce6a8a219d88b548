// A page whose paper needs no evening out: white paper evenly lit, dark ink,
// no light text on dark, no speckle. A clean scan or a page drawn from a PDF
// is such a page; evening it out (inverted.ts, background.ts) changed next to
// nothing of what the engines read on the three text sets, and costs a good
// share of what Tesseract itself spends on the page
// (docs/performance-reading.md, "Pages of a scanned PDF"). Its contrast is
// still stretched (index.ts). Anything else is evened out as before: this
// only says yes when every cell of the page is plain.
//
// Looked at on every other pixel of every other row, in one pass.
import type { Grey } from "./grey";

/** Side of the cells the paper is looked at in, in pixels: wider than a line of body text. */
const CELL = 32;
/** Paper at least this light is white (a scan of grey or tinted paper is not). */
const WHITE_PAPER = 235;
/**
 * Every cell's lightest pixel at least this light: paper that Tesseract's own
 * threshold (Otsu's, one for the page) tells from black ink everywhere. A form's
 * light grey fields pass; a shadow, a desk or a dark picture do not.
 */
const LIGHT_EVERYWHERE = 200;
/** Pixels under this are ink. */
const INK = 128;
/**
 * A cell with more ink than this share is dark ground (a banner, a picture),
 * not print on paper; a bold heading's strokes fill up to 0.6 of one.
 */
const MAX_INK_SHARE = 0.7;
/** The darkest 0.5 % of the pixels at most this light: black print (grey print is stretched). */
const DARK_INK = 96;
/** Mean difference between neighbours on paper at most this: no speckle to smooth (background.ts's NOISY). */
const QUIET = 1.5;
const STEP = 2;

export function isCleanPage({ width, height, data }: Grey): boolean {
  const cols = Math.ceil(width / CELL);
  const rows = Math.ceil(height / CELL);
  const lightest = new Uint8Array(cols * rows);
  const ink = new Uint32Array(cols * rows);
  const seen = new Uint32Array(cols * rows);
  const histogram = new Uint32Array(256);
  let samples = 0;
  let grain = 0;
  let paperPairs = 0;
  for (let y = 0; y < height; y += STEP) {
    const row = y * width;
    const cellRow = Math.floor(y / CELL) * cols;
    for (let x = 0; x < width; x += STEP) {
      const v = data[row + x] as number;
      const cell = cellRow + Math.floor(x / CELL);
      histogram[v] = (histogram[v] as number) + 1;
      samples++;
      seen[cell] = (seen[cell] as number) + 1;
      if (v > (lightest[cell] as number)) lightest[cell] = v;
      if (v < INK) ink[cell] = (ink[cell] as number) + 1;
      else if (x + 1 < width) {
        const next = data[row + x + 1] as number;
        if (v >= WHITE_PAPER && next >= WHITE_PAPER) {
          grain += Math.abs(v - next);
          paperPairs++;
        }
      }
    }
  }
  const sorted = lightest.slice().sort();
  const paper = sorted[Math.floor(sorted.length / 2)] ?? 0;
  if (paper < WHITE_PAPER || (sorted[0] ?? 0) < LIGHT_EVERYWHERE) return false;
  for (let cell = 0; cell < seen.length; cell++) {
    if ((ink[cell] as number) > MAX_INK_SHARE * (seen[cell] as number)) return false;
  }
  if (paperPairs > 0 && grain / paperPairs > QUIET) return false;
  let count = 0;
  for (let v = 0; v <= DARK_INK; v++) {
    count += histogram[v] as number;
    if (count >= 0.005 * samples) return true;
  }
  return false;
}
