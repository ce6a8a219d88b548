// PaddleOCR's text lines: boxes found in the detector's map of text, and each
// line cut out of the page and straightened for the recogniser. A port of
// @gutenye/ocr-common's splitIntoLineImages (MIT), the same steps and numbers,
// with what it kept changed (docs/memory.md):
//   - every OpenCV matrix it makes is freed: the original leaked each line's
//     picture, its contour and two transforms into OpenCV's WebAssembly heap,
//     which never shrinks and fails at 1 GiB, so a long enough run of pages
//     made PaddleOCR fail for the life of the process;
//   - the page is copied into that heap once a page, not once a line;
//   - a line's picture is copied out of the heap, so nothing points into it.
import { createRequire } from "node:module";
import type * as OpenCv from "@techstark/opencv-js";
import { loadOpenCv } from "../images";
import { rotatedRectCorners } from "../preprocess/corners";

/** Pixels, four bytes each (RGBA), row by row. */
export interface Rgba {
  data: Uint8Array;
  width: number;
  height: number;
}

type Point = [number, number];
/** Corners from the top left, clockwise (as the original orders them). */
type Box = [Point, Point, Point, Point];

export interface LineImage {
  /** On the page the lines were cut from. */
  box: Box;
  image: Rgba;
}

type Cv = typeof OpenCv;

interface ClipperPoint {
  X: number;
  Y: number;
}
/** The part of js-clipper the unclip step uses (it ships no types). */
interface Clipper {
  ClipperOffset: new () => {
    AddPath(path: ClipperPoint[], join: number, end: number): void;
    Execute(solution: ClipperPoint[][], delta: number): void;
  };
  JoinType: { jtRound: number };
  EndType: { etClosedPolygon: number };
}

let loading: Promise<{ cv: Cv; clipper: Clipper }> | undefined;

/** OpenCV (WebAssembly, ready once its runtime has started) and js-clipper. */
export function loadLineTools(): Promise<{ cv: Cv; clipper: Clipper }> {
  loading ??= loadOpenCv().then(({ cv }) => ({
    cv,
    clipper: createRequire(import.meta.url)("js-clipper") as Clipper,
  }));
  return loading;
}

/** Boxes shorter than this on their short side (detector pixels) are noise. */
const MIN_SIZE = 3;
/** How far a box is grown around its text (DB's unclip ratio). */
const UNCLIP_RATIO = 1.5;

/**
 * The lines of `map` (the detector's 0/255 answer, one byte a pixel), each cut
 * out of `page`, which may be larger than the map: boxes are scaled to it.
 */
export async function splitIntoLines(
  map: { data: Uint8Array; width: number; height: number },
  page: Rgba,
): Promise<LineImage[]> {
  const { cv, clipper } = await loadLineTools();
  const lines: LineImage[] = [];
  const source = cv.matFromArray(map.height, map.width, cv.CV_8UC1, map.data);
  const contours = new cv.MatVector();
  const hierarchy = new cv.Mat();
  const pixels = cv.matFromArray(page.height, page.width, cv.CV_8UC4, page.data);
  try {
    cv.findContours(source, contours, hierarchy, cv.RETR_LIST, cv.CHAIN_APPROX_SIMPLE);
    const rx = page.width / map.width;
    const ry = page.height / map.height;
    for (let i = 0; i < contours.size(); i++) {
      const contour = contours.get(i);
      let found: { points: Box; sside: number };
      try {
        found = miniBox(cv, contour);
      } finally {
        contour.delete();
      }
      if (found.sside < MIN_SIZE) continue;
      const grown = unclip(clipper, found.points);
      const grownMat = cv.matFromArray(grown.length / 2, 1, cv.CV_32SC2, grown);
      let result: { points: Box; sside: number };
      try {
        result = miniBox(cv, grownMat);
      } finally {
        grownMat.delete();
      }
      const box = result.points;
      if (result.sside < MIN_SIZE + 2) continue;
      for (const point of box) {
        point[0] *= rx;
        point[1] *= ry;
      }
      // As in the original, the ordered corners are the box's own: rounding them rounds the box.
      const ordered = orderPointsClockwise(box);
      for (const point of ordered) {
        point[0] = clip(Math.round(point[0]), 0, page.width);
        point[1] = clip(Math.round(point[1]), 0, page.height);
      }
      const [p0, p1, , p3] = ordered;
      if (truncate(norm(p0, p1)) <= 3 || truncate(norm(p0, p3)) <= 3) continue;
      lines.push({ box, image: cropLine(cv, pixels, box) });
    }
  } finally {
    source.delete();
    contours.delete();
    hierarchy.delete();
    pixels.delete();
  }
  return lines;
}

const clip = (n: number, min: number, max: number) => Math.max(min, Math.min(n, max));
const truncate = (n: number) => (n > 0 ? Math.floor(n) : Math.ceil(n));
const norm = (a: Point, b: Point) => Math.sqrt((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2);

/** The smallest rotated rectangle around `contour`, corners ordered, and its short side. */
function miniBox(cv: Cv, contour: OpenCv.Mat): { points: Box; sside: number } {
  const rect = cv.minAreaRect(contour);
  const points = rotatedRectCorners(rect.center, rect.size, rect.angle).sort((a, b) => a[0] - b[0]);
  const [a, b, c, d] = points as Box;
  const [first, fourth] = b[1] > a[1] ? [a, b] : [b, a];
  const [second, third] = d[1] > c[1] ? [c, d] : [d, c];
  return {
    points: [first, second, third, fourth],
    sside: Math.min(rect.size.height, rect.size.width),
  };
}

/** The box grown by area × ratio / perimeter on every side (round corners), as x, y, x, y… */
function unclip(clipper: Clipper, box: Box): number[] {
  const distance = (Math.abs(polygonArea(box)) * UNCLIP_RATIO) / polygonLength(box);
  const offset = new clipper.ClipperOffset();
  offset.AddPath(
    box.map(([X, Y]) => ({ X, Y })),
    clipper.JoinType.jtRound,
    clipper.EndType.etClosedPolygon,
  );
  const expanded: ClipperPoint[][] = [];
  offset.Execute(expanded, distance);
  return (expanded[0] ?? []).flatMap((p) => [p.X, p.Y]);
}

function polygonArea(polygon: readonly Point[]): number {
  let area = 0;
  let previous = polygon[polygon.length - 1] ?? [0, 0];
  for (const point of polygon) {
    area += previous[1] * point[0] - previous[0] * point[1];
    previous = point;
  }
  return area / 2;
}

function polygonLength(polygon: readonly Point[]): number {
  let length = 0;
  let previous = polygon[polygon.length - 1] ?? [0, 0];
  for (const point of polygon) {
    length += Math.hypot(previous[0] - point[0], previous[1] - point[1]);
    previous = point;
  }
  return length;
}

/**
 * The original's corner order, quirks kept: the two corners that are neither the
 * top left nor the bottom right are told apart by their x and y differences.
 */
function orderPointsClockwise(points: Box): Box {
  const sums = points.map(([x, y]) => x + y);
  const topLeft = points[sums.indexOf(Math.min(...sums))] as Point;
  const bottomRight = points[sums.indexOf(Math.max(...sums))] as Point;
  const rest = points.filter((p) => p !== topLeft && p !== bottomRight);
  const [r0 = topLeft, r1 = bottomRight] = rest;
  const diff = [r1[0] - r0[0], r1[1] - r0[1]];
  const pick = (i: number) => rest[i] ?? topLeft;
  return [
    topLeft,
    pick(diff.indexOf(Math.min(...diff))),
    bottomRight,
    pick(diff.indexOf(Math.max(...diff))),
  ];
}

/** The line under `box`, straightened to a rectangle (turned upright when tall), copied out. */
function cropLine(cv: Cv, pixels: OpenCv.Mat, box: Box): Rgba {
  const [p0, p1, p2, p3] = box;
  const width = truncate(Math.max(norm(p0, p1), norm(p2, p3)));
  const height = truncate(Math.max(norm(p0, p3), norm(p1, p2)));
  const from = cv.matFromArray(4, 1, cv.CV_32FC2, box.flat());
  const to = cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, width, 0, width, height, 0, height]);
  const transform = cv.getPerspectiveTransform(from, to);
  const straight = new cv.Mat();
  const made: OpenCv.Mat[] = [from, to, transform, straight];
  try {
    cv.warpPerspective(
      pixels,
      straight,
      transform,
      new cv.Size(width, height),
      cv.INTER_CUBIC,
      cv.BORDER_REPLICATE,
      new cv.Scalar(),
    );
    let line = straight;
    if (straight.rows / straight.cols >= 1.5) {
      const turn = cv.getRotationMatrix2D(
        new cv.Point(straight.cols / 2, straight.cols / 2),
        90,
        1,
      );
      const upright = new cv.Mat();
      made.push(turn, upright);
      cv.warpAffine(
        straight,
        upright,
        turn,
        new cv.Size(straight.rows, straight.cols),
        cv.INTER_CUBIC,
        cv.BORDER_REPLICATE,
        new cv.Scalar(),
      );
      line = upright;
    }
    return { data: new Uint8Array(line.data), width: line.cols, height: line.rows };
  } finally {
    for (const mat of made) mat.delete();
  }
}
