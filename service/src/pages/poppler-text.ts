// A PDF's text layer read by poppler's pdftotext (`-tsv`): each word with its
// box, for every page asked for, in one run of the program. pdfjs (text-layer.ts)
// converts each embedded font before it gives a page's text; pdftotext does not,
// and in a service with its OCR engines loaded the real invoices' extraction is
// faster with it (docs/decisions-reading.md, "PDF text layers").
// It reads text layers wherever poppler is installed (tables excepted:
// registry.ts), and pdfjs where it is not.
import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { z } from "zod";
import type { OcrSpan } from "@/lib/kernel/contract";
import { CommandError, runCommand } from "../engines/command";
import { buildPage, type RecognizedPage } from "../engines/ocr-page";
import { UnreadableDocumentError } from "../providers/interface/types";
import { type TextLayer, toPixels } from "./text-layer";

const POINTS_PER_INCH = 72;

/** Level 5 of pdftotext's `-tsv` (1 page … 5 word), as Tesseract's TSV: a word and its box. */
const WORD_LEVEL = "5";
const coordinate = z.coerce.number().finite();
const wordSchema = z.object({
  page: z.coerce.number().int().positive(),
  left: coordinate,
  top: coordinate,
  width: coordinate,
  height: coordinate,
  text: z.string(),
});
type Word = z.infer<typeof wordSchema>;

/**
 * The words of pages `first`..`last`, in points from the top left of each
 * page as a viewer shows it (its crop box, turned by its /Rotate), in order.
 * TSV rather than `-bbox`'s XHTML: the same words, boxes and order (every
 * fixture's PDF compared), and no XML to parse, a sizeable share of the
 * extraction's time over a text layer (docs/changelog.md, "Invoice data").
 */
async function readWords(
  command: string,
  bytes: Buffer,
  first: number,
  last: number,
  signal: AbortSignal,
): Promise<Word[][]> {
  const args = ["-tsv", "-cropbox", "-enc", "UTF-8", "-f", String(first), "-l", String(last)];
  const output = await runCommand(command, [...args, "-", "-"], { input: bytes, signal }).catch(
    (error: unknown) => {
      if (signal.aborted || !(error instanceof CommandError)) throw error;
      throw new UnreadableDocumentError(
        "The PDF's text could not be read (damaged, or too much of it)",
      );
    },
  );
  const pages: Word[][] = Array.from({ length: last - first + 1 }, () => []);
  for (const row of output.toString("utf8").split("\n")) {
    const cols = row.split("\t");
    // level, page_num, par_num, block_num, line_num, word_num, left, top, width, height, conf, text
    if (cols[0] !== WORD_LEVEL || cols.length < 12) continue;
    const [, page, , , , , left, top, width, height] = cols;
    const parsed = wordSchema.safeParse({
      page,
      left,
      top,
      width,
      height,
      text: cols.slice(11).join("\t"),
    });
    if (!parsed.success)
      throw new Error(`${command} gave a -tsv word row without its page and box`);
    pages[parsed.data.page - first]?.push(parsed.data);
  }
  return pages;
}

/**
 * The text layer of pages `first`..`last` of a PDF, read by pdftotext at
 * once; each page then as text-layer.ts gives it, its boxes in pixels at `dpi`.
 */
export async function popplerTextLayer(
  command: string,
  bytes: Buffer,
  pages: { first: number; last: number },
  signal: AbortSignal,
): Promise<TextLayer> {
  const read = await readWords(command, bytes, pages.first, pages.last, signal);
  return async (page: PDFPageProxy, dpi: number): Promise<RecognizedPage | undefined> => {
    const words = (read[page.pageNumber - pages.first] ?? []).filter((w) => w.text.trim());
    if (words.length === 0) return undefined;
    // pdfjs's viewport is the page as shown, as pdftotext's boxes are.
    const viewport = page.getViewport({ scale: dpi / POINTS_PER_INCH });
    const size = { width: Math.round(viewport.width), height: Math.round(viewport.height) };
    const scale = viewport.scale;
    const spans = words.map(
      (w): OcrSpan => ({
        text: w.text,
        confidence: 1,
        bbox: toPixels(
          {
            x0: w.left * scale,
            y0: w.top * scale,
            x1: (w.left + w.width) * scale,
            y1: (w.top + w.height) * scale,
          },
          size,
        ),
      }),
    );
    return buildPage(size.width, size.height, [spans]);
  };
}
