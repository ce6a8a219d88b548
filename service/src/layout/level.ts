// A photo's words keep their boxes on the tilted image; lines and columns are
// found on the boxes sheared back by the page's slope, and answers point at
// the words' own boxes.
import type { BBox, OcrSpan } from "@/lib/kernel/contract";
import { median } from "./geometry";

/**
 * The slope of the page's lines (dy per dx): the median over each word and
 * its nearest neighbour to the right on about the same line, within three
 * word heights; on a sparse page (a table of one-word cells) where fewer than
 * five words have one, within twenty, the line allowed to fall up to 5°.
 */
export function slope(words: readonly OcrSpan[], unit: number): number {
  const near = slopes(words, unit * 3, () => unit * 0.8);
  if (near.length >= 5) return median(near);
  const far = slopes(words, unit * 20, (dx) => Math.max(unit * 0.8, dx * FAR_SLOPE));
  return far.length >= 5 ? median(far) : 0;
}

/** tan 5°: the steepest line the wide search takes for one. */
const FAR_SLOPE = 0.0875;

function slopes(words: readonly OcrSpan[], reach: number, rise: (dx: number) => number): number[] {
  const centre = (b: BBox) => [(b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2] as const;
  const found: number[] = [];
  for (const word of words) {
    const [x, y] = centre(word.bbox);
    let best: number | undefined;
    let nearest = reach;
    for (const other of words) {
      const gap = other.bbox.x0 - word.bbox.x1;
      const [ox, oy] = centre(other.bbox);
      if (gap < 0 || gap > nearest || Math.abs(oy - y) > rise(ox - x)) continue;
      nearest = gap;
      best = (oy - y) / (ox - x || 1);
    }
    if (best !== undefined) found.push(best);
  }
  return found;
}

/**
 * The words sheared level (`unit`: their median height), and each level word's
 * original. With `upright`, sheared across as well, so that a column's edge
 * that leans with the page's tilt stands upright again (a table's columns on a
 * tilted photo drift by the tilt times the table's height).
 */
export function levelWords(
  words: readonly OcrSpan[],
  unit: number,
  upright = false,
): { level: OcrSpan[]; original: (word: OcrSpan) => OcrSpan } {
  const tilt = slope(words, unit);
  const original = new Map<OcrSpan, OcrSpan>();
  const level = words.map((w) => {
    const dy = tilt * ((w.bbox.x0 + w.bbox.x1) / 2);
    const dx = upright ? -tilt * ((w.bbox.y0 + w.bbox.y1) / 2) : 0;
    const straight = {
      ...w,
      bbox: { x0: w.bbox.x0 - dx, y0: w.bbox.y0 - dy, x1: w.bbox.x1 - dx, y1: w.bbox.y1 - dy },
    };
    original.set(straight, w);
    return straight;
  });
  return { level, original: (w) => original.get(w) ?? w };
}
