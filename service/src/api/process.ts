// POST /v1/categories/:category_id/process – resolve the upload, route it to a provider.
//
// Wiring: buildApp registers processRoutes inside /v1 (after auth and the rate limit)
// with the AppDeps as options, when deps.runner is set: the document runner
// (run/runner.ts) holds the work slots and the memory budget. With deps.jobs, a
// document can become a job (INTERFACE.md, "Jobs").
//
// Order of checks: auth and rate limit (app hooks) → path (422) → category (404/409)
// → header and body, every problem at once (422) → the document reference and the
// callback_url (422) → Idempotency-Key claim (replay / 409 / 422) → the runner: a work
// slot (503) → bytes, magic bytes, pages and pixels (422) → a long document becomes a
// job (202), any other waits for room in the memory budget (503), then goes to the
// router (200 / 502 / 504). A client that asks for a job
// (Prefer: respond-async, or a callback_url) takes no work slot: bytes … pixels (422),
// then the job (202).
//
// What an Idempotency-Key stores for replay: the answers that come out of routing —
// 200, and the final 502 (all providers failed) and 504 (deadline) — and the 202 that
// made a job. Those are the outcomes a client must never cause twice, so they are
// replayed byte for byte.
// Everything refused before a provider ran (422, 409, 503) is NOT stored: nothing was
// processed or charged, and the client is expected to fix the cause (upload the
// bytes, wait for a slot) and retry with the same key — which must then run. A 500
// or a client that went away is not stored either, for the same reason.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { categoryPathSchema } from "@/lib/kernel/contract";
import { validationItem, valueError } from "@/lib/kernel/contract/validation-error";
import type { CatalogEntry } from "../catalog";
import type { StoredResponse } from "../db/types";
import type { AppDeps } from "../deps";
import { requireCategory } from "../http/category";
import { unprocessable, validateRequest } from "../http/errors";
import { type Jobs, RefusedCallbackError } from "../jobs";
import { accepted, keyInFlight, keyReused, sendStored } from "../run/answers";
import { type ReadDocument, resolveDocument } from "../run/document";
import { claimKey } from "../run/idempotency";
import { outcomeOf, type ProcessReport, recordProcess } from "../run/metrics";
import { type ProcessRequestParts, parseProcessRequest } from "../run/request";
import type { CallRun, DocumentRunner, DocumentToRun } from "../run/runner";

/** What one call came to: the answer or the error to send, and what to record of it. */
type Processed =
  | {
      kind: "answered";
      response: StoredResponse;
      replayed: boolean;
      report: ProcessReport;
      /** Preference-Applied, on a 202 the client asked for. */
      headers?: Record<string, string>;
    }
  | { kind: "refused"; error: unknown; report: ProcessReport };

export const processRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const runner = requireRunner(deps);
  const { db, store, jobs } = deps;
  const retentionHours = Math.round(runner.config.idempotencyRetentionMs / 3_600_000);

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
      reply.headers(processed.headers ?? {});
      return sendStored(reply, processed.response, processed.replayed);
    } finally {
      recordProcess(request.log, processed.report);
    }
  });

  /** The category, then the rest; a refusal is returned with its error, never thrown. */
  async function processRequest(request: FastifyRequest, reply: FastifyReply): Promise<Processed> {
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

  /**
   * Request → Idempotency-Key → work slot → run; each step returns what happened. A
   * client that asks for a job (Prefer: respond-async, or a callback_url) skips the work
   * slot: its document is read and checked, then made a job (202). So is one found long
   * once read (Jobs.isLong) in a work slot.
   */
  async function processForCategory(
    category: CatalogEntry,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<Processed> {
    const parts = parseProcessRequest(request.headers, request.body, category.languages);
    const resolved = await resolveDocument(parts, category, db.grants, store);
    const slug = category.slug;
    // Authentication ran first, so apiKeyId is set; it is a hash, never the key.
    const owner = request.apiKeyId ?? "";
    if (parts.callbackUrl !== undefined) await checkCallback(jobs, parts.callbackUrl, owner);

    const claim = await claimKey(
      db.idempotency,
      { scope: owner, key: parts.idempotencyKey, categoryId: category.id, body: request.body },
      request.log,
    );
    if (claim.kind === "replay") {
      const headers = preferenceApplied(parts, claim.response);
      return answered(claim.response, true, { category: slug, outcome: "replayed" }, headers);
    }
    if (claim.kind === "conflict") {
      const error =
        claim.reason === "in_flight" ? keyInFlight() : keyReused(claim.key, retentionHours);
      return refused({ category: slug, outcome: claim.reason }, error);
    }

    const abort = abortWhenClientLeaves(reply);
    const elapsedMs = () => reply.elapsedTime || performance.now() - (startedAt.get(request) ?? 0);
    const doc: DocumentToRun = { category, parts, resolved, traceId: request.id, elapsedMs };
    const asked = jobs !== undefined && (parts.respondAsync || parts.callbackUrl !== undefined);
    const divert = jobs && ((read: ReadDocument) => jobs.isLong(read));
    const ran = asked ? await readForJob(doc) : await runner.runCall(doc, abort.signal, divert);
    abort.dispose();
    const processed =
      ran.kind === "diverted" ? await acceptJob(doc, ran.read, owner) : processedFrom(ran, slug);
    await claim.settle(processed.kind === "answered" ? processed.response : undefined);
    return processed;
  }

  /** The document read and checked for a job, outside the work slots; never throws. */
  async function readForJob(doc: DocumentToRun): Promise<CallRun> {
    try {
      const read = await runner.read(doc.resolved, doc.parts);
      return { kind: "diverted", read };
    } catch (error) {
      return { kind: "stopped", aborted: false, error };
    }
  }

  /** Makes the job: 202 with it, Location and, when asked for, Preference-Applied. */
  async function acceptJob(
    doc: DocumentToRun,
    read: ReadDocument,
    owner: string,
  ): Promise<Processed> {
    const report = { category: doc.category.slug, outcome: "accepted" } as const;
    if (!jobs) return refused(report, new Error("jobs are not running"));
    try {
      const { category, parts, resolved, traceId } = doc;
      const callbackUrl = parts.callbackUrl;
      const [job] = await jobs.create([
        { owner, category, traceId, parts, resolved, read, callbackUrl },
      ]);
      if (!job) throw new Error("the job was not kept");
      const response = accepted(await jobs.view(job, true));
      return answered(response, false, report, preferenceApplied(parts, response));
    } catch (error) {
      return refused({ ...report, outcome: outcomeOf(error) }, error);
    }
  }
};

/**
 * What the runner came to. Only the router's final answers (200, 502, 504) are
 * "answered" and so stored for an Idempotency-Key (see the header comment).
 */
function processedFrom(ran: CallRun, category: string): Processed {
  switch (ran.kind) {
    case "busy":
      return refused({ category, outcome: "busy" }, ran.error);
    case "stopped":
      return refused(
        { category, outcome: ran.aborted ? "aborted" : outcomeOf(ran.error) },
        ran.error,
      );
    case "diverted":
      // Taken by acceptJob before it gets here.
      return refused({ category, outcome: "error" }, new Error("a diverted document"));
    case "answer":
      return answered(ran.response, false, { category, outcome: "ok", routed: ran });
    case "failure":
      return answered(ran.response, false, { category, outcome: ran.reason, routed: ran });
  }
}

function answered(
  response: StoredResponse,
  replayed: boolean,
  report: ProcessReport,
  headers?: Record<string, string>,
): Processed {
  return { kind: "answered", response, replayed, report, ...(headers ? { headers } : {}) };
}

/** RFC 7240: a 202 says it honoured respond-async when the client asked for it. */
function preferenceApplied(
  parts: ProcessRequestParts,
  response: StoredResponse,
): Record<string, string> | undefined {
  return parts.respondAsync && response.status === 202
    ? { "Preference-Applied": "respond-async" }
    : undefined;
}

/** A callback_url this service will send to, or a 422 at body.callback_url saying why not. */
export async function checkCallback(
  jobs: Jobs | undefined,
  url: string,
  owner: string,
): Promise<void> {
  let problem: string | undefined;
  try {
    if (!jobs) problem = "this service runs no jobs, so it sends no callbacks";
    else await jobs.checkCallback(url, owner);
  } catch (error) {
    if (!(error instanceof RefusedCallbackError)) throw error;
    problem = error.message;
  }
  if (problem === undefined) return;
  throw unprocessable([validationItem(["body", "callback_url"], valueError(problem), url)]);
}

function refused(report: ProcessReport, error: unknown): Processed {
  return { kind: "refused", error, report };
}

function requireRunner(deps: AppDeps): DocumentRunner {
  if (!deps.runner) throw new Error("The process route needs a runner (AppDeps.runner)");
  return deps.runner;
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
