// The provider registry: every built-in provider under the name the catalog
// uses, plus the operator's HTTP provider when one is configured. Engines start
// lazily (tesseract.js workers on their first page), so building it is cheap.
import type { ProviderConfig } from "./config";
import { createHttpProvider } from "./http-provider";
import { createOcrProvider } from "./ocr-document";
import { createPaddleOcr } from "./paddleocr";
import { createPdfText } from "./pdf-text";
import { createNativeTesseract } from "./tesseract-native";
import { createTesseractJs } from "./tesseractjs";
import type { Provider } from "./types";

export { loadProviderConfig } from "./config";

export function createProviders(config: ProviderConfig): Map<string, Provider> {
  const raster = {
    pdfDpi: config.pdfDpi,
    pdftoppm: config.pdftoppmCommand,
    answerBounds: config.answerBounds,
    preprocess: config.preprocess,
  };
  const native = createNativeTesseract({
    command: config.tesseractCommand,
    concurrency: config.nativeConcurrency,
    queueLimit: config.queueLimit,
  });
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

  const providers: Provider[] = [
    createOcrProvider("tesseract-native", native, raster),
    createOcrProvider("tesseractjs-best", best, raster),
    createOcrProvider("tesseractjs-fast", fast, raster),
    createOcrProvider("paddleocr", paddle, raster),
    // Scanned pages: native when installed (fastest), else the WASM engine.
    createPdfText({
      dpi: config.pdfDpi,
      ocrEngines: [native, best],
      pdftoppm: config.pdftoppmCommand,
      answerBounds: config.answerBounds,
      preprocess: config.preprocess,
    }),
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
  return new Map(providers.map((p) => [p.name, p]));
}

/** Closes every provider (their engines and worker threads); one failing does not stop the others. */
export async function closeAll(providers: ReadonlyMap<string, Provider>): Promise<void> {
  await Promise.allSettled([...providers.values()].map((p) => p.close?.()));
}
