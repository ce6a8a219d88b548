// POST /v1/categories/:category_id/process – resolve the upload, route it to a provider.
//
// Wiring: buildApp registers `processRoutes` inside /v1 (after auth and the rate
// limit) with the AppDeps as options, when deps.router is set. Its queue settings
// come from WORK_CONCURRENCY, WORK_QUEUE_MAX and WORK_QUEUE_WAIT_MS (process/config.ts);
// createProcessRoutes(config) takes them explicitly instead.
//
// Order of checks: auth and rate limit (app hooks) → path (422) → category (404/409)
// → header and body, every problem at once (422) → the document reference (422) →
// Idempotency-Key claim (replay / 409 / 422) → a work slot (503) → bytes, magic
// bytes, pages and pixels (422) → room in the memory budget for what they cost
// (503, process/memory-budget.ts) → the router (200 / 502 / 504).
//
// What an Idempotency-Key stores for replay: the answers that come out of routing —
// 200, and the final 502 (all providers failed) and 504 (deadline). Those are the
// outcomes a client must never cause twice, so they are replayed byte for byte.
// Everything refused before a provider ran (422, 409, 503) is NOT stored: nothing was
// processed or charged, and the client is expected to fix the cause (upload the
// bytes, wait for a slot) and retry with the same key — which must then run. A 500
// or a client that went away is not stored either, for the same reason.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { categoryPathSchema } from "@/lib/contract";
import type { CatalogEntry } from "../catalog";
import type { StoredResponse } from "../db/types";
import type { AppDeps } from "../deps";
import { requireCategory } from "../http/category";
import {
  conflict,
  HttpError,
  unprocessable,
  validateRequest,
  validationItem,
} from "../http/errors";
import { loadProcessConfig, type ProcessConfig } from "../process/config";
import { type ResolvedDocument, readDocument, resolveDocument } from "../process/document";
import { requestHash } from "../process/idempotency";
import {
  documentCostMb,
  loadMemoryBudgetConfig,
  MemoryBudget,
  MemoryBudgetError,
} from "../process/memory-budget";
import {
  countProviderAttempts,
  failovers,
  observeWorkQueue,
  type ProcessOutcome,
  processRequests,
} from "../process/metrics";
import { type ProcessRequestParts, parseProcessRequest } from "../process/request";
import { busy, failure, sendStored, success } from "../process/responses";
import { QueueFullError, WorkQueue } from "../process/work-queue";
import { PageRasters } from "../providers/rasters";
import { AllProvidersFailedError, DeadlineExceededError, type Router } from "../routing/types";

/** The route with its settings from the environment (parsed when the app is built). */
export const processRoutes: FastifyPluginAsync<AppDeps> = (app, deps) =>
  createProcessRoutes(loadProcessConfig(process.env))(app, deps);

/** What one call's metrics and log line report. */
interface Tally {
  category: string;
  outcome: ProcessOutcome;
  /** Routing facts for the log (never the key or the document). */
  routed: Record<string, unknown>;
}

export function createProcessRoutes(config: ProcessConfig): FastifyPluginAsync<AppDeps> {
  return async (app, deps) => {
    const router = requireRouter(deps);
    const { db, store } = deps;
    const queue = new WorkQueue({
      concurrency: config.workConcurrency,
      maxQueued: config.workQueueMax,
      maxWaitMs: config.workQueueWaitMs,
    });
    observeWorkQueue(queue);
    // Memory (issue 31): a document runs once its estimated cost fits the budget.
    const { budgetMb, pdfDpi } = loadMemoryBudgetConfig(process.env);
    const memory = new MemoryBudget({
      budgetMb,
      maxWaitMs: config.workQueueWaitMs,
      maxWaiting: config.workQueueMax,
    });
    const retentionHours = Math.round(config.idempotencyRetentionMs / 3_600_000);

    countProviderAttempts(router);

    // Fastify's reply.elapsedTime starts at request arrival but only when the app has a
    // logger or onResponse hook; this start time covers apps without them.
    const startedAt = new WeakMap<FastifyRequest, number>();
    app.addHook("onRequest", async (request) => {
      startedAt.set(request, performance.now());
    });

    app.post("/categories/:category_id/process", async (request, reply) => {
      const tally: Tally = { category: "unknown", outcome: "error", routed: {} };
      try {
        return await handle(request, reply, tally);
      } catch (error) {
        if (tally.outcome === "error" && error instanceof HttpError) {
          tally.outcome = refusal(error.statusCode);
        }
        throw error;
      } finally {
        processRequests.inc({ category: tally.category, outcome: tally.outcome });
        request.log.info(
          { category: tally.category, outcome: tally.outcome, ...tally.routed },
          "process finished",
        );
      }
    });

    async function handle(request: FastifyRequest, reply: FastifyReply, tally: Tally) {
      const { path } = validateRequest(request, { path: categoryPathSchema });
      const category = requireCategory(path.category_id);
      tally.category = category.slug;
      const parts = parseProcessRequest(request.headers, request.body, category.languages);
      const resolved = await resolveDocument(parts, category, db.grants, store);

      // Authentication ran first, so apiKeyId is set; it is a hash, never the key.
      const scope = request.apiKeyId ?? "";
      const key = parts.idempotencyKey;
      if (key !== undefined) {
        const stored = await claimKey(scope, key, requestHash(category.id, request.body), tally);
        if (stored) return sendStored(reply, stored, true);
      }

      const abort = abortWhenClientLeaves(reply);
      let response: StoredResponse | undefined;
      try {
        response = await queue.run(async () => {
          const bytes = await readDocument(resolved, parts, db.grants, store, new Date(), config);
          const kind = resolved.mimeType === "application/pdf" ? "pdf" : "image";
          const cost = await documentCostMb(bytes, kind, pdfDpi);
          return await memory.run(
            cost,
            () =>
              routeDocument(
                request,
                reply,
                { category, parts, resolved, bytes },
                abort.signal,
                tally,
              ),
            abort.signal,
          );
        }, abort.signal);
      } catch (error) {
        if (abort.signal.aborted) tally.outcome = "aborted";
        if (error instanceof QueueFullError) {
          tally.outcome = "busy";
          throw busy(error, queue);
        }
        if (error instanceof MemoryBudgetError) tally.outcome = "busy";
        throw error;
      } finally {
        abort.dispose();
        if (key !== undefined) await settleClaim(request, scope, key, response);
      }
      return sendStored(reply, response, false);
    }

    /** Claims the key; returns a stored answer to replay, throws 409/422, or nothing to go on. */
    async function claimKey(
      scope: string,
      key: string,
      hash: string,
      tally: Tally,
    ): Promise<StoredResponse | undefined> {
      const claim = await db.idempotency.claim(scope, key, hash, new Date());
      if (claim.kind === "claimed") return undefined;
      if (claim.kind === "replay") {
        tally.outcome = "replayed";
        return claim.response;
      }
      if (claim.kind === "in_flight") {
        tally.outcome = "in_flight";
        throw conflict(
          "A request with this Idempotency-Key is still being processed. Retry in a moment to receive its response.",
        );
      }
      tally.outcome = "key_reused";
      throw unprocessable([
        validationItem({
          type: "value_error",
          loc: ["header", "idempotency-key"],
          msg: `Value error, this Idempotency-Key was already used for a different request in the last ${retentionHours} hours. Use a new key for a new request.`,
          input: key,
          ctx: { error: "key reused with a different body" },
        }),
      ]);
    }

    /** The router's answer as the stored response: 200, or the final 502/504. */
    async function routeDocument(
      request: FastifyRequest,
      reply: FastifyReply,
      doc: {
        category: CatalogEntry;
        parts: ProcessRequestParts;
        resolved: ResolvedDocument;
        bytes: Buffer;
      },
      signal: AbortSignal,
      tally: Tally,
    ): Promise<StoredResponse> {
      const { category, parts, resolved, bytes } = doc;
      try {
        const result = await router.route({
          category,
          input: {
            bytes,
            mimeType: resolved.mimeType,
            languageHints: parts.languageHints,
            passthrough: parts.passthrough,
            traceId: request.id,
            rasters: new PageRasters(),
          },
          signal,
        });
        if (result.failoverDepth > 0) {
          failovers.inc({ category: category.slug, provider: result.provider });
        }
        tally.outcome = "ok";
        tally.routed = {
          provider: result.provider,
          failover_depth: result.failoverDepth,
          pages: result.output.pages,
          attempts: result.attempts,
        };
        const elapsed = reply.elapsedTime || performance.now() - (startedAt.get(request) ?? 0);
        return success(request.id, result, elapsed);
      } catch (error) {
        if (signal.aborted) throw error;
        if (error instanceof AllProvidersFailedError) {
          tally.outcome = "all_failed";
          tally.routed = { attempts: error.attempts };
          return failure(502, "All providers failed", request.id, error.attempts);
        }
        if (error instanceof DeadlineExceededError) {
          tally.outcome = "deadline";
          tally.routed = { attempts: error.attempts };
          return failure(504, "Processing took too long", request.id, error.attempts);
        }
        throw error;
      }
    }

    /** Stores what is worth replaying; frees the key otherwise (see the header comment). */
    async function settleClaim(
      request: FastifyRequest,
      scope: string,
      key: string,
      response: StoredResponse | undefined,
    ): Promise<void> {
      try {
        if (response) await db.idempotency.complete(scope, key, response);
        else await db.idempotency.release(scope, key);
      } catch (error) {
        // The answer still goes out; the key stays "in flight" until its lease ends.
        request.log.error({ err: error }, "could not settle the idempotency record");
      }
    }
  };
}

function requireRouter(deps: AppDeps): Router {
  if (!deps.router) throw new Error("The process route needs a router (AppDeps.router)");
  return deps.router;
}

function refusal(status: number): ProcessOutcome {
  if (status === 404) return "not_found";
  if (status === 409) return "inactive";
  if (status === 422) return "invalid";
  return "error";
}

/** Aborts routing when the client disconnects before the answer is written. */
function abortWhenClientLeaves(reply: FastifyReply) {
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableEnded) controller.abort(new Error("The client closed the connection"));
  };
  reply.raw.on("close", onClose);
  return {
    signal: controller.signal,
    dispose: () => reply.raw.off("close", onClose),
  };
}
