// The pdf-text provider: a PDF's text exactly as written, from its text layer
// (pages/poppler-text.ts, or pages/text-layer.ts without poppler). A page without a text layer (a scan) is rasterised
// and read by the first available OCR engine.

import type { OcrData } from "@/lib/kernel/contract";
import { resolveLanguage } from "../engines/language";
import type { PageRecognizer } from "../engines/ocr-page";
import type { OrientationDetector } from "../engines/orientation";
import type { OcrEngine } from "../engines/types";
import { popplerInstalled } from "../pages/pdf";
import { popplerTextLayer } from "../pages/poppler-text";
import { sniffDocument } from "../pages/sniff";
import { readTextLayer, type TextLayerSource } from "../pages/text-layer";
import type { PreprocessStep } from "../preprocess";
import type { Provider, ProviderInput, ProviderOutput } from "../providers/types";
import { UnreadableDocumentError } from "../providers/types";
import type { AnswerBounds } from "./answer-check";
import { ocrDocument } from "./ocr-document";

export interface PdfTextOptions {
  /** Pixels of the page image the boxes refer to (and of rasterised scans). */
  dpi: number;
  /** OCR engines for pages without text, in order of preference. */
  ocrEngines: readonly OcrEngine[];
  pdftoppm?: string;
  /** Poppler's pdftotext, which reads text layers when it runs here; pdfjs reads them otherwise. */
  pdftotext?: string;
  answerBounds?: AnswerBounds;
  preprocess?: ReadonlySet<PreprocessStep>;
  orientation?: OrientationDetector;
  /** Also reads the text inside the pictures of pages that have a text layer (ocr-document.ts). */
  readPictures?: boolean;
}

async function firstAvailable(engines: readonly OcrEngine[]): Promise<OcrEngine | undefined> {
  for (const engine of engines) if (await engine.available()) return engine;
  return undefined;
}

const noEngine: PageRecognizer = async () => {
  throw new Error("A PDF page has no text layer and no OCR engine is available");
};

export function createPdfText(options: PdfTextOptions): Provider<OcrData> {
  const { pdftotext } = options;
  /**
   * Each document's reading, kept while its bytes are (one request's): the
   * providers that share this word source (tables' lattice, then stream) read
   * a document's text layer or scan once, not once per attempt of a failover.
   */
  const readings = new WeakMap<Uint8Array, Map<string, ProviderOutput<OcrData>>>();
  const textLayer: TextLayerSource = async (bytes, pages, signal) =>
    pdftotext !== undefined && (await popplerInstalled(pdftotext))
      ? popplerTextLayer(pdftotext, bytes, pages, signal)
      : readTextLayer;
  return {
    name: "pdf-text",
    selectsPages: true,
    available: async () => true,
    async run(input: ProviderInput): Promise<ProviderOutput<OcrData>> {
      if ((await sniffDocument(input.bytes)) !== "pdf") {
        throw new UnreadableDocumentError("pdf-text reads PDF documents only");
      }
      const key = JSON.stringify([input.pages ?? null, input.languageHints]);
      const kept = readings.get(input.bytes)?.get(key);
      if (kept) return kept;
      const ocr = await firstAvailable(options.ocrEngines);
      const output = await ocrDocument(input, {
        recognize: ocr?.recognize ?? noEngine,
        recognizeBlock: ocr?.recognizeBlock,
        preparedAs: ocr?.preparedAs,
        language: resolveLanguage(input.languageHints, (await ocr?.languages()) ?? new Set()),
        pdfDpi: options.dpi,
        pdftoppm: options.pdftoppm,
        answerBounds: options.answerBounds,
        preprocess: options.preprocess,
        orientation: options.orientation,
        textLayer,
        readPictures: options.readPictures,
      });
      const byKey = readings.get(input.bytes) ?? new Map<string, ProviderOutput<OcrData>>();
      readings.set(input.bytes, byKey.set(key, output));
      return output;
    },
  };
}
