// OCR with tesseract.js 7 (Tesseract compiled to WebAssembly), in a bounded
// pool of worker threads. Language data comes from the @tesseract.js-data/eng
// package on disk: nothing is downloaded, nothing is cached elsewhere.
//
// Two models (measured on the fixtures, one worker, 2-core machine):
//   best: 4.0.0_best_int data, LSTM engine            ~245 ms a page, conf ~0.95
//   fast: 4.0.0 data, legacy (non-LSTM) engine         ~130 ms a page, conf ~0.91
// The 4.0.0 data with the LSTM engine is no faster than best_int (~225 ms), so
// "fast" uses the legacy engine, which that data also carries.
import { access } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Worker } from "tesseract.js";
import { createWorker, OEM, PSM } from "tesseract.js";
import type { OcrEngine } from "./ocr-document";
import { EnginePool } from "./pool";
import { parseTsv } from "./tsv";
import { UnreadableDocumentError } from "./types";

export type TesseractJsModel = "best" | "fast";

const MODELS: Record<TesseractJsModel, { data: string; oem: OEM; legacy: boolean }> = {
  best: { data: "4.0.0_best_int", oem: OEM.LSTM_ONLY, legacy: false },
  fast: { data: "4.0.0", oem: OEM.TESSERACT_ONLY, legacy: true },
};

/** The only language whose data is installed for tesseract.js. */
const LANGUAGE = "eng";

export interface TesseractJsOptions {
  model: TesseractJsModel;
  /** Worker threads for this model. */
  poolSize: number;
  queueLimit: number;
}

function dataDirectory(model: TesseractJsModel): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve(`@tesseract.js-data/${LANGUAGE}/package.json`);
  return path.join(path.dirname(pkg), MODELS[model].data);
}

/** tesseract.js rejects with strings; turn them into errors a client may read. */
function engineError(reason: unknown): Error {
  const text = reason instanceof Error ? reason.message : String(reason);
  if (/read image/i.test(text))
    return new UnreadableDocumentError("tesseract.js could not read the image");
  return new Error(`tesseract.js failed: ${text.slice(0, 200)}`);
}

export function createTesseractJs(options: TesseractJsOptions): OcrEngine {
  const model = MODELS[options.model];
  const langPath = dataDirectory(options.model);
  let present: Promise<boolean> | undefined;

  const pool = new EnginePool<Worker>({
    name: `tesseractjs-${options.model}`,
    size: options.poolSize,
    queueLimit: options.queueLimit,
    create: () =>
      createWorker(LANGUAGE, model.oem, {
        langPath,
        gzip: true,
        cacheMethod: "none",
        legacyCore: model.legacy,
        legacyLang: model.legacy,
        // Without a handler tesseract.js throws a failed job's error from its
        // message listener, which would end the process.
        errorHandler: () => {},
      }),
    destroy: async (worker) => {
      await worker.terminate();
    },
  });

  return {
    available() {
      present ??= access(path.join(langPath, `${LANGUAGE}.traineddata.gz`)).then(
        () => true,
        () => false,
      );
      return present;
    },
    languages: async () => new Set([LANGUAGE]),
    recognize: (image, { dpi, signal }) =>
      pool.use(async (worker) => {
        try {
          await worker.setParameters({
            tessedit_pageseg_mode: PSM.AUTO,
            // "0" lets Tesseract estimate the resolution of a photo or scan.
            user_defined_dpi: dpi ? String(dpi) : "0",
            // Tesseract's notes ("Estimating resolution as …") would go to stdout.
            debug_file: "/dev/null",
          });
          const { data } = await worker.recognize(image, {}, { text: false, tsv: true });
          return parseTsv(data.tsv ?? "");
        } catch (error) {
          throw engineError(error);
        }
      }, signal),
    close: () => pool.close(),
  };
}
