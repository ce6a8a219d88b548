// PDF documents through pdfjs-dist (legacy build, the one made for Node):
// opening them safely, and turning each page into a PNG with poppler's
// pdftoppm for the OCR engines.
//
// Why pdftoppm and not pdfjs + @napi-rs/canvas for the pictures: it runs in its
// own process, so a big page neither blocks the event loop (pdfjs renders on the
// main thread, ~170 ms a letter page at 150 dpi here) nor survives an abort (the
// child is killed); and it has no tie to a canvas build (pdfjs needs its own
// nested @napi-rs/canvas, and mixing it with the top-level one fails on Path2D).
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { runCommand } from "./command";
import { UnreadableDocumentError } from "./types";

/**
 * No page is rasterised larger than this, whatever its size in points, and no image
 * larger is read (process/pages.ts refuses it before any engine sees it).
 */
export const MAX_PAGE_PIXELS = 40_000_000;
/**
 * A page too large to be drawn at this resolution within MAX_PAGE_PIXELS (over about
 * 160 × 160 cm) is refused: drawn smaller, its print would be too small to read.
 */
export const MIN_PDF_DPI = 100;

const POINTS_PER_INCH = 72;

export async function openPdf(bytes: Buffer): Promise<PDFDocumentProxy> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = pdfjs.getDocument({
    // pdfjs may take ownership of the array; the caller keeps its buffer.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy();
    const name = error instanceof Error ? error.name : "";
    throw new UnreadableDocumentError(
      name === "PasswordException"
        ? "The PDF is protected by a password"
        : "The PDF could not be read (damaged or not a PDF)",
    );
  }
}

/** The resolution to rasterise a page at: `dpi`, lowered for pages so large they would pass MAX_PAGE_PIXELS. */
export function effectiveDpi(size: { width: number; height: number }, dpi: number): number {
  const pixels = ((size.width * dpi) / POINTS_PER_INCH) * ((size.height * dpi) / POINTS_PER_INCH);
  if (pixels <= MAX_PAGE_PIXELS) return dpi;
  return Math.max(1, Math.floor(dpi * Math.sqrt(MAX_PAGE_PIXELS / pixels)));
}

/** Pixels of a page side at `dpi`, as pdftoppm and the text layer both count them. */
export function pointsToPixels(points: number, dpi: number): number {
  return Math.round((points * dpi) / POINTS_PER_INCH);
}

/**
 * One page as an 8-bit grayscale PNG at `dpi` (pdftoppm, PDF on stdin, PNG on stdout).
 * It draws the CropBox, the part of the page a viewer shows and pdfjs measures (by
 * default pdftoppm draws the MediaBox, which may be any size behind a small CropBox).
 */
export function rasterisePage(
  pdfBytes: Buffer,
  pageNumber: number,
  dpi: number,
  signal: AbortSignal,
  command = "pdftoppm",
): Promise<Buffer> {
  const page = String(pageNumber);
  return runCommand(
    command,
    ["-f", page, "-l", page, "-r", String(dpi), "-cropbox", "-gray", "-png", "-singlefile", "-"],
    { input: pdfBytes, signal },
  ).catch((error: unknown) => {
    if (signal.aborted) throw error;
    if (error instanceof Error && "code" in error && error.code === "ENOENT") {
      throw new Error("PDF pages cannot be rasterised: pdftoppm (poppler-utils) is not installed");
    }
    throw new UnreadableDocumentError(`PDF page ${pageNumber} could not be rasterised`);
  });
}
