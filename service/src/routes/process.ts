// POST /v1/categories/:category_id/process – resolve the upload, route it to a provider.
//
// Wiring: buildApp registers `processRoutes` inside /v1 (after auth and the rate
// limit) with the AppDeps as options, when deps.router is set. Its queue settings
// come from WORK_CONCURRENCY, WORK_QUEUE_MAX and WORK_QUEUE_WAIT_MS (process/config.ts);
// createProcessRoutes(config) takes them explicitly instead.
//
// Order of checks: auth and rate limit (app hooks) → path (422) → category (404/409)
// → header and body, every problem at once (422) → the document reference (422) →
// Idempotency-Key claim (replay / 409 / 422) → a work slot (503) → bytes and magic
// bytes (422) → the router (200 / 502 / 504).
//
// What an Idempotency-Key stores for replay: the answers that come out of routing —
// 200, and the final 502 (all providers failed) and 504 (deadline). Those are the
// outcomes a client must never cause twice, so they are replayed byte for byte.
// Everything refused before a provider ran (422, 409, 503) is NOT stored: nothing was
// processed or charged, and the client is expected to fix the cause (upload the
// bytes, wait for a slot) and retry with the same key — which must then run. A 500
// or a client that went away is not stored either, for the same reason.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../app";
import type { StoredResponse } from "../db/types";
import { categoryPathSchema, requireCategory } from "../http/category";
import {
  conflict,
  HttpError,
  unprocessable,
  validateRequest,
  validationItem,
} from "../http/errors";
import { loadProcessConfig, type ProcessConfig } from "../process/config";
import { readDocument, resolveDocument } from "../process/document";
import { requestHash } from "../process/idempotency";
import {
  failovers,
  observeWorkQueue,
  type ProcessOutcome,
  processRequests,
  providerAttemptDuration,
  providerAttempts,
} from "../process/metrics";
import { parseProcessRequest } from "../process/request";
import { busy, failure, sendStored, success } from "../process/responses";
import { QueueFullError, WorkQueue } from "../process/work-queue";
import { AllProvidersFailedError, DeadlineExceededError, type Router } from "../routing/types";

/** The route with its settings from the environment (parsed when the app is built). */
export const processRoutes: FastifyPluginAsync<AppDeps> = (app, deps) =>
  createProcessRoutes(loadProcessConfig(process.env))(app, deps);

export function createProcessRoutes(config: ProcessConfig): FastifyPluginAsync<AppDeps> {
  return async (app, deps) => {
    const router: Router | undefined = deps.router;
    if (!router) throw new Error("The process route needs a router (AppDeps.router)");
    const { db, store } = deps;
    const queue = new WorkQueue({
      concurrency: config.workConcurrency,
      maxQueued: config.workQueueMax,
      maxWaitMs: config.workQueueWaitMs,
    });
    observeWorkQueue(queue);
    const retentionHours = Math.round(config.idempotencyRetentionMs / 3_600_000);

    router.onAttempt((attempt) => {
      providerAttempts.inc({
        category: attempt.category,
        provider: attempt.provider,
        outcome: attempt.outcome,
      });
      providerAttemptDuration.observe(
        { provider: attempt.provider, outcome: attempt.outcome },
        attempt.latency_ms / 1000,
      );
    });

    // Fastify's reply.elapsedTime starts at request arrival but only when the app has a
    // logger or onResponse hook; this start time covers apps without them.
    const startedAt = new WeakMap<FastifyRequest, number>();
    app.addHook("onRequest", async (request) => {
      startedAt.set(request, performance.now());
    });

    app.post("/categories/:category_id/process", async (request, reply) => {
      let label = "unknown";
      let outcome: ProcessOutcome = "error";
      // What the log line at the end says about routing (never the key or the document).
      let routed: Record<string, unknown> = {};
      try {
        const { path } = validateRequest(request, { path: categoryPathSchema });
        const category = requireCategory(path.category_id);
        label = category.slug;
        const parts = parseProcessRequest(request.headers, request.body);
        const resolved = await resolveDocument(parts, category, db.grants, store);

        // Authentication ran first, so apiKeyId is set; it is a hash, never the key.
        const scope = request.apiKeyId ?? "";
        const key = parts.idempotencyKey;
        if (key !== undefined) {
          const claim = await db.idempotency.claim(
            scope,
            key,
            requestHash(category.id, request.body),
            new Date(),
          );
          if (claim.kind === "replay") {
            outcome = "replayed";
            return sendStored(reply, claim.response, true);
          }
          if (claim.kind === "in_flight") {
            outcome = "in_flight";
            throw conflict(
              "A request with this Idempotency-Key is still being processed. Retry in a moment to receive its response.",
            );
          }
          if (claim.kind === "mismatch") {
            outcome = "key_reused";
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
        }

        const abort = abortWhenClientLeaves(reply);
        let response: StoredResponse | undefined;
        try {
          response = await queue.run(async () => {
            const bytes = await readDocument(resolved, parts, db.grants, store, new Date());
            try {
              const result = await router.route({
                category,
                input: {
                  bytes,
                  mimeType: resolved.mimeType,
                  languageHints: parts.languageHints,
                  passthrough: parts.passthrough,
                  traceId: request.id,
                },
                signal: abort.signal,
              });
              if (result.failoverDepth > 0)
                failovers.inc({ category: category.slug, provider: result.provider });
              outcome = "ok";
              routed = {
                provider: result.provider,
                failover_depth: result.failoverDepth,
                pages: result.output.pages,
                attempts: result.attempts,
              };
              const elapsed =
                reply.elapsedTime || performance.now() - (startedAt.get(request) ?? 0);
              return success(request.id, result, elapsed);
            } catch (error) {
              if (abort.signal.aborted) throw error;
              if (
                error instanceof AllProvidersFailedError ||
                error instanceof DeadlineExceededError
              ) {
                routed = { attempts: error.attempts };
              }
              if (error instanceof AllProvidersFailedError) {
                outcome = "all_failed";
                return failure(502, "All providers failed", request.id, error.attempts);
              }
              if (error instanceof DeadlineExceededError) {
                outcome = "deadline";
                return failure(504, "Processing took too long", request.id, error.attempts);
              }
              throw error;
            }
          }, abort.signal);
        } catch (error) {
          if (abort.signal.aborted) outcome = "aborted";
          if (error instanceof QueueFullError) {
            outcome = "busy";
            throw busy(error, queue);
          }
          throw error;
        } finally {
          abort.dispose();
          if (key !== undefined) await settleClaim(request, scope, key, response);
        }
        return sendStored(reply, response, false);
      } catch (error) {
        if (outcome === "error" && error instanceof HttpError) outcome = refusal(error.statusCode);
        throw error;
      } finally {
        processRequests.inc({ category: label, outcome });
        request.log.info({ category: label, outcome, ...routed }, "process finished");
      }
    });

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
