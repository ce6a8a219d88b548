// Points and boxes between an image and one made from it (turned, warped).
import type { BBox } from "@/lib/kernel/contract";

type Point = readonly [number, number];

/** The box around `points` in whole pixels, kept inside an image of `size`. */
export function boxAround(points: readonly Point[], size: { width: number; height: number }): BBox {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const clamp = (v: number, max: number) => Math.round(Math.min(max, Math.max(0, v)));
  return {
    x0: clamp(Math.min(...xs), size.width),
    y0: clamp(Math.min(...ys), size.height),
    x1: clamp(Math.max(...xs), size.width),
    y1: clamp(Math.max(...ys), size.height),
  };
}

/** The corners of a rotated rectangle (OpenCV's RotatedRect: centre, size, degrees), as its boxPoints orders them. */
export function rotatedRectCorners(
  center: { x: number; y: number },
  size: { width: number; height: number },
  angle: number,
): [number, number][] {
  const theta = (angle * Math.PI) / 180;
  const cos = Math.cos(theta);
  const sin = Math.sin(theta);
  const dx = size.width * 0.5;
  const dy = size.height * 0.5;
  const { x: cx, y: cy } = center;
  return [
    [cx - dx * cos + dy * sin, cy - dx * sin - dy * cos],
    [cx + dx * cos + dy * sin, cy + dx * sin - dy * cos],
    [cx + dx * cos - dy * sin, cy + dx * sin + dy * cos],
    [cx - dx * cos - dy * sin, cy - dx * sin + dy * cos],
  ];
}
