// Any OCR engine over a whole document: an image is one page; a PDF is read
// page by page, each page from its text layer when the caller reads those
// (pdf-text), otherwise rasterised and OCR'd; a TIFF page by page too, every
// page of it. Shared by every provider.

import { availableParallelism } from "node:os";
import pMap from "p-map";
import type { BBox, OcrData, OcrPage } from "@/lib/kernel/contract";
import { readsAll, resolveLanguage } from "../../engines/language";
import type { PageRecognizer, RecognizedPage } from "../../engines/ocr-page";
import { documentText } from "../../engines/ocr-page";
import type { OrientationDetector } from "../../engines/orientation";
import type { OcrEngine } from "../../engines/types";
import { unreadInk, withUnreadText } from "../../engines/unread-text";
import { isTiff } from "../../images";
import { drawPageGrey, effectiveDpi, openPdf, pageGraphics, rasterisePage } from "../../pages/pdf";
import { sniffDocument } from "../../pages/sniff";
import type { TextLayerSource } from "../../pages/text-layer";
import { tiffPage, tiffPageCount } from "../../pages/tiff";
import {
  type PreparedFormat,
  type PreparedPage,
  type PreprocessStep,
  preparePage,
} from "../../preprocess";
import { headerDpi } from "../../preprocess/resolution";
import type { Provider, ProviderInput, ProviderOutput } from "../interface/types";
import { type AnswerBounds, checkOcrAnswer } from "./answer-check";
import { type Reading, readUpright } from "./upright";

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
  /** Tells which way up a page is, for pages read upright (upright.ts); pages are read as they come when absent. */
  orientation?: OrientationDetector;
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
    engine: engine.family,
    requires: engine.requires,
    selectsPages: true,
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

export interface OcrDocumentOptions extends OcrProviderOptions {
  recognize: PageRecognizer;
  recognizeBlock?: PageRecognizer;
  /** Tesseract language string to use (see engines/language.ts). */
  language: string;
  /** How the engine takes prepared page images. */
  preparedAs?: PreparedFormat;
  /** Where a PDF's pages' own text comes from; pages are all OCR'd without it. */
  textLayer?: TextLayerSource;
  /**
   * Only the pages with a text layer are answered, each with the text drawn
   * inside its pictures (a letterhead or footer as an image) read by
   * recognizeBlock; a page without one is left out (read it without this).
   */
  readPictures?: boolean;
}

/**
 * Pages of one PDF drawn and read at once: one per core and one more, so a core
 * never waits for a page to be drawn (the engines' own pools bound the reading).
 */
const PAGES_AT_ONCE = availableParallelism() + 1;

/** The pages to read: those asked for that the PDF has, in order; every page when none are. */
function selectedPages(numPages: number, wanted: readonly number[] | undefined): number[] {
  const all = Array.from({ length: numPages }, (_, i) => i + 1);
  if (!wanted) return all;
  const asked = new Set(wanted);
  return all.filter((number) => asked.has(number));
}

export async function ocrDocument(
  input: ProviderInput,
  options: OcrDocumentOptions,
): Promise<ProviderOutput<OcrData>> {
  const { language, pdfDpi, pdftoppm, answerBounds } = options;
  const { bytes, signal } = input;
  const steps = options.preprocess ?? new Set();
  /**
   * One page image, prepared and read; an enlarged page's resolution grows with
   * it. What the page analysis left unread is read when the reading is kept.
   */
  const readAsIs = async (image: Buffer, dpi?: number): Promise<Reading> => {
    const prepared = await preparePage(image, steps, options.preparedAs, dpi);
    signal.throwIfAborted();
    const scaled = dpi === undefined ? undefined : Math.round(dpi * prepared.scale);
    // A page passed through unprepared (over 16 MP), or a clean one whose light
    // text on dark nothing turned, keeps Tesseract's own inversion.
    const lightOnDarkPrepared = prepared.normalized === true;
    const read = { language, dpi: scaled, lightOnDarkPrepared, signal };
    const page = await options.recognize(prepared.image, read);
    const { recognizeBlock } = options;
    const finish = async () => {
      if (!recognizeBlock || !prepared.grey) return onOriginal(page, prepared);
      const whole = await withUnreadText(page, prepared.grey, (crop) => recognizeBlock(crop, read));
      return onOriginal(whole, prepared);
    };
    const letters = () => (prepared.grey ? unreadInk(prepared.grey, []).unread.length : 0);
    return { page: onOriginal(page, prepared), finish, letters };
  };
  /**
   * An image is read at the resolution its header gives (resolution.ts): the
   * prepared copy, and a turned one, no longer carry it, and Tesseract would
   * guess another.
   */
  const recognize = (image: Buffer, dpi?: number) => {
    const own = dpi ?? headerDpi(image);
    return readUpright(image, (turned) => readAsIs(turned, own), options.orientation, signal);
  };
  let pages: OcrPage[];
  const kind = await sniffDocument(bytes);
  if (kind === "image" && isTiff(bytes)) {
    // Every page, in order, like a PDF's; at most PAGES_AT_ONCE decoded at a time.
    const numbers = Array.from({ length: await tiffPageCount(bytes) }, (_, i) => i + 1);
    pages = await pMap(
      numbers,
      async (number): Promise<OcrPage> => {
        signal.throwIfAborted();
        return { number, ...(await recognize(await tiffPage(bytes, number))) };
      },
      { concurrency: PAGES_AT_ONCE, signal },
    );
  } else if (kind === "image") {
    pages = [{ number: 1, ...(await recognize(bytes)) }];
    input.onPage?.(1);
  } else {
    const pdf = await openPdf(bytes);
    try {
      // Pages in a pipeline over the cores: while one page is read, the next is
      // drawn; at most PAGES_AT_ONCE rasters are held, however long the document.
      const numbers = selectedPages(pdf.numPages, input.pages);
      const first = numbers[0];
      const last = numbers.at(-1);
      const textLayer =
        first === undefined || last === undefined
          ? undefined
          : await options.textLayer?.(bytes, { first, last }, signal);
      const readPage = async (number: number): Promise<OcrPage | undefined> => {
        signal.throwIfAborted();
        const page = await pdf.getPage(number);
        try {
          const text = await textLayer?.(page, pdfDpi);
          const { width, height } = page.getViewport({ scale: 1 });
          const dpi = effectiveDpi({ width, height }, pdfDpi);
          if (text) {
            const { recognizeBlock } = options;
            // The text layer's boxes are at pdfDpi: a page too large to draw so keeps its text alone.
            if (!options.readPictures || !recognizeBlock || dpi !== pdfDpi) {
              return { number, dpi: pdfDpi, ...text };
            }
            if (!(await pageGraphics(page)).pictures) return { number, dpi: pdfDpi, ...text };
            const grey = await drawPageGrey({ bytes, pdf, page }, dpi, signal);
            const read = { language, dpi, signal };
            const whole = await withUnreadText(text, grey, (crop) => recognizeBlock(crop, read));
            return { number, dpi, ...whole };
          }
          if (options.readPictures) return undefined;
          const draw = () => rasterisePage({ bytes, pdf, page }, dpi, signal, pdftoppm);
          const png = await (input.rasters?.get(number, dpi, draw) ?? draw());
          return { number, dpi, ...(await recognize(png, dpi)) };
        } finally {
          // pdfjs keeps a page's decoded pictures and drawing until told: a scanned
          // page at 300 dpi is 35 MB of pixels, so held pages grew with the document.
          page.cleanup();
        }
      };
      const read = await pMap(
        numbers,
        async (number) => {
          const page = await readPage(number);
          input.onPage?.(number);
          return page;
        },
        { concurrency: PAGES_AT_ONCE, signal },
      );
      pages = read.filter((page) => page !== undefined);
    } finally {
      await pdf.destroy();
    }
  }
  const data = { text: documentText(pages), language, pages };
  return { data, pages: pages.length, check: checkOcrAnswer(data, answerBounds) };
}
