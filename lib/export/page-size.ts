// The size of a page made from a picture (the searchable PDF of an image):
// its pixels at the resolution the file states, else at 72 dpi, except that a
// picture wider than a Letter page at 72 dpi is a scan of higher resolution
// than it says, and is set at A4's width, keeping its shape.

const POINTS_PER_INCH = 72;
const A4_WIDTH = 595.28;
const LETTER_WIDTH = 612;
/** Resolutions outside this range are taken as unstated (a "1 dpi" JFIF aspect ratio). */
const PLAUSIBLE_DPI = { min: 50, max: 2400 };

export function pagePoints(
  widthPx: number,
  heightPx: number,
  dpi: number | undefined,
): { width: number; height: number } {
  const stated = dpi !== undefined && dpi >= PLAUSIBLE_DPI.min && dpi <= PLAUSIBLE_DPI.max;
  let scale = stated ? POINTS_PER_INCH / dpi : 1;
  if (!stated && widthPx > LETTER_WIDTH) scale = A4_WIDTH / widthPx;
  return { width: widthPx * scale, height: heightPx * scale };
}

/** The resolution a PNG (pHYs) or JPEG (JFIF) states, in dots per inch; undefined when none. */
export function imageDpi(bytes: Uint8Array, type: string): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return type === "image/png"
    ? pngDpi(bytes, view)
    : type === "image/jpeg"
      ? jfifDpi(bytes, view)
      : undefined;
}

function pngDpi(bytes: Uint8Array, view: DataView): number | undefined {
  // Chunks after the 8-byte signature: length, type, data, CRC; pHYs comes before IDAT.
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (type === "pHYs" && length >= 9 && at + 17 <= bytes.length) {
      const perMetre = view.getUint32(at + 8);
      return bytes[at + 16] === 1 ? perMetre * 0.0254 : undefined;
    }
    if (type === "IDAT" || type === "IEND") return undefined;
    at += 12 + length;
  }
  return undefined;
}

function jfifDpi(bytes: Uint8Array, view: DataView): number | undefined {
  // SOI, then APP0 "JFIF\0": version (2), units (1 dpi, 2 dots per cm), X density.
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff || bytes[3] !== 0xe0) {
    return undefined;
  }
  if (String.fromCharCode(...bytes.subarray(6, 11)) !== "JFIF\0" || bytes.length < 18) {
    return undefined;
  }
  const units = bytes[13];
  const density = view.getUint16(14);
  return units === 1 ? density : units === 2 ? density * 2.54 : undefined;
}
