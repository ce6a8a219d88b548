// Boxes and the few statistics the layout layer needs.
import type { BBox, OcrSpan } from "@/lib/kernel/contract";

export function union(boxes: readonly BBox[]): BBox {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const b of boxes) {
    x0 = Math.min(x0, b.x0);
    y0 = Math.min(y0, b.y0);
    x1 = Math.max(x1, b.x1);
    y1 = Math.max(y1, b.y1);
  }
  return { x0, y0, x1, y1 };
}

export const height = (b: BBox) => b.y1 - b.y0;

/** Whether the centre of `box` lies in `area` (its edges included). */
export function centredIn(area: BBox, box: BBox): boolean {
  const x = (box.x0 + box.x1) / 2;
  const y = (box.y0 + box.y1) / 2;
  return x >= area.x0 && x <= area.x1 && y >= area.y0 && y <= area.y1;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

/** Vertical overlap of two boxes, as a share of the shorter one's height. */
export function verticalOverlap(a: BBox, b: BBox): number {
  const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  const shorter = Math.min(height(a), height(b));
  return shorter <= 0 ? 0 : overlap / shorter;
}

/** A span of text made of `parts` joined by `separator`, with their mean confidence and box. */
export function joinSpans(parts: readonly OcrSpan[], separator: string): OcrSpan {
  return {
    text: parts.map((p) => p.text).join(separator),
    confidence: mean(parts.map((p) => p.confidence)),
    bbox: union(parts.map((p) => p.bbox)),
  };
}

/** Clear stretches of [from, to] that no interval covers, at least `min` wide. */
export function gaps(
  intervals: readonly (readonly [number, number])[],
  from: number,
  to: number,
  min: number,
): [number, number][] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const clear: [number, number][] = [];
  let reach = from;
  for (const [start, end] of sorted) {
    if (start - reach >= min) clear.push([reach, start]);
    reach = Math.max(reach, end);
  }
  if (to - reach >= min) clear.push([reach, to]);
  return clear;
}
