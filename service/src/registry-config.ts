// The providers' environment, parsed once at start with the service's parseEnv:
// a bad value stops the start with a message that names the variable.
//
//   TESSERACT_CMD                 the tesseract CLI (default "tesseract")
//   PDF_RASTERISER                what draws PDF pages for OCR: "pdfjs" (default, in-process,
//                                 faster here: bench/rasterise.ts) or "pdftoppm" (poppler, a
//                                 child process; pdfjs draws while it is not installed)
//   PDFTOPPM_CMD                  poppler's rasteriser (default "pdftoppm")
//   PDF_TEXT_READER               what reads PDF text layers: "pdftotext" (default, poppler, a
//                                 child process, several times faster: bench/invoices.ts; pdfjs
//                                 reads them while it is not installed) or "pdfjs" (in-process)
//   PDFTOTEXT_CMD                 poppler's text reader (default "pdftotext")
//   PDF_DPI                       resolution of PDF pages: rasterised for OCR, and the
//                                 pixels pdf-text's boxes refer to (default 200)
//   TESSERACT_NATIVE_CONCURRENCY  tesseract processes at once (default: the cores)
//   TESSERACTJS_POOL_SIZE         WASM worker threads per model, best and fast (default: the
//                                 cores, so a PDF's pages are read on every core)
//   PADDLEOCR_CONCURRENCY         pages PaddleOCR reads at once, one model shared (default 1)
//   OCR_QUEUE_LIMIT               pages waiting per engine before it refuses more (default 32)
//   OCR_PREPROCESS                steps applied to page images before OCR, comma-separated
//                                 (sheet, normalize, deskew, upscale, downscale; "none" for none;
//                                 see preprocess/; downscale only for the LSTM Tesseract providers)
//   OCR_MIN_CONFIDENCE            mean word confidence under which an OCR answer is unsure
//                                 and the router tries the next provider (text/answer-check.ts)
//   HTTP_PROVIDER_URL             an outside engine (see text/http-provider.ts); unset: none
//   HTTP_PROVIDER_KEY             sent as "Authorization: Bearer <key>"
//   HTTP_PROVIDER_NAME            its name in meta.provider (default "http")
//   HTTP_PROVIDER_CATEGORIES      category slugs it serves (default "text-recognition")
//   HTTP_PROVIDER_PRICE_PER_PAGE  USD (default 0.01)
//   HTTP_PROVIDER_QUALITY         0–1 (default 0.9)
import { availableParallelism } from "node:os";
import { z } from "zod";
import { CATALOG } from "./catalog";
import { int, list, parseEnv } from "./config";
import { PREPROCESS_STEPS, type PreprocessStep } from "./preprocess";
import { type AnswerBounds, DEFAULT_BOUNDS } from "./providers/text/answer-check";

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

const decimal = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, "must be a number")
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/** The steps the calibration bench showed to help (docs/quality.md). */
const DEFAULT_PREPROCESS: readonly PreprocessStep[] = PREPROCESS_STEPS;

const slugs = new Set(CATALOG.map((c) => c.slug));

const providerEnvSchema = z.object({
  TESSERACT_CMD: z.string().default("tesseract"),
  PDF_RASTERISER: z.enum(["pdfjs", "pdftoppm"]).default("pdfjs"),
  PDFTOPPM_CMD: z.string().default("pdftoppm"),
  PDF_TEXT_READER: z.enum(["pdftotext", "pdfjs"]).default("pdftotext"),
  PDFTOTEXT_CMD: z.string().default("pdftotext"),
  PDF_DPI: int(50, 600).default(200),
  TESSERACT_NATIVE_CONCURRENCY: int(1, 256).default(availableParallelism()),
  TESSERACTJS_POOL_SIZE: int(1, 64).default(availableParallelism()),
  PADDLEOCR_CONCURRENCY: int(1, 64).default(1),
  OCR_QUEUE_LIMIT: int(0, 100_000).default(32),
  OCR_PREPROCESS: z
    .string()
    .transform((s) => (s.trim() === "none" ? [] : s.split(",").map((x) => x.trim())))
    .pipe(z.array(z.enum(PREPROCESS_STEPS, `must be "none" or of ${PREPROCESS_STEPS.join(", ")}`)))
    .default([...DEFAULT_PREPROCESS]),
  OCR_MIN_CONFIDENCE: decimal(0, 1).default(DEFAULT_BOUNDS.minConfidence),
  HTTP_PROVIDER_URL: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional(),
  HTTP_PROVIDER_KEY: z.string().optional(),
  HTTP_PROVIDER_NAME: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]*$/i, "must be letters, digits, dots, dashes or underscores")
    .default("http"),
  HTTP_PROVIDER_CATEGORIES: list
    .pipe(
      z.array(z.string().refine((s) => slugs.has(s), "names a category slug that does not exist")),
    )
    .default(["text-recognition"]),
  HTTP_PROVIDER_PRICE_PER_PAGE: decimal(0, 1_000).default(0.01),
  HTTP_PROVIDER_QUALITY: decimal(0, 1).default(0.9),
});

export function loadProviderConfig(
  env: Readonly<Record<string, string | undefined>> = process.env,
): ProviderConfig {
  const e = parseEnv(providerEnvSchema, env);
  return {
    tesseractCommand: e.TESSERACT_CMD,
    pdftoppmCommand: e.PDF_RASTERISER === "pdftoppm" ? e.PDFTOPPM_CMD : undefined,
    pdftotextCommand: e.PDF_TEXT_READER === "pdftotext" ? e.PDFTOTEXT_CMD : undefined,
    pdfDpi: e.PDF_DPI,
    nativeConcurrency: e.TESSERACT_NATIVE_CONCURRENCY,
    tesseractJsPoolSize: e.TESSERACTJS_POOL_SIZE,
    paddleConcurrency: e.PADDLEOCR_CONCURRENCY,
    queueLimit: e.OCR_QUEUE_LIMIT,
    answerBounds: { ...DEFAULT_BOUNDS, minConfidence: e.OCR_MIN_CONFIDENCE },
    preprocess: new Set(e.OCR_PREPROCESS),
    http: e.HTTP_PROVIDER_URL
      ? {
          name: e.HTTP_PROVIDER_NAME,
          url: e.HTTP_PROVIDER_URL,
          key: e.HTTP_PROVIDER_KEY,
          categories: e.HTTP_PROVIDER_CATEGORIES,
          pricePerPage: e.HTTP_PROVIDER_PRICE_PER_PAGE,
          quality: e.HTTP_PROVIDER_QUALITY,
        }
      : undefined,
  };
}
