// Page images made easier to read before OCR (issue 15, "Photos of paper"),
// each step on only where the calibration bench showed it helps
// (docs/quality.md, docs/quality-preparation.md):
//   sheet      find the sheet of paper in a photo and flatten it, the desk cut
//              away (sheet.ts); on a scan or a PDF's page, a slip on a card
//   normalize  divide out uneven light and stretch contrast (background.ts), after
//              turning light text on dark into dark text on light (inverted.ts);
//              a clean page's (clean.ts) contrast is only stretched, its paper even already
//   deskew     straighten text tilted by more than MIN_SKEW degrees (skew.ts)
//   upscale    enlarge small print (x-height under SMALL_PRINT pixels) to TARGET_X_HEIGHT
//   downscale  prepare and read a large page (LARGE_PAGE pixels or more, its resolution
//              not given) at half its width and height when its print is large
//              enough to read so (x-height
//              HALVED_X_HEIGHT pixels or more once halved): a phone photo holds
//              several times the pixels its text needs, and every step and the
//              engine pay for each of them
// The result is a grey PGM image (PNG for an engine that asks for it); `scale` says how
// much it was enlarged (a PDF page's dpi grows with it), and `toOriginal` maps
// boxes found on it back onto the person's own image, so answers keep
// referring to the page as it was sent. Images the canvas cannot decode
// (TIFF) or too large to work on pass through unchanged; too large is known from
// the header, before anything is decoded (decoding a large page only to pass it
// through would hold all its pixels for nothing). Passed through, they stay in colour: Tesseract thresholds
// a colour page channel by channel, and reads it better than one made grey
// (docs/memory.md).
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { imageSize } from "image-size";
import type { BBox } from "@/lib/kernel/contract";
import { isTiff, loadSharp } from "../images";
import { flattenBackground, stretch } from "./background";
import { isCleanPage } from "./clean";
import { boxAround } from "./corners";
import { type Grey, otsu, type PixelSource, toCanvas, toGrey, toPgm, toPng } from "./grey";
import { invertDarkRegions } from "./inverted";
import { headerDpi } from "./resolution";
import { findSheet, type Sheet } from "./sheet";
import { estimateSkew, typicalXHeight } from "./skew";

export const PREPROCESS_STEPS = ["sheet", "normalize", "deskew", "upscale", "downscale"] as const;
export type PreprocessStep = (typeof PREPROCESS_STEPS)[number];

/** Below this tilt (degrees) a page is left as it is. */
export const MIN_SKEW = 0.3;
/** x-height (pixels) under which text is small print: 11 px type measures 5–8, 15–18 px type 8–13. */
const SMALL_PRINT = 7.5;
/** x-height small print is enlarged to. */
const TARGET_X_HEIGHT = 14;
const MAX_SCALE = 3;
/** Pages of this many pixels or more are first prepared at half size, to see whether that is enough. */
export const LARGE_PAGE = 6_000_000;
/** x-height (pixels, on the halved page) from which the halved page is the one read. */
export const HALVED_X_HEIGHT = 10;
/** Pixels worked on at most, before and after enlarging (memory and time on the event loop). */
const MAX_PIXELS = 16_000_000;

export interface PreparedPage {
  image: Buffer;
  /** How much the image was enlarged (1 = not). */
  scale: number;
  /** Degrees the page was turned back, clockwise tilt positive; 0 = not turned. */
  skew: number;
  /** Size of the image as sent (undefined when it was passed through unread). */
  original?: { width: number; height: number };
  /** The prepared image's pixels, as the engine gets them (undefined when passed through). */
  grey?: Grey;
  /** Whether light text on dark was turned and the light evened out (the page was not clean). */
  normalized?: boolean;
  /** A box on the prepared image → the same place on the image as sent. */
  toOriginal(box: BBox): BBox;
}

const same = (box: BBox) => box;

/** What an engine reads prepared pages as: PGM costs nothing to write; PNG for engines that decode with sharp. */
export type PreparedFormat = "pgm" | "png";

/**
 * Whether a PNG or JPEG ends as it should. The canvas decodes a cut-off file
 * anyway (the missing rows grey), which would hide from the engine, and the
 * person, that the file is damaged; such files pass through to fail there.
 */
function isWhole(bytes: Buffer): boolean {
  const tail = bytes.subarray(Math.max(0, bytes.length - 64));
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return tail.includes("IEND");
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return tail.includes(Buffer.from([0xff, 0xd9]));
  return true;
}

/** Width and height from the image's header; undefined when it has none this can read. */
function headerSize(bytes: Buffer): { width: number; height: number } | undefined {
  try {
    const { width, height } = imageSize(bytes);
    return { width, height };
  } catch {
    return undefined;
  }
}

/**
 * The image at half its width and height, grey on white as toGrey() makes it,
 * decoded by sharp (a JPEG at half size as it decodes); undefined when sharp cannot.
 */
export async function halfSize(
  bytes: Buffer,
  size: { width: number; height: number },
): Promise<Grey | undefined> {
  const sharp = await loadSharp();
  const width = size.width >> 1;
  const height = size.height >> 1;
  try {
    const { data: rgb, info } = await sharp(bytes)
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .resize(width, height, { fit: "fill" })
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.width !== width || info.height !== height || info.channels !== 3) return undefined;
    const data = new Uint8ClampedArray(width * height);
    for (let p = 0, i = 0; p < data.length; p++, i += 3) {
      // Rec. 601 luma, in integers, as toGrey().
      data[p] = ((rgb[i] ?? 0) * 299 + (rgb[i + 1] ?? 0) * 587 + (rgb[i + 2] ?? 0) * 114) / 1000;
    }
    return { width, height, data };
  } catch {
    return undefined;
  }
}

/**
 * `bytes` prepared by `steps`. `resolution`, when the caller knows it (a PDF
 * page, an image whose header gives it), says the page is no photo.
 */
export async function preparePage(
  bytes: Buffer,
  steps: ReadonlySet<PreprocessStep>,
  format: PreparedFormat = "pgm",
  resolution?: number,
): Promise<PreparedPage> {
  const unchanged = { image: bytes, scale: 1, skew: 0, toOriginal: same };
  const size = headerSize(bytes);
  if (steps.size === 0 || !isWhole(bytes) || (size ? size.width * size.height : 0) > MAX_PIXELS) {
    return unchanged;
  }
  const encode = (image: Grey) => (format === "png" ? toPng(image) : toPgm(image));
  const prepare = async (image: Grey) => {
    let grey = image;
    let normalized = false;
    if (steps.has("normalize")) {
      // A clean page's paper is even already: only its contrast is stretched.
      normalized = !isCleanPage(image);
      grey = normalized ? await flattenBackground(invertDarkRegions(image)) : stretch(image);
    }
    const threshold = otsu(grey);
    const measured = steps.has("deskew") ? estimateSkew(grey, threshold) : 0;
    const skew = Math.abs(measured) >= MIN_SKEW ? measured : 0;
    // Turned back once: measured, and read when it is not enlarged.
    let straight: Grey | undefined;
    const upright = () => {
      straight ??= skew === 0 ? grey : transform(grey, skew, 1);
      return straight;
    };
    const xHeight = () => typicalXHeight(upright(), threshold);
    return { grey, normalized, skew, upright, xHeight };
  };
  // A large page is prepared at half size first (decoded so: a JPEG decodes at
  // half size for a fraction of the cost); its print, measured there, says
  // whether the half-size page is the one to read, or the page at full size.
  let base = 1;
  let page: Awaited<ReturnType<typeof prepare>> | undefined;
  // The sheet of paper (sheet.ts): on a page whose resolution nothing gives (a
  // phone photo), the sheet on a desk; on one whose resolution is known (a scan,
  // a PDF's page), the slip laid on a card or under the scanner's black lid.
  let sheet: Sheet | undefined;
  const dpi = headerDpi(bytes);
  const kind = (resolution ?? dpi) === undefined ? "photo" : "scan";
  const onSheet = async (image: Grey, colour?: PixelSource) => {
    const found = steps.has("sheet") ? await findSheet(image, colour, kind) : undefined;
    return { image: found?.image ?? image, sheet: found };
  };
  let xHeight: number | undefined;
  // A TIFF passes through as before (the canvas cannot decode it), not halved by
  // sharp. A page whose header gives its resolution (a scan, a drawn page; a phone
  // photo gives none) is read at it, at full size: halved, a form drawn at 300 dpi
  // read worse.
  if (
    steps.has("downscale") &&
    size &&
    size.width * size.height >= LARGE_PAGE &&
    !isTiff(bytes) &&
    dpi === undefined
  ) {
    const small = await halfSize(bytes, size);
    const cut = small && (await onSheet(small));
    const half = cut && (await prepare(cut.image));
    xHeight = half?.xHeight();
    if (cut && half && xHeight !== undefined && xHeight >= HALVED_X_HEIGHT) {
      page = half;
      base = 0.5;
      sheet = cut.sheet;
    } else xHeight = undefined;
  }
  let width = size?.width ?? 0;
  let height = size?.height ?? 0;
  if (!page) {
    let decoded: Awaited<ReturnType<typeof loadImage>>;
    try {
      decoded = await loadImage(bytes);
    } catch {
      return unchanged;
    }
    ({ width, height } = decoded);
    if (width * height > MAX_PIXELS || width === 0 || height === 0) return unchanged;
    const canvas = createCanvas(width, height);
    canvas.getContext("2d").drawImage(decoded, 0, 0);
    const cut = await onSheet(toGrey(canvas), canvas);
    page = await prepare(cut.image);
    sheet = cut.sheet;
  }
  const { grey, normalized, skew, upright } = page;
  let scale = base;
  if (base === 1 && steps.has("upscale")) {
    xHeight ??= page.xHeight();
    if (xHeight > 0 && xHeight < SMALL_PRINT) {
      const room = Math.sqrt(MAX_PIXELS / (grey.width * grey.height));
      scale = Math.min(MAX_SCALE, TARGET_X_HEIGHT / xHeight, room);
      if (scale < 1.25) scale = 1;
    }
  }
  const original = { width, height };
  if (!sheet && skew === 0 && scale === 1) {
    const image = await encode(grey);
    return { image, grey, normalized, scale, skew, original, toOriginal: same };
  }
  // The halved page is turned back at its own size (scale 1 on it); its boxes, at half the original's.
  const prepared = scale === base ? upright() : transform(grey, skew, scale / base);
  let toOriginal = backTo(original, prepared, skew, scale);
  if (sheet) {
    // Back onto the sheet, from it onto the photo (at its working size), then onto the photo as sent.
    const onSheetImage = backTo(sheet.image, prepared, skew, scale / base);
    const { toSource } = sheet;
    toOriginal = (box) => {
      const at = toSource(onSheetImage(box));
      return boxAround(
        [
          [at.x0 / base, at.y0 / base],
          [at.x1 / base, at.y1 / base],
        ],
        original,
      );
    };
  }
  const image = await encode(prepared);
  return { image, grey: prepared, normalized, scale, skew, original, toOriginal };
}

/** The inverse of transform(): from the prepared image's pixels to the original's, as a box around the turned corners. */
export function backTo(
  original: { width: number; height: number },
  prepared: { width: number; height: number },
  skew: number,
  scale: number,
): (box: BBox) => BBox {
  return boxMapper(prepared, original, (skew * Math.PI) / 180, 1 / scale);
}

/** What transform() does to a box of the original image: the box around its turned corners. */
export function onTransformed(
  original: { width: number; height: number },
  transformed: { width: number; height: number },
  skew: number,
  scale: number,
): (box: BBox) => BBox {
  return boxMapper(original, transformed, (-skew * Math.PI) / 180, scale);
}

/** Boxes of one image on another: turned by `angle` (radians) about the centres and scaled. */
function boxMapper(
  from: { width: number; height: number },
  to: { width: number; height: number },
  angle: number,
  scale: number,
): (box: BBox) => BBox {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const point = (x: number, y: number): [number, number] => {
    const dx = (x - from.width / 2) * scale;
    const dy = (y - from.height / 2) * scale;
    return [dx * cos - dy * sin + to.width / 2, dx * sin + dy * cos + to.height / 2];
  };
  return (box) =>
    boxAround(
      [point(box.x0, box.y0), point(box.x1, box.y0), point(box.x0, box.y1), point(box.x1, box.y1)],
      to,
    );
}

/** Turned back by `skew` degrees (on a canvas grown to hold the corners) and enlarged by `scale`. */
export function transform(image: Grey, skew: number, scale: number): Grey {
  const t = (skew * Math.PI) / 180;
  const cos = Math.abs(Math.cos(t));
  const sin = Math.abs(Math.sin(t));
  const width = Math.ceil((image.width * cos + image.height * sin) * scale);
  const height = Math.ceil((image.width * sin + image.height * cos) * scale);
  const out = createCanvas(width, height);
  const ctx = out.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";
  ctx.translate(width / 2, height / 2);
  ctx.rotate(-t);
  ctx.scale(scale, scale);
  ctx.drawImage(toCanvas(image), -image.width / 2, -image.height / 2);
  return toGrey(out);
}
