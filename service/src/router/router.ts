// The router: ranks a category's providers, tries them best first with a
// timeout per attempt and a deadline for the request, and keeps a circuit
// breaker and latency/success averages per provider (in memory, per instance).
//
// `attempts` lists the providers actually tried, in order; a provider skipped
// because it is not available here or its circuit is open is not an attempt.
// Outcomes: "ok", "error", "timeout", "aborted" when the client went away, and
// "low_quality" when a provider answered but its answer failed its own checks
// (ProviderOutput.check, INTERFACE.md "Quality failover"): the router then
// tries the next provider, and returns the best unsure answer if none is sure.
// After an unsure answer the same engine's other models (Provider.engine) are
// passed over: they misread the same pages (real receipts: each Tesseract
// model unsure in turn, PaddleOCR sure and right, docs/decisions.md "Quality
// failover"). A provider that failed with an error does not count.
import { trace } from "@opentelemetry/api";
import type { Attempt } from "@/lib/kernel/contract";
import { failSpan } from "@/lib/kernel/tracing";
import type { CatalogEntry, ProviderSlot } from "../catalog";
import { raceAbort } from "../providers/interface/abort";
import type { AnswerCheck, Provider, ProviderOutput } from "../providers/interface/types";
import { UnreadableDocumentError } from "../providers/interface/types";
import { ConfigError } from "../settings";
import { CircuitBreaker } from "./breaker";
import { withFault } from "./faults";
import { ProviderStats, rankSlots } from "./score";
import type { RouteRequest, RouteResult, Router, RoutingConfig } from "./types";
import { AllProvidersFailedError, DeadlineExceededError } from "./types";

export interface RouterOptions {
  /** Clock for breakers and deadlines (ms); tests may pass their own. */
  now?: () => number;
  /** For fault injection's error rate. */
  random?: () => number;
}

/** What a request asks of a provider beyond its category. */
type Wanted = Pick<RouteRequest["input"], "languageHints" | "pages">;

type AttemptListener = (attempt: Attempt & { category: string }) => void;

interface Entry {
  /** With its injected fault, if any. */
  provider: Provider;
  breaker: CircuitBreaker;
  stats: ProviderStats;
}

/** Why an attempt's signal fired. */
class AttemptTimeout extends Error {
  constructor(
    readonly ms: number,
    readonly deadline: boolean,
  ) {
    super(deadline ? `Request deadline reached after ${ms} ms` : `No answer within ${ms} ms`);
    this.name = "AttemptTimeout";
  }
}

const MAX_ERROR_TEXT = 300;

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > MAX_ERROR_TEXT ? `${text.slice(0, MAX_ERROR_TEXT)}…` : text;
}

const roundMs = (ms: number) => Math.round(ms * 1000) / 1000;

const tracer = trace.getTracer("docroute.router");

/** Where an attempt stands among the request's: what its span says besides the outcome. */
interface AttemptPlace {
  provider: string;
  category: string;
  /** 1 for the first attempt. */
  number: number;
  /** The provider's routing score when it was picked. */
  score: number;
}

/**
 * `run` in a span of its own, a child of the request's (or the job page's): its provider,
 * number, failover depth (attempts before it), score, and the outcome once known.
 */
function traced<T extends { attempt: Attempt }>(place: AttemptPlace, run: () => Promise<T>) {
  const attributes = {
    "docroute.provider": place.provider,
    "docroute.category": place.category,
    "docroute.attempt": place.number,
    "docroute.failover_depth": place.number - 1,
    "docroute.score": place.score,
  };
  return tracer.startActiveSpan(`attempt ${place.provider}`, { attributes }, async (span) => {
    try {
      const result = await run();
      const { outcome, latency_ms, error, reason } = result.attempt;
      span.setAttributes({ "docroute.outcome": outcome, "docroute.latency_ms": latency_ms });
      if (reason !== undefined) span.setAttribute("docroute.reason", reason);
      if (error !== undefined) failSpan(span, error);
      return result;
    } catch (error) {
      // Only the client's going away throws out of an attempt.
      span.setAttribute("docroute.outcome", "aborted");
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** An answer judged unsure by its own check, kept in case no provider does better. */
interface UnsureAnswer {
  output: ProviderOutput;
  slot: ProviderSlot;
  score: number;
}

function isUnsure(check: AnswerCheck | undefined): check is AnswerCheck {
  return check !== undefined && !check.confident;
}

export function createRouter(
  config: RoutingConfig,
  providers: ReadonlyMap<string, Provider>,
  options: RouterOptions = {},
): Router & {
  /** Current ranking of a category, best first (for logs, the demo and tests). */
  rank(category: CatalogEntry): Promise<{ provider: string; score: number }[]>;
} {
  const now = options.now ?? (() => performance.now());
  const unknown = Object.keys(config.faults).filter((name) => !providers.has(name));
  if (unknown.length > 0) {
    throw new ConfigError([
      `PROVIDER_FAULTS: no provider named ${unknown.join(", ")} (providers: ${[...providers.keys()].join(", ")})`,
    ]);
  }
  /** Each registered provider with its health, as this instance has seen it. */
  const entries = new Map<string, Entry>();
  for (const [name, provider] of providers) {
    const fault = config.faults[name];
    entries.set(name, {
      provider: fault ? withFault(provider, fault, options.random) : provider,
      breaker: new CircuitBreaker(config.breaker, now),
      stats: new ProviderStats(config.ewmaAlpha),
    });
  }
  const listeners: AttemptListener[] = [];

  /** The catalog's slots plus providers that offer themselves to this category, if registered. */
  function slotsOf(category: CatalogEntry): ProviderSlot[] {
    const slots = category.providers.filter((s) => entries.has(s.provider));
    for (const [name, { provider }] of entries) {
      for (const offer of provider.offers ?? []) {
        if (offer.category === category.slug && !slots.some((s) => s.provider === name)) {
          slots.push({ provider: name, pricePerPage: offer.pricePerPage, quality: offer.quality });
        }
      }
    }
    return slots;
  }

  /**
   * Whether a provider can take this request here: available, reads its languages, and
   * reads single pages when the request names some (a job's page).
   */
  async function usable(name: string, input: Wanted): Promise<boolean> {
    const provider = entries.get(name)?.provider;
    if (!provider) return false;
    if (input.pages && !provider.selectsPages) return false;
    const { languageHints } = input;
    try {
      if (!(await provider.available())) return false;
      return languageHints.length === 0 || (await provider.reads?.(languageHints)) !== false;
    } catch {
      return false;
    }
  }

  async function ranked(category: CatalogEntry, wanted: Wanted = { languageHints: [] }) {
    const slots = slotsOf(category);
    const available = await Promise.all(slots.map((s) => usable(s.provider, wanted)));
    const weights = { ...category.weights, ...config.weights[category.slug] };
    return rankSlots(
      slots.filter((_, i) => available[i] === true),
      weights,
      (name) => entries.get(name)?.stats,
    );
  }

  function emit(category: CatalogEntry, attempt: Attempt): void {
    for (const listener of listeners) {
      try {
        listener({ ...attempt, category: category.slug });
      } catch {
        // A listener (metrics, logs) must not change the answer.
      }
    }
  }

  /**
   * One attempt within `ms` (the attempt timeout, or what is left before the
   * request's deadline). Failures are recorded in the provider's health and
   * returned as the Attempt to report; only the client's abort throws.
   */
  async function attempt(
    name: string,
    { provider, breaker, stats }: Entry,
    request: RouteRequest,
    { ms, byDeadline }: { ms: number; byDeadline: boolean },
  ): Promise<
    { output: ProviderOutput; attempt: Attempt } | { attempt: Attempt; deadline: boolean }
  > {
    const timer = new AbortController();
    const timeout = setTimeout(
      () => timer.abort(new AttemptTimeout(byDeadline ? config.deadlineMs : ms, byDeadline)),
      ms,
    );
    const client = request.signal;
    const signal = client ? AbortSignal.any([timer.signal, client]) : timer.signal;
    breaker.begin();
    const begun = now();
    try {
      const output = await raceAbort(provider.run({ ...request.input, signal }), signal);
      const latency_ms = roundMs(now() - begun);
      // An unsure answer is still a working provider: its health is not marked down.
      breaker.succeeded();
      stats.succeeded(latency_ms, output.pages);
      if (isUnsure(output.check)) {
        const reason = output.check.reason ?? `unsure (score ${output.check.score.toFixed(2)})`;
        return { output, attempt: { provider: name, outcome: "low_quality", latency_ms, reason } };
      }
      return { output, attempt: { provider: name, outcome: "ok", latency_ms } };
    } catch (error) {
      const latency_ms = roundMs(now() - begun);
      if (client?.aborted) {
        breaker.released();
        emit(request.category, { provider: name, outcome: "aborted", latency_ms });
        throw client.reason;
      }
      const reason = timer.signal.aborted ? timer.signal.reason : error;
      const timedOut = reason instanceof AttemptTimeout;
      const deadline = timedOut && reason.deadline;
      if (deadline || reason instanceof UnreadableDocumentError) {
        // Cut short by the request's deadline, or the document's fault: no mark
        // against the provider's health.
        breaker.released();
      } else {
        breaker.failed();
        stats.failed();
      }
      const outcome = timedOut ? "timeout" : "error";
      return {
        attempt: { provider: name, outcome, latency_ms, error: errorText(reason) },
        deadline,
      };
    } finally {
      clearTimeout(timeout);
    }
  }

  async function route(request: RouteRequest): Promise<RouteResult> {
    const deadlineAt = now() + config.deadlineMs;
    const attempts: Attempt[] = [];
    let best: UnsureAnswer | undefined;
    const answer = ({ output, slot }: { output: ProviderOutput; slot: ProviderSlot }) => ({
      output,
      provider: slot.provider,
      // Every attempt beyond the first, failed or unsure, is a failover.
      failoverDepth: attempts.length - 1,
      attempts,
      estimatedCost: slot.pricePerPage * output.pages,
    });
    /** Out of time or providers: the best unsure answer, if any, beats an error. */
    const giveUp = (Failure: typeof DeadlineExceededError | typeof AllProvidersFailedError) => {
      if (best) return answer(best);
      throw new Failure(attempts);
    };

    /** Engines whose answer was unsure: another model of one misreads the same pages. */
    const unsure = new Set<string>();
    const engineOf = (name: string) => entries.get(name)?.provider.engine ?? name;
    for (const { slot, score } of await ranked(request.category, request.input)) {
      if (unsure.has(engineOf(slot.provider))) continue;
      request.signal?.throwIfAborted();
      const entry = entries.get(slot.provider);
      if (!entry?.breaker.allowsAttempt()) continue;
      const remaining = deadlineAt - now();
      if (remaining <= 0) return giveUp(DeadlineExceededError);
      const place = {
        provider: slot.provider,
        category: request.category.slug,
        number: attempts.length + 1,
        score,
      };
      const result = await traced(place, () =>
        attempt(slot.provider, entry, request, {
          ms: Math.max(1, Math.ceil(Math.min(remaining, config.attemptTimeoutMs))),
          byDeadline: remaining < config.attemptTimeoutMs,
        }),
      );
      attempts.push(result.attempt);
      emit(request.category, result.attempt);
      if ("output" in result) {
        const { output } = result;
        if (!isUnsure(output.check)) return answer({ output, slot });
        unsure.add(engineOf(slot.provider));
        if (!best || output.check.score > best.score) {
          best = { output, slot, score: output.check.score };
        }
        continue;
      }
      if (result.deadline) return giveUp(DeadlineExceededError);
    }
    if (now() >= deadlineAt) return giveUp(DeadlineExceededError);
    return giveUp(AllProvidersFailedError);
  }

  return {
    route,
    onAttempt(listener) {
      listeners.push(listener);
    },
    async rank(category) {
      return (await ranked(category)).map(({ slot, score }) => ({
        provider: slot.provider,
        score,
      }));
    },
  };
}
