// A turn: one instance works on one job for a while. It takes the job's lease (none while
// another live turn holds it), renews it while it works, and reads the pages not kept yet,
// one at a time, through the router, keeping each page as it is read. It stops when the
// job is done, when its slice of time is up or another buyer waits behind it (then the
// job goes back in line), or when it lost the lease (the job was cancelled, or taken over
// after this instance stopped renewing). An instance that dies renews nothing: once the
// lease runs out, the sweep (index.ts) puts the job back in line, and the next turn goes
// on from the first page not kept, so no page is lost and none is kept twice.
import { randomBytes, randomUUID } from "node:crypto";
import { type Context, ROOT_CONTEXT, type Span, TraceFlags, trace } from "@opentelemetry/api";
import type { FastifyBaseLogger } from "fastify";
import { failSpan, parseTraceparent } from "@/lib/kernel/tracing";
import type { CatalogEntry } from "../catalog";
import { findCategory } from "../catalog";
import type { JobRecord, JobRef, JobStore } from "../db/types";
import type { ProviderInput } from "../providers/interface/types";
import { success } from "../run/answers";
import type { DocumentRunner, RunOutcome } from "../run/runner";
import { readObject } from "../storage/read";
import type { ObjectStore } from "../storage/types";
import { mergePages, pagesMeta } from "./pages";
import { type JobQueue, type QueueMessage, TURNS, WEBHOOKS } from "./queue";
import type { JobsConfig } from "./settings";

/** What a job reads, as stored with it (jobs.request). */
export interface JobRequest {
  object_key: string;
  mime_type: string;
  /** The category's size limit when the job was made. */
  max_bytes: number;
  language_hints: string[];
  passthrough: Record<string, unknown>;
  /** The span that made the job (its request's): each turn's span is its child. */
  traceparent?: string;
}

const tracer = trace.getTracer("docroute.jobs");

/**
 * The context a turn's span starts in: under the span of the request that made the job,
 * in its trace (`meta.trace_id`). A job that kept no span of its request (made while
 * tracing was off) still joins its trace, under a parent no one reports.
 */
function jobContext(job: JobRecord, request: JobRequest): Context {
  const made = parseTraceparent(request.traceparent);
  const parent =
    made?.traceId === job.traceId
      ? made
      : {
          traceId: job.traceId,
          spanId: randomBytes(8).toString("hex"),
          traceFlags: TraceFlags.SAMPLED,
          isRemote: true,
        };
  return trace.setSpanContext(ROOT_CONTEXT, parent);
}

/** `run` in a span, ended with what `end` says of its result (or the error it threw). */
function inSpan<T>(
  name: string,
  attributes: Record<string, string | number>,
  parent: Context | undefined,
  run: (span: Span) => Promise<T>,
): Promise<T> {
  const start = (span: Span) =>
    run(span).then(
      (value) => {
        span.end();
        return value;
      },
      (error: unknown) => {
        failSpan(span, error);
        span.end();
        throw error;
      },
    );
  return parent
    ? tracer.startActiveSpan(name, { attributes }, parent, start)
    : tracer.startActiveSpan(name, { attributes }, start);
}

/** A taken turn that never finishes is given out again after this (the lease decides sooner). */
const TURN_EXPIRE_MS = 15 * 60_000;

/** Why a turn stopped working on its job. */
type TurnEnd =
  /** Succeeded or failed: its answer is kept. */
  | "finished"
  /** Back in line: its slice is up, or another buyer waits. */
  | "yield"
  /** The lease is gone (cancelled, or taken over): nothing more may be written. */
  | "lost"
  /** This instance is shutting down: the job goes back in line for another. */
  | "stopped";

class Stopping extends Error {}
class LeaseLost extends Error {}
/** The upload could not be read now (not: it is gone). */
class Unreachable extends Error {
  constructor(cause: unknown) {
    super("the storage could not be read", { cause });
  }
}

export interface RunnerDeps {
  jobs: JobStore;
  store: ObjectStore;
  /** Every page is read through it, within the memory budget calls share. */
  documents: DocumentRunner;
  queue: JobQueue;
  config: JobsConfig;
  log: Pick<FastifyBaseLogger, "error">;
}

export interface Runner {
  /** Works on the job a turn names (the queue's handler). */
  turn(message: QueueMessage): Promise<void>;
  /** Puts a job in line: its place among its owner's jobs sets its priority. */
  enqueue(job: JobRef): Promise<void>;
  /** Stops the turn working on this job here, if any (it was cancelled). */
  interrupt(jobId: string): void;
  /** Queues the webhook of a job that has just finished, if it has a callback_url. */
  sendWebhook(job: Pick<JobRecord, "id" | "callbackUrl">): Promise<void>;
  /** Stops every turn here; with `crash`, as a dying process would: nothing is released. */
  stopAll(crash: boolean): void;
}

export function createRunner(deps: RunnerDeps): Runner {
  const { jobs, store, documents, queue, config, log } = deps;
  const running = new Map<string, AbortController>();
  let crashed = false;

  async function enqueue(job: JobRef): Promise<void> {
    // Each buyer's n-th job in line competes with the others' n-th: round robin by buyer.
    const ahead = await jobs.ahead(job.owner, job.createdAt, job.position);
    await queue.send(TURNS, job.id, {
      priority: -ahead,
      singletonKey: job.id,
      retryLimit: 3,
      retryDelayMs: 5_000,
      retryBackoff: true,
      expireMs: TURN_EXPIRE_MS,
    });
  }

  async function sendWebhook(job: Pick<JobRecord, "id" | "callbackUrl">): Promise<void> {
    if (job.callbackUrl === null) return;
    const { maxAttempts, retryMs } = config.webhooks;
    await queue.send(WEBHOOKS, job.id, {
      priority: 0,
      retryLimit: maxAttempts - 1,
      retryDelayMs: retryMs,
      retryBackoff: true,
      expireMs: config.webhooks.timeoutMs * 3,
    });
  }

  /**
   * Whether another buyer waits while this one holds more of the instances' turns, and
   * this instance has no idle taker that would take their job anyway.
   */
  async function shouldYield(owner: string): Promise<boolean> {
    if (running.size < config.concurrency) return false;
    const load = await jobs.load(Date.now());
    const mine = load.get(owner)?.held ?? 1;
    for (const [other, theirs] of load) {
      if (other !== owner && theirs.waiting > 0 && theirs.held < mine) return true;
    }
    return false;
  }

  async function turn(message: QueueMessage): Promise<void> {
    if (crashed) return;
    const token = randomUUID();
    const job = await jobs.claim(message.jobId, token, Date.now(), config.leaseMs);
    // Finished, cancelled, or another live turn has it: nothing to do here.
    if (!job) return;
    const controller = new AbortController();
    running.set(job.id, controller);
    const heartbeat = setInterval(() => {
      jobs.renew(job.id, token, Date.now(), config.leaseMs).then(
        (kept) => {
          if (!kept) controller.abort(new LeaseLost());
        },
        // A missed beat is tried again; the lease leaves room for two.
        () => {},
      );
    }, config.leaseMs / 3);
    heartbeat.unref();
    try {
      const end = await work(job, token, controller.signal);
      if (crashed) return;
      if (end === "yield" || end === "stopped") {
        await jobs.release(job.id, token);
        await enqueue(job);
      } else if (end === "finished") {
        await sendWebhook(job);
      }
    } catch (error) {
      if (crashed) return;
      if (error instanceof Unreachable) {
        // The storage did not answer: the turn is tried again later (the queue's retry,
        // or the sweep), and the job is free for it.
        await jobs.release(job.id, token).catch(() => {});
        throw error.cause;
      }
      log.error({ err: error, job_id: job.id, trace_id: job.traceId }, "a job turn failed");
      // Something unforeseen (a bug, the database): the job ends with a 500 rather
      // than running again and again. If even that fails, the turn is retried.
      const body = {
        detail: "The job could not be processed because of an internal error.",
        trace_id: job.traceId,
      };
      const ended = await jobs.finish(
        job.id,
        token,
        { status: "failed", resultStatus: 500, resultBody: JSON.stringify(body) },
        Date.now(),
      );
      if (ended) await sendWebhook(job);
    } finally {
      clearInterval(heartbeat);
      running.delete(job.id);
    }
  }

  /** A turn's work in its span, in the job's trace. */
  async function work(job: JobRecord, token: string, signal: AbortSignal): Promise<TurnEnd> {
    // Written by this service when the job was made (jobs/index.ts).
    const request = JSON.parse(job.request) as JobRequest;
    const attributes = { "docroute.job_id": job.id, "docroute.pages_total": job.pagesTotal };
    return inSpan("job turn", attributes, jobContext(job, request), async (span) => {
      const end = await workOn(job, token, request, signal);
      span.setAttribute("docroute.turn_end", end);
      return end;
    });
  }

  async function workOn(
    job: JobRecord,
    token: string,
    request: JobRequest,
    signal: AbortSignal,
  ): Promise<TurnEnd> {
    const category = findCategory(job.categoryId);
    let bytes: Buffer | undefined;
    try {
      bytes = category && (await readObject(store, request.object_key, request.max_bytes));
    } catch (error) {
      throw new Unreachable(error);
    }
    if (!category || !bytes) {
      const detail =
        "The uploaded document is no longer stored (uploads are deleted after their retention). Upload it again and create a new job.";
      return fail(job, token, 422, JSON.stringify({ detail, trace_id: job.traceId }));
    }
    const input: TurnInput = {
      bytes,
      mimeType: request.mime_type,
      languageHints: request.language_hints,
      passthrough: request.passthrough,
      traceId: job.traceId,
    };
    return job.unit === "page"
      ? pageByPage(job, token, category, input, signal)
      : wholeDocument(job, token, category, input, signal);
  }

  async function pageByPage(
    job: JobRecord,
    token: string,
    category: CatalogEntry,
    input: TurnInput,
    signal: AbortSignal,
  ): Promise<TurnEnd> {
    const done = new Set(await jobs.pageNumbers(job.id));
    const sliceEnds = Date.now() + config.sliceMs;
    for (let number = 1; number <= job.pagesTotal; number++) {
      if (done.has(number)) continue;
      if (signal.aborted) return endOf(signal);
      const first = done.size === 0;
      const page = await inSpan("job page", { "docroute.page": number }, undefined, (span) =>
        onePage(job, token, category, { ...input, pages: [number] }, signal, first, span),
      );
      // No provider here reads single pages (an operator's HTTP provider alone): whole.
      if (page === "whole") return wholeDocument(job, token, category, input, signal);
      if (page !== "kept") return page;
      done.add(number);
      if (done.size < job.pagesTotal) {
        if (Date.now() >= sliceEnds || (await shouldYield(job.owner))) return "yield";
      }
    }
    const pages = await jobs.pages(job.id);
    const finishedAt = Date.now();
    const slug = category.slug;
    const body = { data: mergePages(slug, pages), meta: pagesMeta(job, pages, finishedAt) };
    const outcome = {
      status: "succeeded",
      resultStatus: 200,
      resultBody: JSON.stringify(body),
    } as const;
    return (await jobs.finish(job.id, token, outcome, finishedAt)) ? "finished" : "lost";
  }

  /**
   * One page read and kept: "kept", or how the turn ends; "whole" when no provider here
   * reads single pages, found on the `first` page.
   */
  async function onePage(
    job: JobRecord,
    token: string,
    category: CatalogEntry,
    input: TurnInput & { pages: [number] },
    signal: AbortSignal,
    first: boolean,
    span: Span,
  ): Promise<TurnEnd | "kept" | "whole"> {
    const [number] = input.pages;
    const began = performance.now();
    const routed = await route(category, input, signal);
    if (routed.kind === "stopped") return endOf(signal);
    if (routed.kind === "failure" && routed.attempts.length === 0 && first) return "whole";
    if (routed.kind === "failure") {
      span.setAttribute("docroute.status", routed.status);
      return fail(job, token, routed.status, routed.response.body, number);
    }
    const { result } = routed;
    span.setAttributes({
      "docroute.provider": result.provider,
      "docroute.failover_depth": result.failoverDepth,
    });
    const kept = await jobs.savePage(
      job.id,
      token,
      {
        number,
        data: JSON.stringify(result.output.data),
        provider: result.provider,
        cost: result.estimatedCost,
        billed: result.output.pages,
        failoverDepth: result.failoverDepth,
        attempts: JSON.stringify(result.attempts),
        latencyMs: performance.now() - began,
      },
      Date.now(),
    );
    return kept ? "kept" : "lost";
  }

  async function wholeDocument(
    job: JobRecord,
    token: string,
    category: CatalogEntry,
    input: TurnInput,
    signal: AbortSignal,
  ): Promise<TurnEnd> {
    // Progress as the provider reads pages (a failover reads them again: counted once).
    const seen = new Set<number>();
    const onPage = (number: number) => {
      if (seen.has(number) || seen.size >= job.pagesTotal) return;
      seen.add(number);
      void jobs.progress(job.id, token, seen.size).catch(() => {});
    };
    const routed = await route(category, { ...input, onPage }, signal);
    if (routed.kind === "stopped") return endOf(signal);
    if (routed.kind === "failure") return fail(job, token, routed.status, routed.response.body);
    const finishedAt = Date.now();
    const elapsed = finishedAt - (job.startedAt ?? finishedAt);
    const { body } = success(job.traceId, routed.result, elapsed);
    const outcome = {
      status: "succeeded",
      resultStatus: 200,
      resultBody: body,
      pagesDone: job.pagesTotal,
    } as const;
    return (await jobs.finish(job.id, token, outcome, finishedAt)) ? "finished" : "lost";
  }

  /** Routes through the document runner; a final failure is the synchronous call's 502/504. Anything else throws. */
  async function route(
    category: CatalogEntry,
    input: TurnInput,
    signal: AbortSignal,
  ): Promise<Exclude<RunOutcome, { kind: "stopped"; aborted: false }>> {
    const outcome = await documents.runTurn(category, input, signal);
    if (outcome.kind === "stopped" && !outcome.aborted) throw outcome.error;
    return outcome as Exclude<RunOutcome, { kind: "stopped"; aborted: false }>;
  }

  /** Ends the job with `body` (a JSON text), naming the `page` it failed on when there is one. */
  async function fail(
    job: JobRecord,
    token: string,
    status: number,
    body: string,
    page?: number,
  ): Promise<TurnEnd> {
    const resultBody = page === undefined ? body : JSON.stringify({ ...JSON.parse(body), page });
    const outcome = { status: "failed", resultStatus: status, resultBody } as const;
    return (await jobs.finish(job.id, token, outcome, Date.now())) ? "finished" : "lost";
  }

  return {
    turn,
    enqueue,
    sendWebhook,
    interrupt(jobId) {
      running.get(jobId)?.abort(new LeaseLost());
    },
    stopAll(crash) {
      crashed = crashed || crash;
      for (const controller of running.values()) controller.abort(new Stopping());
    },
  };
}

/** A page or a whole document as a turn hands it to the runner. */
type TurnInput = Omit<ProviderInput, "signal" | "rasters">;

/** Why the signal stopped a turn. */
function endOf(signal: AbortSignal): TurnEnd {
  return signal.reason instanceof Stopping ? "stopped" : "lost";
}
