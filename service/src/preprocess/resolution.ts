// The resolution an image says it was made at, from its header, as Tesseract
// (Leptonica) reads it from the file as sent: a PNG's pHYs chunk, a JPEG's
// JFIF density. A prepared page is a new image (PGM or PNG) with no
// resolution of its own, and Tesseract, told none, estimates one from the
// text's height; on a 300 dpi form it guessed 368, and read the boxes' borders
// as "|", "[" and "L_" (issue 25, rendered `form`). So the engine is told the
// resolution the person's image gave.

/** Resolutions Tesseract believes (its kMinCredibleResolution and kMaxCredibleResolution); outside, it estimates its own. */
const MIN_CREDIBLE = 70;
const MAX_CREDIBLE = 2400;
const INCH_CM = 2.54;

const credible = (dpi: number) =>
  Number.isFinite(dpi) && dpi >= MIN_CREDIBLE && dpi <= MAX_CREDIBLE ? Math.round(dpi) : undefined;

/** Dots per inch from a PNG's pHYs chunk (before the image data), when it gives them per metre. */
function pngDpi(bytes: Buffer): number | undefined {
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString("latin1", at + 4, at + 8);
    if (type === "IDAT" || type === "IEND") return undefined;
    if (type === "pHYs" && length >= 9 && at + 17 <= bytes.length) {
      const perMetreY = bytes.readUInt32BE(at + 12);
      const unit = bytes[at + 16];
      return unit === 1 ? credible((perMetreY * INCH_CM) / 100) : undefined;
    }
    at += 12 + length;
  }
  return undefined;
}

/** Dots per inch from a JPEG's JFIF segment (APP0), when it gives a unit. */
function jpegDpi(bytes: Buffer): number | undefined {
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1] ?? 0;
    // Start of scan or of frame: the header's segments are behind.
    if (
      marker === 0xda ||
      (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
    ) {
      return undefined;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (
      marker === 0xe0 &&
      at + 18 <= bytes.length &&
      bytes.toString("latin1", at + 4, at + 9) === "JFIF\0"
    ) {
      const unit = bytes[at + 11];
      const densityY = bytes.readUInt16BE(at + 14);
      if (unit === 1) return credible(densityY);
      if (unit === 2) return credible(densityY * INCH_CM);
      return undefined;
    }
    at += 2 + length;
  }
  return undefined;
}

/** The image's own resolution in dots per inch, when its header gives one Tesseract would believe. */
export function headerDpi(bytes: Buffer): number | undefined {
  if (bytes.length > 8 && bytes[0] === 0x89 && bytes.toString("latin1", 1, 4) === "PNG") {
    return pngDpi(bytes);
  }
  if (bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpegDpi(bytes);
  return undefined;
}
