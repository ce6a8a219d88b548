// Shared by the job tests: settings, multi-page PDFs with a text layer, a provider that
// reads them page by page with the real pdf-text provider (so a job's data can be
// compared with the synchronous call's) and that can be held on a page, and polling.
import { expect } from "vitest";
import { type Job, jobSchema } from "@/lib/kernel/contract";
import { writePdf } from "../../scripts/calibration/simple-pdf";
import { apiKeyId, loadRoutingConfig } from "../src/config";
import type { JobsConfig, WebhookConfig } from "../src/jobs/settings";
import type { Provider, ProviderInput } from "../src/providers/interface/types";
import { createPdfText } from "../src/providers/text/pdf-text";
import { createRouter } from "../src/router";
import type { Router } from "../src/router/types";
import { OTHER_KEY, TEST_KEY, type TestService } from "./helpers";

export const WEBHOOK_SECRET = "whsec_test_0123456789abcdef";

export function testJobsConfig(
  overrides: Partial<JobsConfig> = {},
  webhooks: Partial<WebhookConfig> = {},
): JobsConfig {
  return {
    asyncOverPages: 10,
    asyncOverBytes: 100 * 1024 * 1024,
    concurrency: 2,
    leaseMs: 3000,
    sliceMs: 60_000,
    pollMs: 500,
    retentionMs: 3_600_000,
    queueSchema: "pgboss",
    ...overrides,
    webhooks: {
      secrets: new Map([[apiKeyId(TEST_KEY), WEBHOOK_SECRET]]),
      maxAttempts: 3,
      retryMs: 1000,
      timeoutMs: 2000,
      allowLoopback: true,
      ...webhooks,
    },
  };
}

export { OTHER_KEY, TEST_KEY };

/** A PDF of `count` US Letter pages, page n saying "<label> n". */
export function pagesPdf(count: number, label = "Page"): Buffer {
  return writePdf(
    Array.from({ length: count }, (_, i) => ({
      mediaBox: [0, 0, 612, 792] as const,
      content: `BT /F1 14 Tf 72 700 Td (${label} ${i + 1} of the document) Tj ET`,
    })),
  );
}

export interface PageCall {
  reader: string;
  /** The pages asked for; undefined: the whole document. */
  pages: readonly number[] | undefined;
  outcome: "running" | "done" | "aborted";
}

export interface PageReader extends Provider {
  calls: PageCall[];
  /** Makes the reader wait on `page` until the returned function is called. */
  hold(page: number): () => void;
}

/**
 * The real pdf-text provider (text layers, no OCR engine) under another name, offered
 * to text recognition and PDF text extraction, reading single pages, logging each call
 * in `log` (shared by several readers, e.g. two instances').
 */
export function pageReader(
  name: string,
  log: PageCall[] = [],
  options: { delayMs?: number } = {},
): PageReader {
  const inner = createPdfText({ dpi: 150, ocrEngines: [] });
  const holds = new Map<number, Promise<void>>();
  return {
    name,
    calls: log,
    selectsPages: true,
    offers: [
      { category: "text-recognition", pricePerPage: 0.001, quality: 0.95 },
      { category: "pdf-text-extraction", pricePerPage: 0.001, quality: 0.95 },
    ],
    available: async () => true,
    hold(page) {
      let open = () => {};
      holds.set(
        page,
        new Promise<void>((resolve) => {
          open = resolve;
        }),
      );
      return () => {
        holds.delete(page);
        open();
      };
    },
    async run(input: ProviderInput) {
      const call: PageCall = { reader: name, pages: input.pages, outcome: "running" };
      log.push(call);
      try {
        for (const page of input.pages ?? []) {
          const held = holds.get(page);
          if (held) await abortable(held, input.signal);
        }
        if (options.delayMs) await abortable(sleep(options.delayMs), input.signal);
        const output = await inner.run(input);
        call.outcome = "done";
        return output;
      } catch (error) {
        call.outcome = "aborted";
        throw error;
      }
    },
  };
}

/** The real router over these readers alone. */
export function readersRouter(readers: readonly Provider[]): Router {
  return createRouter(loadRoutingConfig({}), new Map(readers.map((r) => [r.name, r])));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function abortable(promise: Promise<void>, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      () => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      },
      (error: unknown) => reject(error),
    );
  });
}

/** Polls `check` until it gives a value (not undefined/false), or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 15_000,
  what = "the condition",
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** GET /v1/jobs/{id}, parsed with the contract. */
export async function getJob(svc: TestService, id: string, key: string = TEST_KEY): Promise<Job> {
  const res = await svc.fetch(`/v1/jobs/${id}`, { key });
  expect(res.status, await res.clone().text()).toBe(200);
  return jobSchema.parse(await res.json());
}

/** Polls the job until `until` holds. */
export function pollJob(
  svc: TestService,
  id: string,
  until: (job: Job) => boolean,
  timeoutMs = 15_000,
): Promise<Job> {
  return waitFor(
    async () => {
      const job = await getJob(svc, id);
      return until(job) ? job : undefined;
    },
    timeoutMs,
    `job ${id}`,
  );
}
