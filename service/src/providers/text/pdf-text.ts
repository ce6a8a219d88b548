// The pdf-text provider: a PDF's text exactly as written, from its text layer
// (pages/poppler-text.ts, or pages/text-layer.ts without poppler). A page without a text layer (a scan) is rasterised
// and read by the first available OCR engine.

import type { OcrData } from "@/lib/kernel/contract";
import { resolveLanguage } from "../../engines/language";
import type { PageRecognizer } from "../../engines/ocr-page";
import type { OrientationDetector } from "../../engines/orientation";
import type { OcrEngine } from "../../engines/types";
import { popplerInstalled } from "../../pages/pdf";
import { popplerTextLayer } from "../../pages/poppler-text";
import { sniffDocument } from "../../pages/sniff";
import { readTextLayer, type TextLayerSource } from "../../pages/text-layer";
import type { PreprocessStep } from "../../preprocess";
import type { Provider, ProviderInput, ProviderOutput } from "../interface/types";
import { UnreadableDocumentError } from "../interface/types";
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

/**
 * Readings in which every page came from the text layer, shared by every
 * pdf-text source that reads text layers alike (the same reader, resolution,
 * language and bounds, no pictures read): no engine read a word of them, so
 * the table stream over PaddleOCR's words, tried after the one over
 * Tesseract's, or the invoice patterns after the layout, would read the same
 * words again for nothing. Kept as each source's own readings are, while the
 * request's bytes are.
 */
const textOnlyReadings = new WeakMap<Uint8Array, Map<string, ProviderOutput<OcrData>>>();

const keep = (
  kept: WeakMap<Uint8Array, Map<string, ProviderOutput<OcrData>>>,
  bytes: Uint8Array,
  key: string,
  output: ProviderOutput<OcrData>,
) => kept.set(bytes, (kept.get(bytes) ?? new Map()).set(key, output));

export function createPdfText(options: PdfTextOptions): Provider<OcrData> {
  const { pdftotext } = options;
  /**
   * Each document's reading, kept while its bytes are (one request's): the
   * providers that share this word source (tables' lattice, then stream) read
   * a document's text layer or scan once, not once per attempt of a failover.
   */
  const readings = new WeakMap<Uint8Array, Map<string, ProviderOutput<OcrData>>>();
  /** pdftotext's command where it runs here, else pdfjs. */
  const textLayerReader = async () =>
    pdftotext !== undefined && (await popplerInstalled(pdftotext)) ? pdftotext : "pdfjs";
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
      const language = resolveLanguage(input.languageHints, (await ocr?.languages()) ?? new Set());
      // Sources whose text-layer readings are alike share them (no pictures read).
      const reader = await textLayerReader();
      const alike = options.readPictures
        ? undefined
        : JSON.stringify([key, reader, options.dpi, language, options.answerBounds ?? null]);
      const shared =
        alike === undefined ? undefined : textOnlyReadings.get(input.bytes)?.get(alike);
      if (shared) return shared;
      const fromText = new Set<number>();
      const textLayer: TextLayerSource = async (bytes, pages, signal) => {
        const read =
          reader === "pdfjs" ? readTextLayer : await popplerTextLayer(reader, bytes, pages, signal);
        return async (page, dpi) => {
          const text = await read(page, dpi);
          if (text) fromText.add(page.pageNumber);
          return text;
        };
      };
      const output = await ocrDocument(input, {
        recognize: ocr?.recognize ?? noEngine,
        recognizeBlock: ocr?.recognizeBlock,
        preparedAs: ocr?.preparedAs,
        language,
        pdfDpi: options.dpi,
        pdftoppm: options.pdftoppm,
        answerBounds: options.answerBounds,
        preprocess: options.preprocess,
        orientation: options.orientation,
        textLayer,
        readPictures: options.readPictures,
      });
      keep(readings, input.bytes, key, output);
      const pages = output.data.pages;
      if (alike !== undefined && pages.length > 0 && pages.every((p) => fromText.has(p.number))) {
        keep(textOnlyReadings, input.bytes, alike, output);
      }
      return output;
    },
  };
}
