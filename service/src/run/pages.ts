// How big a document is, measured before any engine sees it (issue 13): an image's
// pixels from its header, a PDF's page count and the size of each page as it is
// drawn (its CropBox, which pdftoppm is told to draw), a TIFF's page count and
// each page's pixels (every page is read, like a PDF's). A document over a limit
// is refused with a plain sentence; nothing is decoded or rasterised to find out.
import { imageSize } from "image-size";
import { isTiff } from "../images";
import { MAX_PAGE_PIXELS, MIN_PDF_DPI, openPdf } from "../pages/pdf";
import { tiffPageCount, tiffPageSize } from "../pages/tiff";
import { UnreadableDocumentError } from "../providers/interface/types";

const megapixels = (pixels: number) => `${Math.round(pixels / 1_000_000)} megapixels`;
const cm = (points: number) => Math.round((points / 72) * 2.54);
/** The largest square page a PDF may have, in points: MAX_PAGE_PIXELS at MIN_PDF_DPI. */
const LARGEST_PAGE_SIDE = (Math.sqrt(MAX_PAGE_PIXELS) * 72) / MIN_PDF_DPI;

/** How many pages a document has, and why it is too large to read, if it is. */
export interface PageCount {
  /** An image is one page; a PDF that cannot be opened counts as one (its providers say why). */
  pages: number;
  /** Why the document is too large, in words for the person who sent it; undefined when within the limits. */
  problem?: string;
}

/**
 * Counts the pages and checks them against the limits. `kind` is what its magic bytes
 * say; `maxPdfPages` (MAX_PDF_PAGES) bounds a TIFF's pages too.
 */
export async function countPages(
  bytes: Buffer,
  kind: "pdf" | "image",
  maxPdfPages: number,
): Promise<PageCount> {
  if (kind === "image" && isTiff(bytes)) {
    const problem = await tiffLimitProblem(bytes, maxPdfPages);
    const pages = await tiffPageCount(bytes).catch(() => 1);
    return problem === undefined ? { pages } : { pages, problem };
  }
  if (kind === "image") {
    let size: { width: number; height: number };
    try {
      size = imageSize(bytes);
    } catch {
      return {
        pages: 1,
        problem:
          "the image could not be read: its header is damaged. Save or export it again and upload the new file.",
      };
    }
    const problem = imageTooLarge(size);
    return problem === undefined ? { pages: 1 } : { pages: 1, problem };
  }
  let pdf: Awaited<ReturnType<typeof openPdf>>;
  try {
    pdf = await openPdf(bytes);
  } catch (error) {
    // The providers open PDFs the same way and report the same fault per provider.
    if (error instanceof UnreadableDocumentError) return { pages: 1 };
    throw error;
  }
  const pages = pdf.numPages;
  try {
    if (pages > maxPdfPages) {
      return {
        pages,
        problem: `the PDF has ${pages} pages; this service reads up to ${maxPdfPages} pages of one document. Split it into smaller PDFs and upload each.`,
      };
    }
    for (let number = 1; number <= pages; number++) {
      const { width, height } = (await pdf.getPage(number)).getViewport({ scale: 1 });
      if (width * height > LARGEST_PAGE_SIDE ** 2) {
        const side = cm(LARGEST_PAGE_SIDE);
        return {
          pages,
          problem: `page ${number} of the PDF is ${cm(width)} × ${cm(height)} cm; this service reads pages up to ${side} × ${side} cm (or the same area in another shape). Export the page at a normal paper size and upload it again.`,
        };
      }
    }
    return { pages };
  } finally {
    await pdf.destroy();
  }
}

async function tiffLimitProblem(bytes: Buffer, maxPages: number): Promise<string | undefined> {
  const damaged =
    "the TIFF could not be read: its header is damaged. Save or export it again and upload the new file.";
  let count: number;
  try {
    count = await tiffPageCount(bytes);
  } catch {
    return damaged;
  }
  if (count > maxPages) {
    return `the TIFF has ${count} pages; this service reads up to ${maxPages} pages of one document. Split it into smaller files and upload each.`;
  }
  for (let number = 1; number <= count; number++) {
    let size: { width: number; height: number };
    try {
      size = await tiffPageSize(bytes, number);
    } catch {
      return `page ${number} of the TIFF could not be read: its header is damaged. Save or export it again and upload the new file.`;
    }
    if (count === 1) return imageTooLarge(size);
    const pixels = size.width * size.height;
    if (pixels > MAX_PAGE_PIXELS) {
      return `page ${number} of the TIFF is ${size.width} × ${size.height} pixels (${megapixels(pixels)}); this service reads pages up to ${megapixels(MAX_PAGE_PIXELS)}. Scale it down (a 300 dpi scan of a page is well under that) and upload it again.`;
    }
  }
  return undefined;
}

function imageTooLarge(size: { width: number; height: number }): string | undefined {
  const pixels = size.width * size.height;
  if (pixels <= MAX_PAGE_PIXELS) return undefined;
  return `the image is ${size.width} × ${size.height} pixels (${megapixels(pixels)}); this service reads images up to ${megapixels(MAX_PAGE_PIXELS)}. Scale it down (a phone photo or a 300 dpi scan of a page is well under that) and upload it again.`;
}
