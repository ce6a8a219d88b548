// The pages of a TIFF (a scanner's or a fax's multi-page file), each read like a
// PDF page: run/pages.ts measures every page before any engine runs, and
// providers/text/ocr-document.ts reads them in order, each handed to the engines as a PNG.
// sharp (libvips) reads them: a page's size comes from its header, and only the
// page being read is decoded. The engines' own readers would see the first page
// only (the canvas none at all).
import type { Sharp, SharpOptions } from "sharp";
import { loadSharp } from "../images";
import { UnreadableDocumentError } from "../providers/interface/types";
import { MAX_PAGE_PIXELS } from "./pdf";

/**
 * sharp loads libvips, a native library: only when a TIFF comes. Headers are
 * read whatever size they declare (run/pages.ts says what is too large);
 * no page larger than MAX_PAGE_PIXELS is decoded.
 */
async function open(bytes: Buffer, options: SharpOptions, decode: boolean): Promise<Sharp> {
  const sharp = await loadSharp();
  const limitInputPixels = decode ? MAX_PAGE_PIXELS : false;
  return sharp(bytes, { ...options, failOn: "error", limitInputPixels });
}

/** How many pages the TIFF holds, from its headers. */
export async function tiffPageCount(bytes: Buffer): Promise<number> {
  try {
    const { pages } = await (await open(bytes, {}, false)).metadata();
    return pages ?? 1;
  } catch {
    throw new UnreadableDocumentError("The TIFF could not be read (damaged or not a TIFF)");
  }
}

/** The size of page `number` (from 1), from its header: nothing is decoded. */
export async function tiffPageSize(
  bytes: Buffer,
  number: number,
): Promise<{ width: number; height: number }> {
  try {
    const { width, height } = await (await open(bytes, { page: number - 1 }, false)).metadata();
    if (width === undefined || height === undefined) throw new Error("no size");
    return { width, height };
  } catch {
    throw new UnreadableDocumentError(`Page ${number} of the TIFF could not be read`);
  }
}

/** Page `number` (from 1) as a PNG; a page that cannot be decoded is an error, never skipped. */
export async function tiffPage(bytes: Buffer, number: number): Promise<Buffer> {
  try {
    // Fast to write: the engines read it at once and it is never kept.
    return await (await open(bytes, { page: number - 1 }, true))
      .png({ compressionLevel: 1 })
      .toBuffer();
  } catch {
    throw new UnreadableDocumentError(`Page ${number} of the TIFF could not be read`);
  }
}
