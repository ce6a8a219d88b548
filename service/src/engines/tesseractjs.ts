// OCR with tesseract.js 7 (Tesseract compiled to WebAssembly), in a bounded
// pool of worker threads. Language data comes from the @tesseract.js-data/<code>
// packages on disk: nothing is downloaded, nothing is cached elsewhere.
//
// tesseract.js reads every language of a worker from one directory, and each
// package is its own directory, so a worker reads one language, and a page
// with several hints is read in the first installed one. A pool slot keeps a
// worker for each of its two most recent languages; a third language ends the
// least recently used and starts its own (a start costs several pages' reading,
// so languages are kept rather than swapped for every page).
//
// Two models:
//   best: 4.0.0_best_int data, LSTM engine: the surer and the slower;
//   fast: 4.0.0 data, legacy (non-LSTM) engine: faster, misreads more.
// The 4.0.0 data with the LSTM engine is no faster than best_int, so "fast"
// uses the legacy engine, which that data also carries (docs/quality.md has
// each model's figures).
//
// A worker's WebAssembly memory grows to hold the largest image it has read and
// never shrinks (a large page leaves it holding that much for good), so a worker that
// has read an image over RECYCLE_ABOVE_PIXELS is ended afterwards, which gives
// that memory back; the next page starts a new one (docs/memory.md).
import { access } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { imageSize } from "image-size";
import type { Worker } from "tesseract.js";
import { createWorker, OEM, PSM } from "tesseract.js";
import { UnreadableDocumentError } from "../providers/interface/types";
import { KNOWN_TESSERACT_CODES } from "./language";
import type { PageRecognizer } from "./ocr-page";
import { EnginePool } from "./pool";
import { parseTsv } from "./tsv";
import type { OcrEngine } from "./types";

export type TesseractJsModel = "best" | "fast";

const MODELS: Record<TesseractJsModel, { data: string; oem: OEM; legacy: boolean }> = {
  best: { data: "4.0.0_best_int", oem: OEM.LSTM_ONLY, legacy: false },
  fast: { data: "4.0.0", oem: OEM.TESSERACT_ONLY, legacy: true },
};

export interface TesseractJsOptions {
  model: TesseractJsModel;
  /** Worker threads for this model. */
  poolSize: number;
  queueLimit: number;
}

/** Where a language's data for `model` is, when its package is installed. */
function dataDirectory(model: TesseractJsModel, language: string): string | undefined {
  const require = createRequire(import.meta.url);
  try {
    const pkg = require.resolve(`@tesseract.js-data/${language}/package.json`);
    return path.join(path.dirname(pkg), MODELS[model].data);
  } catch {
    return undefined;
  }
}

/** The languages whose data for `model` is on disk. */
async function installedLanguages(model: TesseractJsModel): Promise<ReadonlySet<string>> {
  const found = await Promise.all(
    KNOWN_TESSERACT_CODES.map(async (code) => {
      const dir = dataDirectory(model, code);
      if (!dir) return undefined;
      return access(path.join(dir, `${code}.traineddata.gz`)).then(
        () => code,
        () => undefined,
      );
    }),
  );
  return new Set(found.filter((code) => code !== undefined));
}

/** Workers a slot keeps, one per language, the least recently used ended first. */
const WORKERS_PER_SLOT = 2;
/**
 * Pixels of an image after which its worker is ended: more than an A4 page at
 * 300 dpi (8.7 MP), which then keeps reusing the memory it grew to.
 */
export const RECYCLE_ABOVE_PIXELS = 10_000_000;

/** Pixels of an image from its header; 0 when the header cannot be read (the engine says why). */
function pixelsOf(image: Buffer): number {
  try {
    const { width, height } = imageSize(image);
    return width * height;
  } catch {
    return 0;
  }
}

/** A pool slot: its workers by language, least recently used first. */
interface Slot {
  workers: Map<string, Worker>;
  /** Destroyed by the pool (an aborted job): a worker still starting is ended at once. */
  destroyed?: boolean;
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
  let installed: Promise<ReadonlySet<string>> | undefined;
  const languages = () => {
    installed ??= installedLanguages(options.model);
    return installed;
  };

  const startWorker = (language: string) => {
    const langPath = dataDirectory(options.model, language);
    // Without a directory tesseract.js would download the data: never.
    if (!langPath) throw new Error(`tesseract.js has no ${language} data installed`);
    return createWorker(language, model.oem, {
      langPath,
      gzip: true,
      cacheMethod: "none",
      legacyCore: model.legacy,
      legacyLang: model.legacy,
      // Without a handler tesseract.js throws a failed job's error from its
      // message listener, which would end the process.
      errorHandler: () => {},
    });
  };

  const pool = new EnginePool<Slot>({
    name: `tesseractjs-${options.model}`,
    size: options.poolSize,
    queueLimit: options.queueLimit,
    create: async () => ({ workers: new Map() }),
    destroy: async (slot) => {
      slot.destroyed = true;
      const workers = [...slot.workers.values()];
      slot.workers.clear();
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  });

  /** The slot's worker for `language`: kept, or started (ending the least recently used). */
  async function workerFor(slot: Slot, language: string): Promise<Worker> {
    const kept = slot.workers.get(language);
    if (kept) {
      slot.workers.delete(language);
      slot.workers.set(language, kept);
      return kept;
    }
    for (const [old, worker] of slot.workers) {
      if (slot.workers.size < WORKERS_PER_SLOT) break;
      slot.workers.delete(old);
      await worker.terminate();
    }
    const worker = await startWorker(language);
    if (slot.destroyed) {
      await worker.terminate();
      throw new Error("tesseract.js worker stopped");
    }
    slot.workers.set(language, worker);
    return worker;
  }

  /** Ends a worker that grew for a large image; the slot starts a new one when asked. */
  async function retire(slot: Slot, language: string, worker: Worker): Promise<void> {
    if (slot.workers.get(language) === worker) slot.workers.delete(language);
    await worker.terminate();
  }

  const read =
    (mode: PSM): PageRecognizer =>
    (image, { language, dpi, lightOnDarkPrepared, signal }) =>
      pool.use(async (slot) => {
        try {
          const worker = await workerFor(slot, language);
          await worker.setParameters({
            tessedit_pageseg_mode: mode,
            // "0" lets Tesseract estimate the resolution of a photo or scan.
            user_defined_dpi: dpi ? String(dpi) : "0",
            tessedit_do_invert: lightOnDarkPrepared ? "0" : "1",
            // Tesseract's notes ("Estimating resolution as …") would go to stdout.
            debug_file: "/dev/null",
          });
          const { data } = await worker.recognize(image, {}, { text: false, tsv: true });
          if (pixelsOf(image) > RECYCLE_ABOVE_PIXELS) await retire(slot, language, worker);
          return parseTsv(data.tsv ?? "");
        } catch (error) {
          throw engineError(error);
        }
      }, signal);

  return {
    family: "tesseract",
    requires: "tesseract.js language data (npm: @tesseract.js-data/<lang>)",
    available: async () => (await languages()).size > 0,
    languages,
    maxLanguages: 1,
    recognize: read(PSM.AUTO),
    recognizeBlock: read(PSM.SINGLE_BLOCK),
    close: () => pool.close(),
  };
}
