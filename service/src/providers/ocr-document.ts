// Any OCR engine over a whole document: an image is one page; a PDF is read
// page by page, each page from its text layer when the caller reads those
// (pdf-text), otherwise rasterised and OCR'd. Shared by every provider.

import { availableParallelism } from "node:os";
import pMap from "p-map";
import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { BBox, OcrData, OcrPage } from "@/lib/contract";
import {
  type PreparedFormat,
  type PreparedPage,
  type PreprocessStep,
  preparePage,
} from "../preprocess";
import { type AnswerBounds, checkOcrAnswer } from "./answer-check";
import { readsAll, resolveLanguage } from "./language";
import type { PageRecognizer, RecognizedPage } from "./ocr-page";
import { documentText } from "./ocr-page";
import { effectiveDpi, openPdf, rasterisePage } from "./pdf";
import type { Provider, ProviderInput, ProviderOutput } from "./types";
import { UnreadableDocumentError } from "./types";
import { withUnreadText } from "./unread-text";

/** An OCR engine: reads one page image at a time. */
export interface OcrEngine {
  available(): Promise<boolean>;
  /** Tesseract codes whose data the engine has (never `osd`). */
  languages(): Promise<ReadonlySet<string>>;
  /** Languages one page can be read in at once; unlimited when absent. */
  maxLanguages?: number;
  recognize: PageRecognizer;
  /**
   * Reads an image as one block of text, without the engine's own page
   * analysis: the parts of a page `recognize` left unread (unread-text.ts).
   */
  recognizeBlock?: PageRecognizer;
  close(): Promise<void>;
  /** How it takes prepared page images (service/src/preprocess): PGM unless it says PNG. */
  preparedAs?: PreparedFormat;
  /** What installs it (Provider.requires). */
  requires: string;
}

export interface PdfRasterOptions {
  /** Resolution PDF pages are rasterised at for OCR. */
  pdfDpi: number;
  pdftoppm?: string;
}

export interface OcrProviderOptions extends PdfRasterOptions {
  /** When an answer counts as unsure (answer-check.ts); its defaults otherwise. */
  answerBounds?: AnswerBounds;
  /** Steps applied to each page image before OCR (service/src/preprocess); none when absent. */
  preprocess?: ReadonlySet<PreprocessStep>;
}

/** A page read on a prepared image, with its size and every box back on the image as sent. */
function onOriginal(page: RecognizedPage, prepared: PreparedPage): RecognizedPage {
  const { original, toOriginal } = prepared;
  if (!original) return page;
  const span = <T extends { bbox: BBox }>(s: T): T => ({ ...s, bbox: toOriginal(s.bbox) });
  return {
    ...page,
    ...original,
    words: page.words.map(span),
    lines: page.lines.map(span),
    blocks: page.blocks.map((b) => ({ ...span(b), lines: b.lines.map(span) })),
  };
}

/** A provider that reads images, and PDFs page by page, with `engine`. */
export function createOcrProvider(
  name: string,
  engine: OcrEngine,
  options: OcrProviderOptions,
): Provider<OcrData> {
  return {
    name,
    requires: engine.requires,
    available: () => engine.available(),
    reads: async (hints) => readsAll(hints, await engine.languages()),
    async run(input) {
      const language = resolveLanguage(
        input.languageHints,
        await engine.languages(),
        engine.maxLanguages,
      );
      const { recognize, recognizeBlock, preparedAs } = engine;
      return ocrDocument(input, { recognize, recognizeBlock, preparedAs, language, ...options });
    },
    close: () => engine.close(),
  };
}

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/tiff", "image/webp", "image/bmp"]);

export type DocumentKind = "pdf" | "image";

/**
 * What the bytes really are, by their magic bytes. Providers check this
 * themselves and do not trust the declared type: the tesseract CLI reads a
 * text file as a list of image paths to open, so text must never reach it.
 */
export async function sniffDocument(bytes: Buffer): Promise<DocumentKind> {
  const { fileTypeFromBuffer } = await import("file-type");
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime === "application/pdf") return "pdf";
  if (type && IMAGE_TYPES.has(type.mime)) return "image";
  throw new UnreadableDocumentError("The document is not a supported image or a PDF");
}

export interface OcrDocumentOptions extends OcrProviderOptions {
  recognize: PageRecognizer;
  recognizeBlock?: PageRecognizer;
  /** Tesseract language string to use (see language.ts). */
  language: string;
  /** How the engine takes prepared page images. */
  preparedAs?: PreparedFormat;
  /** Reads a PDF page's own text at `dpi`; undefined when it has none, and the page is OCR'd. */
  textLayer?: (page: PDFPageProxy, dpi: number) => Promise<RecognizedPage | undefined>;
}

/**
 * Pages of one PDF drawn and read at once: one per core and one more, so a core
 * never waits for a page to be drawn (the engines' own pools bound the reading).
 */
const PAGES_AT_ONCE = availableParallelism() + 1;

export async function ocrDocument(
  input: ProviderInput,
  options: OcrDocumentOptions,
): Promise<ProviderOutput<OcrData>> {
  const { language, pdfDpi, pdftoppm, textLayer, answerBounds } = options;
  const { bytes, signal } = input;
  const steps = options.preprocess ?? new Set();
  /** One page image, prepared; an enlarged page's resolution grows with it. */
  const recognize = async (image: Buffer, dpi?: number) => {
    const prepared = await preparePage(image, steps, options.preparedAs);
    signal.throwIfAborted();
    const scaled = dpi === undefined ? undefined : Math.round(dpi * prepared.scale);
    const read = { language, dpi: scaled, signal };
    let page = await options.recognize(prepared.image, read);
    const { recognizeBlock } = options;
    if (recognizeBlock && prepared.grey) {
      page = await withUnreadText(page, prepared.grey, (crop) => recognizeBlock(crop, read));
    }
    return onOriginal(page, prepared);
  };
  let pages: OcrPage[];
  if ((await sniffDocument(bytes)) === "image") {
    pages = [{ number: 1, ...(await recognize(bytes)) }];
  } else {
    const pdf = await openPdf(bytes);
    try {
      // Pages in a pipeline over the cores: while one page is read, the next is
      // drawn; at most PAGES_AT_ONCE rasters are held, however long the document.
      const numbers = Array.from({ length: pdf.numPages }, (_, i) => i + 1);
      pages = await pMap(
        numbers,
        async (number): Promise<OcrPage> => {
          signal.throwIfAborted();
          const page = await pdf.getPage(number);
          try {
            const text = await textLayer?.(page, pdfDpi);
            if (text) return { number, dpi: pdfDpi, ...text };
            const { width, height } = page.getViewport({ scale: 1 });
            const dpi = effectiveDpi({ width, height }, pdfDpi);
            const draw = () => rasterisePage({ bytes, pdf, page }, dpi, signal, pdftoppm);
            const png = await (input.rasters?.get(number, dpi, draw) ?? draw());
            return { number, dpi, ...(await recognize(png, dpi)) };
          } finally {
            // pdfjs keeps a page's decoded pictures and drawing until told: a scanned
            // page at 300 dpi is 35 MB of pixels, so held pages grew with the document.
            page.cleanup();
          }
        },
        { concurrency: PAGES_AT_ONCE, signal },
      );
    } finally {
      await pdf.destroy();
    }
  }
  const data = { text: documentText(pages), language, pages };
  return { data, pages: pages.length, check: checkOcrAnswer(data, answerBounds) };
}
