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
// bytes, pages and pixels (422) → the router (200 / 502 / 504).
//
// What an Idempotency-Key stores for replay: the answers that come out of routing —
// 200, and the final 502 (all providers failed) and 504 (deadline). Those are the
// outcomes a client must never cause twice, so they are replayed byte for byte.
// Everything refused before a provider ran (422, 409, 503) is NOT stored: nothing was
// processed or charged, and the client is expected to fix the cause (upload the
// bytes, wait for a slot) and retry with the same key — which must then run. A 500
// or a client that went away is not stored either, for the same reason.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { categoryPathSchema } from "@/lib/kernel/contract";
import type { CatalogEntry } from "../catalog";
import type { StoredResponse } from "../db/types";
import type { AppDeps } from "../deps";
import { requireCategory } from "../http/category";
import { validateRequest } from "../http/errors";
import { type AdmissionRefused, admit } from "../process/admission";
import { loadProcessConfig, type ProcessConfig } from "../process/config";
import { resolveDocument } from "../process/document";
import { claimKey } from "../process/idempotency";
import {
  countProviderAttempts,
  observeWorkQueue,
  outcomeOf,
  type ProcessReport,
  recordProcess,
} from "../process/metrics";
import { parseProcessRequest } from "../process/request";
import { keyInFlight, keyReused, sendStored } from "../process/responses";
import { type DocumentRun, type DocumentToRun, runDocument } from "../process/run";
import { WorkQueue } from "../process/work-queue";
import type { Router } from "../routing/types";

/** The route with its settings from the environment (parsed when the app is built). */
export const processRoutes: FastifyPluginAsync<AppDeps> = (app, deps) =>
  createProcessRoutes(loadProcessConfig(process.env))(app, deps);

/** What one call came to: the answer or the error to send, and what to record of it. */
type Processed =
  | { kind: "answered"; response: StoredResponse; replayed: boolean; report: ProcessReport }
  | { kind: "refused"; error: unknown; report: ProcessReport };

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
    countProviderAttempts(router);
    const runDeps = { router, grants: db.grants, store, limits: config };
    const retentionHours = Math.round(config.idempotencyRetentionMs / 3_600_000);

    // Fastify's reply.elapsedTime starts at request arrival but only when the app has a
    // logger or onResponse hook; this start time covers apps without them.
    const startedAt = new WeakMap<FastifyRequest, number>();
    app.addHook("onRequest", async (request) => {
      startedAt.set(request, performance.now());
    });

    app.post("/categories/:category_id/process", async (request, reply) => {
      const processed = await processRequest(request, reply);
      try {
        if (processed.kind === "refused") throw processed.error;
        return sendStored(reply, processed.response, processed.replayed);
      } finally {
        recordProcess(request.log, processed.report);
      }
    });

    /** The category, then the rest; a refusal is returned with its error, never thrown. */
    async function processRequest(
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<Processed> {
      let category: CatalogEntry;
      try {
        const { path } = validateRequest(request, { path: categoryPathSchema });
        category = requireCategory(path.category_id);
      } catch (error) {
        return refused({ category: "unknown", outcome: outcomeOf(error) }, error);
      }
      try {
        return await processForCategory(category, request, reply);
      } catch (error) {
        return refused({ category: category.slug, outcome: outcomeOf(error) }, error);
      }
    }

    /** Request → Idempotency-Key → work slot → run; each step returns what happened. */
    async function processForCategory(
      category: CatalogEntry,
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<Processed> {
      const parts = parseProcessRequest(request.headers, request.body, category.languages);
      const resolved = await resolveDocument(parts, category, db.grants, store);
      const slug = category.slug;

      const claim = await claimKey(
        db.idempotency,
        {
          // Authentication ran first, so apiKeyId is set; it is a hash, never the key.
          scope: request.apiKeyId ?? "",
          key: parts.idempotencyKey,
          categoryId: category.id,
          body: request.body,
        },
        request.log,
      );
      if (claim.kind === "replay") {
        return answered(claim.response, true, { category: slug, outcome: "replayed" });
      }
      if (claim.kind === "conflict") {
        const error =
          claim.reason === "in_flight" ? keyInFlight() : keyReused(claim.key, retentionHours);
        return refused({ category: slug, outcome: claim.reason }, error);
      }

      const abort = abortWhenClientLeaves(reply);
      const elapsedMs = () =>
        reply.elapsedTime || performance.now() - (startedAt.get(request) ?? 0);
      const ran = await admitAndRun(
        { category, parts, resolved, traceId: request.id, elapsedMs },
        abort.signal,
      );
      abort.dispose();
      const processed = processedFrom(ran, slug);
      await claim.settle(processed.kind === "answered" ? processed.response : undefined);
      return processed;
    }

    /** A work slot, then the document's run in it; neither throws. */
    async function admitAndRun(
      doc: DocumentToRun,
      signal: AbortSignal,
    ): Promise<AdmissionRefused | DocumentRun> {
      const admission = await admit(queue, signal);
      if (admission.kind === "refused") return admission;
      try {
        return await runDocument(doc, runDeps, signal);
      } finally {
        admission.release();
      }
    }
  };
}

/**
 * What admission and the run came to. Only the router's final answers (200, 502, 504)
 * are "answered" and so stored for an Idempotency-Key (see the header comment).
 */
function processedFrom(ran: AdmissionRefused | DocumentRun, category: string): Processed {
  switch (ran.kind) {
    case "refused":
      return refused({ category, outcome: ran.reason }, ran.error);
    case "stopped":
      return refused(
        { category, outcome: ran.aborted ? "aborted" : outcomeOf(ran.error) },
        ran.error,
      );
    case "answer":
      return answered(ran.response, false, { category, outcome: "ok", routed: ran });
    case "failure":
      return answered(ran.response, false, { category, outcome: ran.reason, routed: ran });
  }
}

function answered(response: StoredResponse, replayed: boolean, report: ProcessReport): Processed {
  return { kind: "answered", response, replayed, report };
}

function refused(report: ProcessReport, error: unknown): Processed {
  return { kind: "refused", error, report };
}

function requireRouter(deps: AppDeps): Router {
  if (!deps.router) throw new Error("The process route needs a router (AppDeps.router)");
  return deps.router;
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
