// A photo's words keep their boxes on the tilted image; lines and columns are
// found on the boxes sheared back by the page's slope, and answers point at
// the words' own boxes.
import type { BBox, OcrSpan } from "@/lib/contract";
import { median } from "./geometry";

/**
 * The slope of the page's lines (dy per dx): the median over each word and
 * its nearest neighbour to the right on about the same line.
 */
export function slope(words: readonly OcrSpan[], unit: number): number {
  const centre = (b: BBox) => [(b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2] as const;
  const slopes: number[] = [];
  for (const word of words) {
    const [x, y] = centre(word.bbox);
    let best: number | undefined;
    let nearest = unit * 3;
    for (const other of words) {
      const gap = other.bbox.x0 - word.bbox.x1;
      const [ox, oy] = centre(other.bbox);
      if (gap < 0 || gap > nearest || Math.abs(oy - y) > unit * 0.8) continue;
      nearest = gap;
      best = (oy - y) / (ox - x || 1);
    }
    if (best !== undefined) slopes.push(best);
  }
  return slopes.length >= 5 ? median(slopes) : 0;
}

/** The words sheared level (`unit`: their median height), and each level word's original. */
export function levelWords(
  words: readonly OcrSpan[],
  unit: number,
): { level: OcrSpan[]; original: (word: OcrSpan) => OcrSpan } {
  const tilt = slope(words, unit);
  const original = new Map<OcrSpan, OcrSpan>();
  const level = words.map((w) => {
    const dy = tilt * ((w.bbox.x0 + w.bbox.x1) / 2);
    const straight = { ...w, bbox: { ...w.bbox, y0: w.bbox.y0 - dy, y1: w.bbox.y1 - dy } };
    original.set(straight, w);
    return straight;
  });
  return { level, original: (w) => original.get(w) ?? w };
}
