// The sheet of paper in a photo (issue 25, item 5): a receipt or letter on a
// desk is found, its four corners taken, and the sheet alone is flattened into
// an upright rectangle (a perspective correction), so the desk's grain, a hand
// or the table's edge are not read as letters, and deskew and the engine work
// on the paper only.
//
// Looked for on a small copy (MAX_SIDE pixels), each pixel its darkest channel
// (paper is bright in all three; a wooden desk is not, however light it is in
// grey), past the flat white margins of a photo pasted on a canvas (the 1200 ×
// 893 receipt samples), with the print closed away (a morphological closing,
// light over dark) so the paper is one even region. The sheet is, in turn:
//   1. the largest four-sided outline among the edges (Canny) of that copy, or
//   2. the largest bright region after Otsu's split, when it fills its convex
//      hull (MIN_SOLIDITY); its corners, its outline simplified to four points
//      or the smallest rectangle around it;
// and only when it is one: a clear share of the photo (MIN_AREA; not nearly all
// of it, MAX_AREA: a scan, or a photo the page fills, has too little desk to
// cut away), brighter than what surrounds it (MIN_CONTRAST), paper on the inner
// side of each of its edges and something darker on the outer (a fold or a
// shadow across the page has paper on both), and with next to no print outside
// it (the lit part of a page in shadow is no sheet; a wooden desk's grain
// counts as some print, so an outline with four straight edges is allowed more).
// Nothing found: the photo is read whole, as before.
//
// On a scan (its resolution known) the slip laid on card or under the
// scanner's black lid is looked for by its own rules (docs/quality-preparation.md,
// "A slip on a scan"): no outline of edges, the region as white as the scan's paper
// (PAPER_SHARE, PAPER_BAND) with thin strips of it opened away, print outside
// allowed (the card's grain) but next to no paper (MAX_PAPER_OUTSIDE: a white
// page between its paragraphs is no slip), cut out square.
import { type Canvas, createCanvas } from "@napi-rs/canvas";
import type { BBox } from "@/lib/kernel/contract";
import { loadOpenCv } from "../images";
import { boxAround, rotatedRectCorners } from "./corners";
import type { Grey, PixelSource } from "./grey";

/** The side of the small copy the sheet is looked for on. */
const MAX_SIDE = 400;
/** The sheet covers at least this share of the photo (past its margins)… */
const MIN_AREA = 0.12;
/**
 * …and at most this. Above it there is too little desk to gain anything, and
 * flattening costs: on phone photos that the page nearly fills the text read
 * the same and invoice fields were lost to resampling, where receipts on a desk,
 * well under this share, read far better flattened (docs/quality-preparation.md).
 */
const MAX_AREA = 0.6;
/** Grey levels the sheet is brighter than what surrounds it, at least. */
const MIN_CONTRAST = 25;
/** The region fills this share of its convex hull at least (a sheet is convex). */
const MIN_SOLIDITY = 0.9;
/** Tolerances an outline is simplified with (share of its length), in turn, to four corners. */
const SIMPLIFY = [0.02, 0.035, 0.05];
/** Canny's thresholds on the closed photo: the sheet's edge, not the desk's grain. */
const EDGE_LOW = 20;
const EDGE_HIGH = 60;
/** Points along each side of a sheet where paper and desk are compared… */
const EDGE_SAMPLES = 24;
/** …and the share of them (in the photo) where the paper is the brighter, at least. */
const EDGE_HELD = 0.6;
/** Grey levels a pixel is darker than its closed surroundings by, to count as print. */
const INK = 40;
/**
 * Share of the photo's print that may lie outside the sheet (specks, grain): of
 * a region found by brightness alone, and of one whose four straight edges were
 * found (a wooden desk's grain counts as print; a lit part of a page has none).
 */
const MAX_INK_OUTSIDE = 0.1;
const MAX_INK_OUTSIDE_EDGED = 0.35;
/** On a scan, the paper: grey levels within this of its whitest (PAPER_SHARE of the scan is at least that white). */
const PAPER_BAND = 28;
const PAPER_SHARE = 0.03;
/** On a scan, the share of what lies outside the slip that is as white as paper, at most. */
const MAX_PAPER_OUTSIDE = 0.05;
/** A margin at least this bright all along is the canvas a photo was pasted on. */
const FLAT_WHITE = 250;
/** The corners are moved out by this share of the sheet's size, so no print at its edge is cut. */
const GROW = 0.015;

type Point = [number, number];
type OpenCv = typeof import("@techstark/opencv-js");
type OpenCvMat = InstanceType<OpenCv["Mat"]>;

export interface Sheet {
  /** The sheet alone, flattened upright. */
  image: Grey;
  /** Its corners on the image it was found in (top left, top right, bottom right, bottom left). */
  corners: [Point, Point, Point, Point];
  /** A box on the flattened sheet → the box around the same place on the image it was found in. */
  toSource(box: BBox): BBox;
}

/** Rows and columns of flat white around a pasted photo: the part inside them. */
function insideMargins(small: Grey): { x0: number; y0: number; x1: number; y1: number } {
  const { width, height, data } = small;
  const whiteRow = (y: number) => {
    for (let x = 0; x < width; x++) if ((data[y * width + x] ?? 0) < FLAT_WHITE) return false;
    return true;
  };
  const whiteColumn = (x: number, y0: number, y1: number) => {
    for (let y = y0; y < y1; y++) if ((data[y * width + x] ?? 0) < FLAT_WHITE) return false;
    return true;
  };
  let y0 = 0;
  let y1 = height;
  while (y0 < y1 && whiteRow(y0)) y0++;
  while (y1 > y0 && whiteRow(y1 - 1)) y1--;
  let x0 = 0;
  let x1 = width;
  while (x0 < x1 && whiteColumn(x0, y0, y1)) x0++;
  while (x1 > x0 && whiteColumn(x1 - 1, y0, y1)) x1--;
  return { x0, y0, x1, y1 };
}

/** The grey level PAPER_SHARE of `pixels` reach or pass: the paper's white on a scan. */
function paperLevel(pixels: Uint8Array): number {
  const counts = new Array<number>(256).fill(0);
  for (const value of pixels) counts[value] = (counts[value] ?? 0) + 1;
  let seen = 0;
  for (let level = 255; level > 0; level--) {
    seen += counts[level] ?? 0;
    if (seen >= PAPER_SHARE * pixels.length) return level;
  }
  return 0;
}

/** The corners of the upright box around `points`. */
function boxCorners(points: readonly Point[]): Point[] {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ];
}

const distance = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Four points as top left, top right, bottom right, bottom left. */
function ordered(points: Point[]): [Point, Point, Point, Point] {
  const bySum = [...points].sort((a, b) => a[0] + a[1] - (b[0] + b[1]));
  const byDiff = [...points].sort((a, b) => a[1] - a[0] - (b[1] - b[0]));
  const first = (list: Point[]) => list[0] ?? [0, 0];
  const last = (list: Point[]) => list[list.length - 1] ?? [0, 0];
  return [first(bySum), first(byDiff), last(bySum), last(byDiff)];
}

/** The sheet inside `corners` of `image` (`source`, the same pixels in OpenCV), warped upright. */
function flatten(
  cv: OpenCv,
  source: OpenCvMat,
  image: Grey,
  corners: [Point, Point, Point, Point],
  keep: <T extends { delete(): void }>(mat: T) => T,
): Sheet {
  const clamp = ([x, y]: Point): Point => [
    Math.min(image.width - 1, Math.max(0, x)),
    Math.min(image.height - 1, Math.max(0, y)),
  ];
  const [tl, tr, br, bl] = corners.map(clamp) as [Point, Point, Point, Point];
  const width = Math.max(1, Math.round(Math.max(distance(tl, tr), distance(bl, br))));
  const height = Math.max(1, Math.round(Math.max(distance(tl, bl), distance(tr, br))));
  const from = keep(cv.matFromArray(4, 1, cv.CV_32FC2, [...tl, ...tr, ...br, ...bl]));
  const to = keep(cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, width, 0, width, height, 0, height]));
  const forward = keep(cv.getPerspectiveTransform(from, to));
  const back = keep(cv.getPerspectiveTransform(to, from));
  const flat = keep(new cv.Mat());
  cv.warpPerspective(
    source,
    flat,
    forward,
    new cv.Size(width, height),
    cv.INTER_LINEAR,
    cv.BORDER_CONSTANT,
    new cv.Scalar(255),
  );
  const m = Array.from(back.data64F);
  const point = (x: number, y: number): Point => {
    const w = (m[6] ?? 0) * x + (m[7] ?? 0) * y + (m[8] ?? 1);
    return [
      ((m[0] ?? 0) * x + (m[1] ?? 0) * y + (m[2] ?? 0)) / w,
      ((m[3] ?? 0) * x + (m[4] ?? 0) * y + (m[5] ?? 0)) / w,
    ];
  };
  return {
    image: { width, height, data: new Uint8ClampedArray(flat.data) },
    corners: [tl, tr, br, bl],
    toSource: (box) =>
      boxAround(
        [
          point(box.x0, box.y0),
          point(box.x1, box.y0),
          point(box.x1, box.y1),
          point(box.x0, box.y1),
        ],
        image,
      ),
  };
}

/**
 * The photo at `size`, each pixel its darkest channel: paper is bright in all
 * three, a wooden desk or a coloured table is not, however light it looks in grey.
 */
function whiteness(colour: PixelSource, size: { width: number; height: number }): Uint8Array {
  const canvas = createCanvas(size.width, size.height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(colour as unknown as Canvas, 0, 0, size.width, size.height);
  const rgba = context.getImageData(0, 0, size.width, size.height).data;
  const out = new Uint8Array(size.width * size.height);
  for (let p = 0, i = 0; p < out.length; p++, i += 4) {
    out[p] = Math.min(rgba[i] ?? 0, rgba[i + 1] ?? 0, rgba[i + 2] ?? 0);
  }
  return out;
}

/**
 * The sheet of paper in `image` (a photo, grey), flattened; undefined when
 * there is none to find. `colour`, the same photo in colour, tells paper from a
 * desk of the same grey.
 */
export async function findSheet(
  image: Grey,
  colour?: PixelSource,
  kind: "photo" | "scan" = "photo",
): Promise<Sheet | undefined> {
  const { cv } = await loadOpenCv();
  const made: { delete(): void }[] = [];
  const keep = <T extends { delete(): void }>(mat: T): T => {
    made.push(mat);
    return mat;
  };
  try {
    // The photo's pixels in OpenCV's heap, copied only when needed.
    let copied: OpenCvMat | undefined;
    const source = () => {
      copied ??= keep(cv.matFromArray(image.height, image.width, cv.CV_8UC1, image.data));
      return copied;
    };
    const factor = Math.min(1, MAX_SIDE / Math.max(image.width, image.height));
    const size = new cv.Size(
      Math.max(1, Math.round(image.width * factor)),
      Math.max(1, Math.round(image.height * factor)),
    );
    const small = keep(
      colour
        ? cv.matFromArray(size.height, size.width, cv.CV_8UC1, whiteness(colour, size))
        : new cv.Mat(),
    );
    if (!colour) cv.resize(source(), small, size, 0, 0, cv.INTER_AREA);
    const margins = insideMargins({
      width: small.cols,
      height: small.rows,
      data: new Uint8ClampedArray(small.data),
    });
    const innerWidth = margins.x1 - margins.x0;
    const innerHeight = margins.y1 - margins.y0;
    if (innerWidth < 20 || innerHeight < 20) return undefined;
    const inner = keep(
      small.roi(new cv.Rect(margins.x0, margins.y0, innerWidth, innerHeight)).clone(),
    );
    // Print closed away: the paper becomes one bright region.
    const side = Math.max(3, Math.round(Math.max(innerWidth, innerHeight) / 40) | 1);
    const kernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(side, side)));
    const closed = keep(new cv.Mat());
    cv.morphologyEx(inner, closed, cv.MORPH_CLOSE, kernel);
    cv.GaussianBlur(closed, closed, new cv.Size(5, 5), 0);
    const total = innerWidth * innerHeight;
    const grey = inner.data;
    const ground = closed.data;
    /** Whether `outline` (points on the inner photo) holds a sheet, by the tests at the top. */
    const holdsSheet = (outline: Point[], inkAllowed: number, paperFrom = 256): boolean => {
      const region = keep(cv.Mat.zeros(innerHeight, innerWidth, cv.CV_8UC1));
      const polygon = keep(cv.matFromArray(outline.length, 1, cv.CV_32SC2, outline.flat()));
      const polygons = keep(new cv.MatVector());
      polygons.push_back(polygon);
      cv.fillPoly(region, polygons, new cv.Scalar(255));
      // Print counted away from the region's edge, where the closing lightens the desk too.
      const near = keep(new cv.Mat());
      cv.dilate(region, near, kernel);
      let area = 0;
      let inside = 0;
      let outside = 0;
      let ink = 0;
      let inkOutside = 0;
      let paperOutside = 0;
      for (let p = 0; p < total; p++) {
        const value = grey[p] ?? 0;
        if (region.data[p] !== 0) {
          area++;
          inside += value;
        } else {
          outside += value;
          if (value >= paperFrom && near.data[p] === 0) paperOutside++;
        }
        if ((ground[p] ?? 0) - value > INK) {
          ink++;
          if (near.data[p] === 0) inkOutside++;
        }
      }
      const contrast = inside / Math.max(1, area) - outside / Math.max(1, total - area);
      return (
        area >= MIN_AREA * total &&
        area <= MAX_AREA * total &&
        contrast >= MIN_CONTRAST &&
        // Print outside: the region is the lit part of a page, not the whole sheet.
        inkOutside <= inkAllowed * ink &&
        paperOutside <= MAX_PAPER_OUTSIDE * (total - area)
      );
    };
    /**
     * Whether each side of `quad` is an edge of paper: brighter just inside than
     * just outside along most of its length (where outside is still in the photo).
     * A fold or shadow across the sheet has paper on both sides.
     */
    const edgesHold = (quad: Point[]): boolean => {
      const cx = quad.reduce((sum, [x]) => sum + x, 0) / quad.length;
      const cy = quad.reduce((sum, [, y]) => sum + y, 0) / quad.length;
      const at = (x: number, y: number) => {
        const [px, py] = [Math.round(x), Math.round(y)];
        if (px < 0 || py < 0 || px >= innerWidth || py >= innerHeight) return undefined;
        return ground[py * innerWidth + px] ?? 0;
      };
      return quad.every(([x0, y0], k) => {
        const [x1, y1] = quad[(k + 1) % quad.length] ?? [x0, y0];
        const length = Math.hypot(x1 - x0, y1 - y0) || 1;
        let [nx, ny] = [(y1 - y0) / length, -(x1 - x0) / length];
        // The normal pointing away from the centre.
        if (nx * ((x0 + x1) / 2 - cx) + ny * ((y0 + y1) / 2 - cy) < 0) [nx, ny] = [-nx, -ny];
        let sampled = 0;
        let held = 0;
        for (let i = 1; i < EDGE_SAMPLES; i++) {
          const t = i / EDGE_SAMPLES;
          const [x, y] = [x0 + (x1 - x0) * t, y0 + (y1 - y0) * t];
          const inside = at(x - nx * side, y - ny * side);
          const outside = at(x + nx * side, y + ny * side);
          if (inside === undefined || outside === undefined) continue;
          sampled++;
          if (inside - outside >= MIN_CONTRAST / 2) held++;
        }
        return sampled < EDGE_SAMPLES / 4 || held >= EDGE_HELD * sampled;
      });
    };
    const pointsOf = (mat: OpenCvMat): Point[] =>
      Array.from(
        { length: mat.rows },
        (_, k): Point => [mat.data32S[2 * k] ?? 0, mat.data32S[2 * k + 1] ?? 0],
      );
    /** Four corners of `outline`: its hull simplified, or the smallest rectangle around it. */
    const cornersOf = (outline: OpenCvMat): { corners: Point[]; exact: boolean; hull: number } => {
      const hull = keep(new cv.Mat());
      cv.convexHull(outline, hull, false, true);
      const area = cv.contourArea(hull);
      // Simplified a little, then more: a stroke of the desk touching the edge makes a spur.
      for (const tolerance of SIMPLIFY) {
        const simple = keep(new cv.Mat());
        cv.approxPolyDP(hull, simple, tolerance * cv.arcLength(hull, true), true);
        if (simple.rows === 4) return { corners: pointsOf(simple), exact: true, hull: area };
        if (simple.rows < 4) break;
      }
      const rect = cv.minAreaRect(hull);
      return {
        corners: rotatedRectCorners(rect.center, rect.size, rect.angle),
        exact: false,
        hull: area,
      };
    };
    let corners: Point[] | undefined;
    const hierarchy = keep(new cv.Mat());
    if (kind === "photo") {
      // The sheet's border: four straight edges in the closed photo.
      const edges = keep(new cv.Mat());
      cv.Canny(closed, edges, EDGE_LOW, EDGE_HIGH);
      cv.dilate(edges, edges, keep(cv.Mat.ones(3, 3, cv.CV_8U)));
      const outlines = keep(new cv.MatVector());
      cv.findContours(edges, outlines, hierarchy, cv.RETR_LIST, cv.CHAIN_APPROX_SIMPLE);
      const quads = Array.from({ length: outlines.size() }, (_, i) =>
        cornersOf(keep(outlines.get(i))),
      )
        // Too small or too large for a sheet: no need to look at its pixels.
        .filter((q) => q.exact && q.hull >= MIN_AREA * total && q.hull <= MAX_AREA * total)
        .sort((x, y) => y.hull - x.hull);
      corners = quads.find(
        (q) => holdsSheet(q.corners, MAX_INK_OUTSIDE_EDGED) && edgesHold(q.corners),
      )?.corners;
    }
    if (!corners) {
      // Else the largest bright region, when it is convex enough: after Otsu's
      // split on a photo; on a scan, as bright as its whitest paper (the scanner
      // lid's black and the grey card a slip lies on are two more levels, which
      // one split would not part).
      const bright = keep(new cv.Mat());
      const paper = kind === "scan" ? paperLevel(closed.data) - PAPER_BAND : 256;
      if (kind === "photo") cv.threshold(closed, bright, 0, 255, cv.THRESH_BINARY + cv.THRESH_OTSU);
      else {
        cv.threshold(closed, bright, paper, 255, cv.THRESH_BINARY);
        // Thin light strips (the card's lit edge, a sheet under it) are no paper joined to the slip.
        const wide = keep(
          cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(2 * side + 1, 2 * side + 1)),
        );
        cv.morphologyEx(bright, bright, cv.MORPH_OPEN, wide);
      }
      const regions = keep(new cv.MatVector());
      cv.findContours(bright, regions, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
      let largest: OpenCvMat | undefined;
      for (let i = 0; i < regions.size(); i++) {
        const region = keep(regions.get(i));
        if (!largest || cv.contourArea(region) > cv.contourArea(largest)) largest = region;
      }
      if (!largest) return undefined;
      const found = cornersOf(largest);
      if (cv.contourArea(largest) < MIN_SOLIDITY * found.hull) return undefined;
      // A scan's card has grain that reads as print, and its light is even: no
      // lit part of a page is taken for a sheet, but a white page's part between
      // paragraphs (white margins outside) would be.
      const held =
        kind === "photo"
          ? holdsSheet(found.corners, MAX_INK_OUTSIDE)
          : holdsSheet(found.corners, 1, paper);
      if (!held || !edgesHold(found.corners)) return undefined;
      // A slip on a scanner lies square to it, near enough for deskew: cut
      // out, not warped by a corner its print or the card's edge moved.
      corners = kind === "photo" ? found.corners : boxCorners(found.corners);
    }
    // Onto the image as given, moved out a little all round.
    const [cx, cy] = [
      corners.reduce((s, [x]) => s + x, 0) / 4,
      corners.reduce((s, [, y]) => s + y, 0) / 4,
    ];
    const onImage = ordered(
      corners.map(
        ([x, y]): Point => [
          (x + (x - cx) * GROW * 2 + margins.x0) / factor,
          (y + (y - cy) * GROW * 2 + margins.y0) / factor,
        ],
      ),
    );
    return flatten(cv, source(), image, onImage, keep);
  } finally {
    for (const mat of made) mat.delete();
  }
}
