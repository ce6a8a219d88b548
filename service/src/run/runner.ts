// The document runner: built once at start (main.ts), it is how every document reaches
// the router. It holds the work slots of synchronous calls and the memory budget that
// calls and job turns share, so that what runs at once is bounded whatever its way in:
//
//   call: a work slot (or 503) → the bytes read and checked (422) → perhaps a job
//         instead (a long document) → room in the memory budget (or 503) → the router
//   job turn: room in the memory budget for the pages it reads (it waits as long as it
//         takes: its instance takes no other work meanwhile) → the router
//
// What routing came to is told the same way to both (RunOutcome), and answers.ts
// turns it into what goes on the wire.
import type { Attempt } from "@/lib/kernel/contract";
import type { CatalogEntry } from "../catalog";
import type { GrantStore, StoredResponse } from "../db/types";
import type { HttpError } from "../http/errors";
import { PageRasters } from "../providers/interface/rasters";
import type { ProviderInput } from "../providers/interface/types";
import {
  AllProvidersFailedError,
  DeadlineExceededError,
  type RouteResult,
  type Router,
} from "../router/types";
import type { ObjectStore } from "../storage/types";
import { busy, failure, success } from "./answers";
import { type ReadDocument, type ResolvedDocument, readDocument } from "./document";
import { documentCostMb, MemoryBudget } from "./memory-budget";
import { countProviderAttempts, observeWork } from "./metrics";
import type { ProcessRequestParts } from "./request";
import { QueueFullError, WorkQueue } from "./work-queue";

/** What the runner is configured with (config/ reads it from the environment). */
export interface RunConfig {
  /** Synchronous calls run at once (WORK_CONCURRENCY). */
  workConcurrency: number;
  /** Calls that may wait for a slot, or for memory (WORK_QUEUE_MAX). */
  workQueueMax: number;
  /** Longest wait of a call for either (WORK_QUEUE_WAIT_MS). */
  workQueueWaitMs: number;
  /** MiB the documents read at once may take together (MEMORY_BUDGET_MB). */
  memoryBudgetMb: number;
  /** Resolution PDF pages are drawn at, so what they cost (PDF_DPI). */
  pdfDpi: number;
  maxPdfPages: number;
  idempotencyRetentionMs: number;
  idempotencyLeaseMs: number;
}

export interface RunnerDeps {
  router: Router;
  grants: GrantStore;
  store: ObjectStore;
  config: RunConfig;
}

/** A synchronous call's document, as the process route resolved it. */
export interface DocumentToRun {
  category: CatalogEntry;
  parts: ProcessRequestParts;
  resolved: ResolvedDocument;
  traceId: string;
  /** Milliseconds since the request arrived, read when the provider has answered. */
  elapsedMs: () => number;
}

/** What routing came to, for a call or a job's turn. */
export type RunOutcome =
  /** A provider answered. */
  | { kind: "answer"; result: RouteResult }
  /** Every provider failed (502) or the deadline passed (504), with the attempts. */
  | {
      kind: "failure";
      reason: "all_failed" | "deadline";
      status: 502 | 504;
      attempts: Attempt[];
      response: StoredResponse;
    }
  /**
   * Stopped before a final answer: the signal aborted (`aborted`: the client left, or
   * the job's turn was taken away), or something else broke. `error` is why.
   */
  | { kind: "stopped"; aborted: boolean; error: unknown };

/** What a synchronous call came to. */
export type CallRun =
  /** A provider answered: the 200 with data and meta. */
  | { kind: "answer"; result: RouteResult; response: StoredResponse }
  | Extract<RunOutcome, { kind: "failure" | "stopped" }>
  /** Read and checked, then handed back unrouted because `divert` said so (a job takes it). */
  | { kind: "diverted"; read: ReadDocument }
  /** No work slot or no memory now or within the wait (503 + Retry-After): nothing ran. */
  | { kind: "busy"; error: HttpError };

export interface DocumentRunner {
  readonly config: RunConfig;
  readonly memory: MemoryBudget;
  readonly slots: WorkQueue;
  /**
   * A synchronous call, in a work slot: read, checked, then routed once its cost fits
   * the memory budget. `divert`, asked once the bytes are read, may take the document
   * away (a long one becomes a job). `signal` aborts when the client leaves. Never throws.
   */
  runCall(
    doc: DocumentToRun,
    signal: AbortSignal,
    divert?: (read: ReadDocument) => boolean,
  ): Promise<CallRun>;
  /** The bytes read and checked against the grant and the limits (a job's document). */
  read(resolved: ResolvedDocument, parts: ProcessRequestParts): Promise<ReadDocument>;
  /** A job's turn at its pages (`input.pages`, or all): routed once they fit the budget. */
  runTurn(
    category: CatalogEntry,
    input: Omit<ProviderInput, "signal" | "rasters">,
    signal: AbortSignal,
  ): Promise<RunOutcome>;
}

export function createDocumentRunner(deps: RunnerDeps): DocumentRunner {
  const { router, grants, store, config } = deps;
  const slots = new WorkQueue({
    concurrency: config.workConcurrency,
    maxQueued: config.workQueueMax,
    maxWaitMs: config.workQueueWaitMs,
  });
  const memory = new MemoryBudget({
    budgetMb: config.memoryBudgetMb,
    maxWaitMs: config.workQueueWaitMs,
    maxWaiting: config.workQueueMax,
  });
  observeWork(slots, memory);
  countProviderAttempts(router);

  const read = (resolved: ResolvedDocument, parts: ProcessRequestParts) =>
    readDocument(resolved, parts, grants, store, new Date(), config);

  /** The router, once the pages read fit the budget; a patient job waits as long as it takes. */
  async function route(
    category: CatalogEntry,
    input: Omit<ProviderInput, "signal" | "rasters">,
    signal: AbortSignal,
    patient: boolean,
  ): Promise<RunOutcome> {
    try {
      const kind = input.mimeType === "application/pdf" ? "pdf" : "image";
      const cost = await documentCostMb(input.bytes, kind, config.pdfDpi, input.pages);
      const routed = () =>
        router.route({ category, input: { ...input, rasters: new PageRasters() }, signal });
      const result = await memory.run(cost, routed, { signal, patient });
      return { kind: "answer", result };
    } catch (error) {
      return outcomeOfError(error, input.traceId, signal);
    }
  }

  return {
    config,
    memory,
    slots,
    read,

    async runCall(doc, signal, divert) {
      let slot: { release: () => void };
      try {
        slot = await slots.acquire(signal);
      } catch (error) {
        if (error instanceof QueueFullError) return { kind: "busy", error: busy(error, slots) };
        return { kind: "stopped", aborted: true, error };
      }
      try {
        const { category, parts, resolved, traceId } = doc;
        let documentRead: ReadDocument;
        try {
          documentRead = await read(resolved, parts);
        } catch (error) {
          return { kind: "stopped", aborted: signal.aborted, error };
        }
        if (divert?.(documentRead)) return { kind: "diverted", read: documentRead };
        const input = {
          bytes: documentRead.bytes,
          mimeType: resolved.mimeType,
          languageHints: parts.languageHints,
          passthrough: parts.passthrough,
          traceId,
        };
        const outcome = await route(category, input, signal, false);
        if (outcome.kind !== "answer") return outcome;
        const response = success(traceId, outcome.result, doc.elapsedMs());
        return { kind: "answer", result: outcome.result, response };
      } finally {
        slot.release();
      }
    },

    runTurn: (category, input, signal) => route(category, input, signal, true),
  };
}

/** A routing error as an outcome: the router's final failures, or a stop. */
function outcomeOfError(error: unknown, traceId: string, signal: AbortSignal): RunOutcome {
  if (signal.aborted) return { kind: "stopped", aborted: true, error };
  const final = (reason: "all_failed" | "deadline", status: 502 | 504, detail: string) => {
    const { attempts } = error as AllProvidersFailedError | DeadlineExceededError;
    const response = failure(status, detail, traceId, attempts);
    return { kind: "failure", reason, status, attempts, response } as const;
  };
  if (error instanceof AllProvidersFailedError)
    return final("all_failed", 502, "All providers failed");
  if (error instanceof DeadlineExceededError)
    return final("deadline", 504, "Processing took too long");
  return { kind: "stopped", aborted: false, error };
}

/** Idempotency settings for openServiceDb. */
export function idempotencyOptions(config: RunConfig) {
  return {
    retentionMs: config.idempotencyRetentionMs,
    inFlightLeaseMs: config.idempotencyLeaseMs,
  };
}
