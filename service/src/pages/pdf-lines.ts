// The straight lines a PDF page draws, read from its operator list (pdfjs
// keeps it to draw the page): stroked segments and thin filled rectangles that
// run level or upright, in pixels of the page at a given scale. A table's
// rules come from here exactly and at once, with no drawing and no letters
// mistaken for rules; what a page paints as a picture is not seen.
import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { BBox } from "@/lib/kernel/contract";
import { loadPdfjs } from "./pdf";

/** A level (y0 = y1) or upright (x0 = x1) line, `width` pixels thick. */
export interface DrawnLine {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  width: number;
}

export interface PageDrawing {
  /** Lines or shapes besides text. */
  shapes: boolean;
  /** Pictures (a scan is one). */
  pictures: boolean;
  lines: DrawnLine[];
  /**
   * The boxes of strokes a figure draws and a table does not: straight edges
   * neither level nor upright (a diagram's arrows, a chart's plotted lines,
   * a pie's slices) and open curves (bent arrows, curves plotted).
   */
  figure: BBox[];
}

/** Least angle from level or upright, in degrees, at which a straight edge is slanted. */
const SLANT = 10;

function slanted([x0, y0]: [number, number], [x1, y1]: [number, number]): boolean {
  const angle = (Math.atan2(Math.abs(y1 - y0), Math.abs(x1 - x0)) * 180) / Math.PI;
  return angle >= SLANT && angle <= 90 - SLANT;
}

const boxOf = (points: readonly [number, number][]): BBox => ({
  x0: Math.min(...points.map(([x]) => x)),
  y0: Math.min(...points.map(([, y]) => y)),
  x1: Math.max(...points.map(([x]) => x)),
  y1: Math.max(...points.map(([, y]) => y)),
});

type Matrix = [number, number, number, number, number, number];

/** pdfjs's Util.transform: m2 applied first, then m1. */
const multiply = (m1: Matrix, m2: Matrix): Matrix => [
  m1[0] * m2[0] + m1[2] * m2[1],
  m1[1] * m2[0] + m1[3] * m2[1],
  m1[0] * m2[2] + m1[2] * m2[3],
  m1[1] * m2[2] + m1[3] * m2[3],
  m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
  m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
];

const apply = (m: Matrix, x: number, y: number): [number, number] => [
  m[0] * x + m[2] * y + m[4],
  m[1] * x + m[3] * y + m[5],
];

/** How many numbers follow each of pdfjs's path drawing codes (DrawOPS). */
const PATH_ARGS = [2, 2, 6, 4, 0];

/** A colour too pale to be a rule on white paper ("#f0f0f0" and lighter). */
function pale(colour: unknown): boolean {
  if (colour === "transparent") return true;
  if (typeof colour !== "string" || !/^#[0-9a-f]{6}$/i.test(colour)) return false;
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16) / 255);
  return 0.299 * (r ?? 0) + 0.587 * (g ?? 0) + 0.114 * (b ?? 0) > 0.93;
}

/**
 * Subpaths of a constructPath's drawing codes (moveTo 0, lineTo 1, curveTo 2,
 * quadraticCurveTo 3, closePath 4) as point lists; a curve breaks the straight
 * run it is in. A closed subpath ends where it began.
 */
function subpaths(data: ArrayLike<number>, m: Matrix): [number, number][][] {
  const paths: [number, number][][] = [];
  let current: [number, number][] = [];
  const end = () => {
    if (current.length > 1) paths.push(current);
    current = [];
  };
  for (let i = 0; i < data.length; ) {
    const code = data[i] ?? 4;
    const x = data[i + 1] ?? 0;
    const y = data[i + 2] ?? 0;
    if (code === 0) {
      end();
      current.push(apply(m, x, y));
    } else if (code === 1) current.push(apply(m, x, y));
    else if (code === 4) {
      const first = current[0];
      if (first) current.push(first);
      end();
    } else {
      end();
      const n = PATH_ARGS[code] ?? 0;
      current.push(apply(m, data[i + n - 1] ?? 0, data[i + n] ?? 0));
    }
    i += 1 + (PATH_ARGS[code] ?? 0);
  }
  end();
  return paths;
}

/**
 * The boxes of a constructPath's open subpaths that bend (a curve drawn as a
 * line, not a shape's outline: a circle, a rounded box or a rounded corner is
 * closed), their control points included.
 */
function openCurves(data: ArrayLike<number>, m: Matrix): BBox[] {
  const boxes: BBox[] = [];
  let points: [number, number][] = [];
  let bends = false;
  const end = (closed: boolean) => {
    if (bends && !closed && points.length > 1) boxes.push(boxOf(points));
    points = [];
    bends = false;
  };
  for (let i = 0; i < data.length; ) {
    const code = data[i] ?? 4;
    const n = PATH_ARGS[code] ?? 0;
    if (code === 0) end(false);
    if (code === 4) end(true);
    for (let k = 1; k < n; k += 2) points.push(apply(m, data[i + k] ?? 0, data[i + k + 1] ?? 0));
    if (code === 2 || code === 3) bends = true;
    i += 1 + n;
  }
  end(false);
  return boxes;
}

/** A subpath that is an upright rectangle: its box; else undefined. */
function rectangle(points: readonly [number, number][]): DrawnLine | undefined {
  if (points.length < 4 || points.length > 5) return undefined;
  const xs = new Set(points.map(([x]) => Math.round(x * 4)));
  const ys = new Set(points.map(([, y]) => Math.round(y * 4)));
  if (xs.size > 2 || ys.size > 2) return undefined;
  const x = points.map(([px]) => px);
  const y = points.map(([, py]) => py);
  return {
    x0: Math.min(...x),
    y0: Math.min(...y),
    x1: Math.max(...x),
    y1: Math.max(...y),
    width: 0,
  };
}

/**
 * What a page draws besides text, and its straight lines in pixels at
 * `scale` pixels a point (the viewport's own orientation, y down).
 */
export async function pageDrawing(page: PDFPageProxy, scale: number): Promise<PageDrawing> {
  const { OPS } = await loadPdfjs();
  const pictures = new Set<number>([
    OPS.paintImageXObject,
    OPS.paintInlineImageXObject,
    OPS.paintInlineImageXObjectGroup,
    OPS.paintImageXObjectRepeat,
    OPS.paintImageMaskXObject,
    OPS.paintImageMaskXObjectGroup,
    OPS.paintImageMaskXObjectRepeat,
    OPS.paintSolidColorImageMask,
  ]);
  const strokes = new Set<number>([
    OPS.stroke,
    OPS.closeStroke,
    OPS.fillStroke,
    OPS.eoFillStroke,
    OPS.closeFillStroke,
    OPS.closeEOFillStroke,
  ]);
  const fills = new Set<number>([
    OPS.fill,
    OPS.eoFill,
    OPS.fillStroke,
    OPS.eoFillStroke,
    OPS.closeFillStroke,
    OPS.closeEOFillStroke,
  ]);
  const { fnArray, argsArray } = await page.getOperatorList();
  const base = page.getViewport({ scale }).transform as Matrix;
  let state = { m: base, lineWidth: 1, stroke: "#000000" as unknown, fill: "#000000" as unknown };
  const stack: (typeof state)[] = [];
  const lines: DrawnLine[] = [];
  const figure: BBox[] = [];
  let shapes = false;
  let picture = false;
  /** A line's width in pixels: the transform's scale along it. */
  const widthOf = (m: Matrix, w: number) => Math.max(w, 1 / scale) * Math.hypot(m[0], m[1]);
  fnArray.forEach((fn, i) => {
    const args = argsArray[i] as unknown[] | null;
    if (pictures.has(fn)) picture = true;
    if (fn === OPS.save) stack.push({ ...state });
    else if (fn === OPS.restore) state = stack.pop() ?? state;
    else if (fn === OPS.transform) state.m = multiply(state.m, args as Matrix);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push({ ...state });
      const matrix = args?.[0];
      if (Array.isArray(matrix) && matrix.length === 6)
        state.m = multiply(state.m, matrix as Matrix);
    } else if (fn === OPS.paintFormXObjectEnd) state = stack.pop() ?? state;
    else if (fn === OPS.setLineWidth) state.lineWidth = Number(args?.[0] ?? 1);
    else if (fn === OPS.setStrokeRGBColor) state.stroke = args?.[0];
    else if (fn === OPS.setFillRGBColor) state.fill = args?.[0];
    else if (fn === OPS.setStrokeTransparent) state.stroke = "transparent";
    else if (fn === OPS.setFillTransparent) state.fill = "transparent";
    else if (fn === OPS.shadingFill) shapes = true;
    else if (fn === OPS.constructPath || fn === OPS.rectangle || fn === OPS.rawFillPath) {
      shapes = true;
      if (fn !== OPS.constructPath || !args) return;
      const paint = Number(args[0]);
      const data = (args[1] as ArrayLike<number>[] | undefined)?.[0];
      if (!data) return;
      const paths = subpaths(data, state.m);
      const stroked = strokes.has(paint) && !pale(state.stroke);
      if (stroked || (fills.has(paint) && !pale(state.fill))) {
        for (const points of paths) {
          points.slice(1).forEach((to, k) => {
            const from = points[k] ?? to;
            if (slanted(from, to)) figure.push(boxOf([from, to]));
          });
        }
      }
      if (stroked) {
        figure.push(...openCurves(data, state.m));
        const width = widthOf(state.m, state.lineWidth);
        for (const points of paths) {
          points.slice(1).forEach(([x1, y1], k) => {
            const [x0, y0] = points[k] ?? [x1, y1];
            if (Math.abs(y1 - y0) <= 1 || Math.abs(x1 - x0) <= 1)
              lines.push({ x0, y0, x1, y1, width });
          });
        }
      }
      if (fills.has(paint) && !pale(state.fill)) {
        for (const box of paths.map(rectangle)) {
          if (!box) continue;
          const w = box.x1 - box.x0;
          const h = box.y1 - box.y0;
          // A thin filled rectangle is a rule; a wide one (a shaded cell) is not.
          if (h <= w)
            lines.push({
              x0: box.x0,
              y0: (box.y0 + box.y1) / 2,
              x1: box.x1,
              y1: (box.y0 + box.y1) / 2,
              width: h,
            });
          else
            lines.push({
              x0: (box.x0 + box.x1) / 2,
              y0: box.y0,
              x1: (box.x0 + box.x1) / 2,
              y1: box.y1,
              width: w,
            });
        }
      }
    }
  });
  return { shapes, pictures: picture, lines, figure };
}

/**
 * Each document's page drawings, kept while its bytes are (one request's):
 * the lattice reads every page's, and a stream provider tried after it looks
 * again at the pages where it found a table (tables/provider.ts).
 */
const drawings = new WeakMap<Uint8Array, Map<string, Promise<PageDrawing>>>();

/**
 * The drawing of a document's page `number` as read at `width` pixels across
 * (`read`), read once a request.
 */
export function keptDrawing(
  bytes: Uint8Array,
  { number, width }: { number: number; width: number },
  read: () => Promise<PageDrawing>,
): Promise<PageDrawing> {
  const byKey = drawings.get(bytes) ?? new Map<string, Promise<PageDrawing>>();
  drawings.set(bytes, byKey);
  const key = `${number}@${width}`;
  const kept = byKey.get(key);
  if (kept) return kept;
  const drawing = read();
  byKey.set(key, drawing);
  // A failed reading is not kept: the next attempt reads again.
  drawing.catch(() => byKey.delete(key));
  return drawing;
}

/** Which way most of a page's text runs: along its lines, or turned to read down or up the page. */
export type TextTurn = "level" | "down" | "up";

/**
 * From the page's text layer's transforms, by characters: the way most of its
 * text runs, and the way most of its turned text runs (a narrow column's
 * heading set upright; "level" when none is turned).
 */
export async function textTurns(
  page: PDFPageProxy,
): Promise<{ most: TextTurn; upright: TextTurn }> {
  const content = await page.getTextContent();
  const [va = 1, vb = 0, vc = 0, vd = -1] = page.getViewport({ scale: 1 }).transform as number[];
  const count = { level: 0, down: 0, up: 0 };
  for (const item of content.items) {
    if (!("str" in item)) continue;
    const [ta = 0, tb = 0] = item.transform as number[];
    // The run's direction on the drawn page (y down).
    const dx = va * ta + vc * tb;
    const dy = vb * ta + vd * tb;
    const turn = Math.abs(dx) >= Math.abs(dy) ? "level" : dy > 0 ? "down" : "up";
    count[turn] += item.str.length;
  }
  const [most = "level"] = (Object.keys(count) as TextTurn[]).sort((x, y) => count[y] - count[x]);
  const { down, up } = count;
  return { most, upright: down === 0 && up === 0 ? "level" : down > up ? "down" : "up" };
}
