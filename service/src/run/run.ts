// One document's run in its work slot: read the bytes, route them to a provider, and
// say what came of it. The answer and the final failure are stored for an
// Idempotency-Key; a run that stopped before either stores nothing.
import type { Attempt } from "@/lib/kernel/contract";
import type { CatalogEntry } from "../catalog";
import type { GrantStore, StoredResponse } from "../db/types";
import { PageRasters } from "../providers/interface/rasters";
import {
  AllProvidersFailedError,
  DeadlineExceededError,
  type RouteResult,
  type Router,
} from "../router/types";
import type { ObjectStore } from "../storage/types";
import {
  type DocumentLimits,
  type ReadDocument,
  type ResolvedDocument,
  readDocument,
} from "./document";
import { documentCostMb, type MemoryBudget } from "./memory-budget";
import type { ProcessRequestParts } from "./request";
import { failure, success } from "./responses";

export interface RunDeps {
  router: Router;
  grants: GrantStore;
  store: ObjectStore;
  limits: DocumentLimits;
  /** Room in the service's memory budget, waited for before the router (issue 31). */
  memory?: { budget: MemoryBudget; pdfDpi: number };
}

export interface DocumentToRun {
  category: CatalogEntry;
  parts: ProcessRequestParts;
  resolved: ResolvedDocument;
  traceId: string;
  /** Milliseconds since the request arrived, read when the provider has answered. */
  elapsedMs: () => number;
}

export type DocumentRun =
  /** A provider answered: 200 with data and meta. */
  | { kind: "answer"; result: RouteResult; response: StoredResponse }
  /** Every provider failed (502) or the deadline passed (504), with the attempts. */
  | {
      kind: "failure";
      reason: "all_failed" | "deadline";
      attempts: Attempt[];
      response: StoredResponse;
    }
  /** Read and checked, then handed back unrouted because `divert` said so (a job takes it). */
  | { kind: "diverted"; read: ReadDocument }
  /**
   * Stopped before a final answer: the client left (`aborted`), the bytes were refused
   * (a 422 HttpError) or something broke. `error` is what to answer with.
   */
  | { kind: "stopped"; aborted: boolean; error: unknown };

/**
 * Reads and routes the document; never throws. `signal` aborts when the client leaves.
 * `divert`, asked once the bytes are read and checked, may take the document away from
 * routing (a long one becomes a job).
 */
export async function runDocument(
  doc: DocumentToRun,
  deps: RunDeps,
  signal: AbortSignal,
  divert?: (read: ReadDocument) => boolean,
): Promise<DocumentRun> {
  const { category, parts, resolved, traceId } = doc;
  try {
    const { grants, store, limits } = deps;
    const read = await readDocument(resolved, parts, grants, store, new Date(), limits);
    if (divert?.(read)) return { kind: "diverted", read };
    const { bytes } = read;
    const route = () =>
      deps.router.route({
        category,
        input: {
          bytes,
          mimeType: resolved.mimeType,
          languageHints: parts.languageHints,
          passthrough: parts.passthrough,
          traceId,
          rasters: new PageRasters(),
        },
        signal,
      });
    const { memory } = deps;
    const kind = resolved.mimeType === "application/pdf" ? "pdf" : "image";
    const result = memory
      ? await memory.budget.run(await documentCostMb(bytes, kind, memory.pdfDpi), route, signal)
      : await route();
    return { kind: "answer", result, response: success(traceId, result, doc.elapsedMs()) };
  } catch (error) {
    if (signal.aborted) return { kind: "stopped", aborted: true, error };
    if (error instanceof AllProvidersFailedError) {
      const response = failure(502, "All providers failed", traceId, error.attempts);
      return { kind: "failure", reason: "all_failed", attempts: error.attempts, response };
    }
    if (error instanceof DeadlineExceededError) {
      const response = failure(504, "Processing took too long", traceId, error.attempts);
      return { kind: "failure", reason: "deadline", attempts: error.attempts, response };
    }
    return { kind: "stopped", aborted: false, error };
  }
}
