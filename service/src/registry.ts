// The provider registry: every built-in provider under the name the catalog
// uses, plus the operator's HTTP provider when one is configured. Engines start
// lazily (tesseract.js workers on their first page), so building it is cheap.

import { createOrientationDetector } from "./engines/orientation";
import { createPaddleOcr } from "./engines/paddleocr";
import { createNativeTesseract } from "./engines/tesseract-native";
import { createTesseractJs } from "./engines/tesseractjs";
import type { OcrEngine } from "./engines/types";
import { popplerInstalled } from "./pages/pdf";
import type { PreprocessStep } from "./preprocess";
import type { Provider } from "./providers/interface/types";
import { extractByLayout, extractByPatterns } from "./providers/invoices/extract";
import { createInvoiceProvider } from "./providers/invoices/provider";
import { createLatticeTables, createStreamTables } from "./providers/tables/provider";
import type { AnswerBounds } from "./providers/text/answer-check";
import { createHttpProvider } from "./providers/text/http-provider";
import { createOcrProvider } from "./providers/text/ocr-document";
import { createPdfText } from "./providers/text/pdf-text";

/** What the providers are configured with (config/ reads it from the environment). */
export interface ProviderConfig {
  tesseractCommand: string;
  /** pdftoppm's command when PDF_RASTERISER is pdftoppm; pdfjs draws the pages otherwise. */
  pdftoppmCommand?: string;
  /** pdftotext's command when PDF_TEXT_READER is pdftotext; pdfjs reads text layers otherwise. */
  pdftotextCommand?: string;
  pdfDpi: number;
  nativeConcurrency: number;
  tesseractJsPoolSize: number;
  paddleConcurrency: number;
  queueLimit: number;
  answerBounds: AnswerBounds;
  preprocess: ReadonlySet<PreprocessStep>;
  http?: {
    name: string;
    url: string;
    key?: string;
    categories: readonly string[];
    pricePerPage: number;
    quality: number;
  };
}

/** What the providers of one registry share and closeAll closes with them. */
const shared = new WeakMap<ReadonlyMap<string, Provider>, { close(): Promise<void> }>();

export function createProviders(config: ProviderConfig): Map<string, Provider> {
  // Which way up a page is, for every engine (providers/text/upright.ts).
  const orientation = createOrientationDetector({ command: config.tesseractCommand });
  // Large print is read at half size (the "downscale" step) only by the providers
  // measured to read it as well so, and faster: Tesseract's LSTM engines on photos
  // and pages (bench/calibration.ts, rendered phone-photo; docs/changelog.md).
  // PaddleOCR and the legacy engine read worse halved; tables, invoices and PDF
  // pages were not measured so.
  const fullSize = new Set([...config.preprocess].filter((step) => step !== "downscale"));
  const raster = {
    pdfDpi: config.pdfDpi,
    pdftoppm: config.pdftoppmCommand,
    answerBounds: config.answerBounds,
    preprocess: fullSize,
    orientation,
  };
  const halving = { ...raster, preprocess: config.preprocess };
  const nativeOptions = {
    command: config.tesseractCommand,
    concurrency: config.nativeConcurrency,
    queueLimit: config.queueLimit,
  };
  const native = createNativeTesseract(nativeOptions);
  // Tables are read line by line across the page (see engines/tesseract-native.ts).
  const nativeRows = createNativeTesseract({ ...nativeOptions, pageSegmentation: 4 });
  const engine = (model: "best" | "fast") =>
    createTesseractJs({
      model,
      poolSize: config.tesseractJsPoolSize,
      queueLimit: config.queueLimit,
    });
  const best = engine("best");
  const fast = engine("fast");
  const paddle = createPaddleOcr({
    concurrency: config.paddleConcurrency,
    queueLimit: config.queueLimit,
  });

  const pdfText = (ocrEngines: OcrEngine[], { readPictures = false, pdfjsText = false } = {}) =>
    createPdfText({
      readPictures,
      dpi: config.pdfDpi,
      ocrEngines,
      pdftoppm: config.pdftoppmCommand,
      pdftotext: pdfjsText ? undefined : config.pdftotextCommand,
      answerBounds: config.answerBounds,
      preprocess: fullSize,
      orientation,
    });
  const bestOcr = createOcrProvider("tesseractjs-best", best, halving);
  const paddleOcr = createOcrProvider("paddleocr", paddle, raster);
  // Tesseract reading line by line across the page: invoices (tables have their own below).
  const rowsPdf = pdfText([nativeRows, best]);
  // An invoice whose text names no supplier is read again with the text inside
  // its pictures: a letterhead or footer drawn as an image.
  const rowsPdfPictures = pdfText([nativeRows, best], { readPictures: true });
  const rowsImage = createOcrProvider("tesseract-native-rows", nativeRows, raster);
  const paddlePdf = pdfText([paddle]);
  // Tables read text layers with pdfjs: the lattice provider reads the page's
  // lines through pdfjs anyway (its fonts are loaded either way), and pdftotext's word
  // boxes for Type 3 fonts reach only part of the way up the letters, which made
  // the stream provider miss tables Chromium printed (docs/decisions-reading.md).
  const rowsPdfTables = pdfText([nativeRows, best], { pdfjsText: true });
  const paddlePdfTables = pdfText([paddle], { pdfjsText: true });
  const providers: Provider[] = [
    createOcrProvider("tesseract-native", native, halving),
    bestOcr,
    createOcrProvider("tesseractjs-fast", fast, raster),
    paddleOcr,
    // Scanned pages: native when installed (fastest), else the WASM engine.
    pdfText([native, best]),
    // Tables: cells from the ruling lines in the page image (lattice), else
    // columns from white space (stream) over two engines' words, which fail differently.
    createLatticeTables(
      "tables-lattice",
      // It hands OCR a photo it has already evened out (normalising twice
      // thickens strokes: 13 of 16 cells right instead of 16 on a photo).
      {
        pdf: rowsPdfTables,
        image: createOcrProvider("tesseract-native-rows", nativeRows, {
          ...raster,
          preprocess: new Set([...fullSize].filter((step) => step !== "normalize")),
        }),
      },
      { pdftoppm: config.pdftoppmCommand, cellEngine: nativeRows },
    ),
    createStreamTables("tables-stream-tesseract", {
      pdf: rowsPdfTables,
      image: rowsImage,
      close: () => nativeRows.close(),
    }),
    createStreamTables("tables-stream-paddle", {
      pdf: paddlePdfTables,
      image: paddleOcr,
      estimatedWordBoxes: true,
    }),
    // Invoices: labels and layout over Tesseract's words; amounts and their
    // sums over PaddleOCR's, which misreads differently (docs/invoices.md).
    createInvoiceProvider(
      "invoices-layout",
      { pdf: rowsPdf, pictures: rowsPdfPictures, image: rowsImage },
      extractByLayout,
      { nameEngine: nativeRows },
    ),
    createInvoiceProvider(
      "invoices-patterns",
      { pdf: paddlePdf, image: paddleOcr },
      extractByPatterns,
    ),
  ];
  if (config.http) {
    const { categories, pricePerPage, quality, ...http } = config.http;
    providers.push(
      createHttpProvider({
        ...http,
        offers: categories.map((category) => ({ category, pricePerPage, quality })),
      }),
    );
  }
  const registry = new Map(providers.map((p) => [p.name, p]));
  shared.set(registry, orientation);
  return registry;
}

/**
 * Closes every provider createProviders built (their engines and worker threads);
 * one failing does not stop the others. Whoever builds the providers closes them
 * (main.ts at shutdown, a test or bench when done): the router only uses them.
 */
export async function closeAll(providers: ReadonlyMap<string, Provider>): Promise<void> {
  await Promise.allSettled([
    ...[...providers.values()].map((p) => p.close?.()),
    shared.get(providers)?.close(),
  ]);
}

/** What can run on this machine, said at start (main.ts). */
export interface EngineReport {
  available: string[];
  /** Left out of routing (the router passes over them), with what would add each. */
  unavailable: { provider: string; requires?: string }[];
  /** What draws PDF pages for OCR. */
  pdfPages: string;
  /** What reads PDF text layers. */
  pdfText: string;
}

export async function engineReport(
  providers: ReadonlyMap<string, Provider>,
  config: Pick<ProviderConfig, "pdftoppmCommand" | "pdftotextCommand">,
): Promise<EngineReport> {
  const report: EngineReport = {
    available: [],
    unavailable: [],
    pdfPages: "pdfjs (in-process)",
    pdfText: "pdfjs (in-process)",
  };
  for (const provider of providers.values()) {
    const runs = await provider.available().catch(() => false);
    if (runs) report.available.push(provider.name);
    else report.unavailable.push({ provider: provider.name, requires: provider.requires });
  }
  const pdftoppm = config.pdftoppmCommand;
  if (pdftoppm !== undefined) {
    report.pdfPages = (await popplerInstalled(pdftoppm))
      ? `pdftoppm ("${pdftoppm}")`
      : `pdfjs (in-process): PDF_RASTERISER is pdftoppm, but "${pdftoppm}" does not run here (apt: poppler-utils; or PDFTOPPM_CMD)`;
  }
  const pdftotext = config.pdftotextCommand;
  if (pdftotext !== undefined) {
    report.pdfText = (await popplerInstalled(pdftotext))
      ? `pdftotext ("${pdftotext}")`
      : `pdfjs (in-process): PDF_TEXT_READER is pdftotext, but "${pdftotext}" does not run here (apt: poppler-utils; or PDFTOTEXT_CMD)`;
  }
  return report;
}
