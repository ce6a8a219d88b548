// A PDF's text layer read by poppler's pdftotext (`-bbox`): each word with its
// box, for every page asked for, in one run of the program. pdfjs (text-layer.ts)
// converts each embedded font before it gives a page's text; pdftotext does not,
// and in a service with its OCR engines loaded the real invoices' extraction
// took 74 ms of CPU a page against 104 ms (docs/invoices.md, eleventh round).
// It reads text layers wherever poppler is installed (tables excepted:
// registry.ts), and pdfjs where it is not.
import { XMLParser } from "fast-xml-parser";
import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { z } from "zod";
import type { OcrSpan } from "@/lib/kernel/contract";
import { CommandError, runCommand } from "../engines/command";
import { buildPage, type RecognizedPage } from "../engines/ocr-page";
import { UnreadableDocumentError } from "../providers/types";
import { type TextLayer, toPixels } from "./text-layer";

const POINTS_PER_INCH = 72;

const coordinate = z.coerce.number().finite();
const wordSchema = z.object({
  "#text": z.string().default(""),
  xMin: coordinate,
  yMin: coordinate,
  xMax: coordinate,
  yMax: coordinate,
});
const outputSchema = z.object({
  html: z.object({
    body: z.object({
      doc: z.object({
        page: z.array(z.object({ word: z.array(wordSchema).default([]) }).or(z.literal(""))),
      }),
    }),
  }),
});
type Word = z.infer<typeof wordSchema>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  // Words are text as printed: "007" stays "007", " " is not trimmed away.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => name === "page" || name === "word",
});

/**
 * The words of pages `first`..`last`, in points from the top left of each
 * page as a viewer shows it (its crop box, turned by its /Rotate), in order.
 */
async function readWords(
  command: string,
  bytes: Buffer,
  first: number,
  last: number,
  signal: AbortSignal,
): Promise<Word[][]> {
  const args = ["-bbox", "-cropbox", "-enc", "UTF-8", "-f", String(first), "-l", String(last)];
  const output = await runCommand(command, [...args, "-", "-"], { input: bytes, signal }).catch(
    (error: unknown) => {
      if (signal.aborted || !(error instanceof CommandError)) throw error;
      throw new UnreadableDocumentError(
        "The PDF's text could not be read (damaged, or too much of it)",
      );
    },
  );
  const parsed = outputSchema.safeParse(parser.parse(output.toString("utf8")));
  if (!parsed.success) throw new Error(`${command} gave an answer that is not its -bbox page list`);
  return parsed.data.html.body.doc.page.map((page) => (page === "" ? [] : page.word));
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
    const words = (read[page.pageNumber - pages.first] ?? []).filter((w) => w["#text"].trim());
    if (words.length === 0) return undefined;
    // pdfjs's viewport is the page as shown, as pdftotext's boxes are.
    const viewport = page.getViewport({ scale: dpi / POINTS_PER_INCH });
    const size = { width: Math.round(viewport.width), height: Math.round(viewport.height) };
    const scale = viewport.scale;
    const spans = words.map(
      (w): OcrSpan => ({
        text: w["#text"],
        confidence: 1,
        bbox: toPixels(
          { x0: w.xMin * scale, y0: w.yMin * scale, x1: w.xMax * scale, y1: w.yMax * scale },
          size,
        ),
      }),
    );
    return buildPage(size.width, size.height, [spans]);
  };
}
