// A memory budget for the whole service (issue 31). Every document's cost is
// estimated before any engine sees it, from what its headers say (an image's
// pixels, a PDF's pages and their size as drawn), and it runs only while the
// costs of the documents running fit in the budget together. One that does not
// fit waits, first come first served and for a bounded time; when it cannot wait
// (too many waiting, or the wait ran out) it is refused with a plain 503 and
// Retry-After. A document that has started is never stopped for memory.
//
// A document that costs more than the whole budget (a small machine) still runs,
// alone: it waits until nothing else runs, and nothing else starts beside it.
//
// Synchronous calls and job turns share it (run/runner.ts). A job's turn is patient: it
// waits as long as it takes, and is never refused for memory.
//
// MEMORY_BUDGET_MB sets it (config/schema.ts); the default fits one instance beside
// the app on its machine: a quarter of the memory, at most 1 GiB (docs/memory.md).
//
// The costs come from peaks measured per engine and stage (docs/memory.md).
import { availableParallelism, totalmem } from "node:os";
import { imageSize } from "image-size";
import { HttpError } from "../http/errors";
import { effectiveDpi, openPdf } from "../pages/pdf";

const MiB = 1024 * 1024;

/** The document could not get its memory: nothing was processed. */
export class MemoryBudgetError extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    /** "full": no place to wait; "timeout": waited maxWaitMs without room. */
    readonly reason: "full" | "timeout",
    why: string,
  ) {
    super(
      503,
      `The service is busy: ${why}. Nothing was processed; retry after ${retryAfterSeconds} s.`,
      {},
      { "Retry-After": String(retryAfterSeconds) },
    );
    this.name = "MemoryBudgetError";
  }
}

export interface MemoryBudgetOptions {
  /** MiB the documents running may take together. */
  budgetMb: number;
  /** Longest wait for room, ms. */
  maxWaitMs: number;
  /** Documents that may wait for room at once; one more is refused. */
  maxWaiting: number;
}

export interface MemoryBudgetStats {
  budgetMb: number;
  /** MiB held by the documents running now. */
  inUseMb: number;
  running: number;
  waiting: number;
}

interface Waiter {
  cost: number;
  /** A job's turn: no timeout, and no place among the maxWaiting. */
  patient: boolean;
  start: () => void;
}

export class MemoryBudget {
  #inUse = 0;
  #running = 0;
  readonly #waiting: Waiter[] = [];
  /** Smoothed time a document holds its memory, for Retry-After. */
  #averageMs = 5_000;

  constructor(readonly options: MemoryBudgetOptions) {}

  get stats(): MemoryBudgetStats {
    return {
      budgetMb: this.options.budgetMb,
      inUseMb: this.#inUse,
      running: this.#running,
      waiting: this.#waiting.length,
    };
  }

  /**
   * Runs `task` once `costMb` fits beside what runs; throws MemoryBudgetError when it
   * cannot wait for that. A waiting task whose `signal` aborts leaves without running.
   * A `patient` one (a job's turn) waits as long as it takes and takes no waiting place.
   */
  async run<T>(
    costMb: number,
    task: () => Promise<T>,
    { signal, patient = false }: { signal?: AbortSignal; patient?: boolean } = {},
  ): Promise<T> {
    // More than the whole budget: it needs all of it, so it runs alone.
    const cost = Math.min(Math.max(0, costMb), this.options.budgetMb);
    if (this.#waiting.length === 0 && this.#fits(cost)) this.#take(cost);
    else await this.#wait(cost, signal, patient);
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.#averageMs = 0.8 * this.#averageMs + 0.2 * (performance.now() - started);
      this.#inUse -= cost;
      this.#running--;
      this.#admit();
    }
  }

  /** Seconds until room is likely: the documents ahead, one average hold each, shared by those running. */
  retryAfterSeconds(): number {
    const ahead = (this.#waiting.length + 1) / Math.max(1, this.#running);
    return Math.min(60, Math.max(1, Math.ceil((ahead * this.#averageMs) / 1000)));
  }

  #fits(cost: number): boolean {
    return this.#running === 0 || this.#inUse + cost <= this.options.budgetMb;
  }

  #take(cost: number): void {
    this.#inUse += cost;
    this.#running++;
  }

  /** Starts waiters in order while the first fits: none overtakes a larger one waiting. */
  #admit(): void {
    for (let next = this.#waiting[0]; next && this.#fits(next.cost); next = this.#waiting[0]) {
      this.#waiting.shift();
      this.#take(next.cost);
      next.start();
    }
  }

  #wait(cost: number, signal: AbortSignal | undefined, patient: boolean): Promise<void> {
    const impatient = this.#waiting.filter((waiter) => !waiter.patient).length;
    if (!patient && impatient >= this.options.maxWaiting) {
      const { running, inUseMb, budgetMb, waiting } = this.stats;
      const documents = running === 1 ? "1 document is" : `${running} documents are`;
      throw new MemoryBudgetError(
        this.retryAfterSeconds(),
        "full",
        `${documents} using ${inUseMb} of its ${budgetMb} MiB of memory and ${waiting} more are waiting for room`,
      );
    }
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const leave = (reason: unknown) => {
        const index = this.#waiting.indexOf(entry);
        if (index >= 0) this.#waiting.splice(index, 1);
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        // Those behind it may fit now.
        this.#admit();
        reject(reason);
      };
      const onAbort = () => leave(signal?.reason);
      const timer = patient
        ? undefined
        : setTimeout(() => {
            const seconds = this.options.maxWaitMs / 1000;
            leave(
              new MemoryBudgetError(
                this.retryAfterSeconds(),
                "timeout",
                `the documents being processed left no room in its memory for this one within ${seconds} s`,
              ),
            );
          }, this.options.maxWaitMs);
      const entry: Waiter = {
        cost,
        patient,
        start: () => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#waiting.push(entry);
    });
  }
}

// ─── What a document costs ───────────────────────────────────────────────────

/** Buffers, the answer and pdfjs's document, whatever the pages. */
const DOCUMENT_BASE_MB = 64;

/*
 * What one page image takes while an engine reads it, above what the service holds
 * anyway (bench/memory.ts, docs/memory.md), in bytes a pixel:
 *   - PaddleOCR: its detector ~160 on at most 4 MP, the page it cuts lines from ~12 on
 *     at most 8 MP (PaddleOCR reads one page at a time, PADDLEOCR_CONCURRENCY);
 *   - Tesseract (tesseract.js's WebAssembly memory; native runs in a process of its
 *     own): ~12, the whole image;
 *   - preparing it (decoded, made grey, evened out, turned): ~24, up to 16 MP; larger
 *     images go to the engine as they are;
 *   - the image itself, decoded or encoded, while its page is read: ~4.
 * The engines of a failover run one after another: a page costs the most of the three.
 */
const paddleBytes = (pixels: number) =>
  160 * Math.min(pixels, 4_000_000) + 12 * Math.min(pixels, 8_000_000);
const tesseractBytes = (pixels: number) => 12 * pixels;
const prepareBytes = (pixels: number) => (pixels <= 16_000_000 ? 24 * pixels : 0);
const heldBytes = (pixels: number) => 4 * pixels;

/** MiB one page image of `pixels` costs while it is read, whichever engine reads it. */
export function pageCostMb(pixels: number): number {
  const engine = Math.max(paddleBytes(pixels), tesseractBytes(pixels), prepareBytes(pixels));
  return Math.ceil((engine + heldBytes(pixels)) / MiB);
}

/** Pages of one PDF read at once (providers/ocr-document.ts: one per core, and one). */
const PAGES_AT_ONCE = availableParallelism() + 1;

/**
 * MiB a document is expected to take at its peak: an image's page; for a PDF, its
 * PAGES_AT_ONCE largest pages (as drawn at `pdfDpi`; of `only` these, when given)
 * prepared and read at once, and PaddleOCR on the largest of them. From headers only:
 * nothing is decoded. A document whose headers cannot be read costs the base; the
 * engines refuse it.
 */
export async function documentCostMb(
  bytes: Buffer,
  kind: "pdf" | "image",
  pdfDpi: number,
  only?: readonly number[],
): Promise<number> {
  if (kind === "image") {
    try {
      const { width, height } = imageSize(bytes);
      return DOCUMENT_BASE_MB + pageCostMb(width * height);
    } catch {
      return DOCUMENT_BASE_MB;
    }
  }
  let pdf: Awaited<ReturnType<typeof openPdf>>;
  try {
    pdf = await openPdf(bytes);
  } catch {
    return DOCUMENT_BASE_MB;
  }
  try {
    const pages: number[] = [];
    const numbers = only ?? Array.from({ length: pdf.numPages }, (_, i) => i + 1);
    for (const number of numbers) {
      if (number < 1 || number > pdf.numPages) continue;
      const size = (await pdf.getPage(number)).getViewport({ scale: 1 });
      const dpi = effectiveDpi(size, pdfDpi);
      pages.push(((size.width * dpi) / 72) * ((size.height * dpi) / 72));
    }
    const largest = pages.sort((a, b) => b - a).slice(0, PAGES_AT_ONCE);
    const each = largest.reduce(
      (sum, px) => sum + Math.max(tesseractBytes(px), prepareBytes(px)) + heldBytes(px),
      0,
    );
    return DOCUMENT_BASE_MB + Math.ceil((paddleBytes(largest[0] ?? 0) + each) / MiB);
  } finally {
    await pdf.destroy();
  }
}

// ─── The environment ─────────────────────────────────────────────────────────

/** Memory this process may use: the machine's, or its container's limit when lower (MiB). */
export function availableMemoryMb(): number {
  const machine = totalmem();
  const limit = process.constrainedMemory?.() ?? 0;
  return Math.floor((limit > 0 && limit < machine ? limit : machine) / MiB);
}

/**
 * A quarter of the memory, at most 1 GiB and at least 256 MiB: one instance beside the
 * app on its machine, with the idle service's own memory on top.
 */
export function defaultBudgetMb(availableMb = availableMemoryMb()): number {
  return Math.max(256, Math.min(1024, Math.floor(availableMb / 4)));
}
