// The router: ranks a category's providers, tries them best first with a
// timeout per attempt and a deadline for the request, and keeps a circuit
// breaker and latency/success averages per provider (in memory, per instance).
//
// `attempts` lists the providers actually tried, in order; a provider skipped
// because it is not available here or its circuit is open is not an attempt.
// Outcomes: "ok", "error", "timeout", and "aborted" when the client went away.
import type { Attempt } from "@/lib/contract";
import type { CatalogEntry, ProviderSlot } from "../catalog";
import { ConfigError } from "../config";
import { closeAll } from "../providers";
import { raceAbort } from "../providers/abort";
import type { Provider, ProviderOutput } from "../providers/types";
import { UnreadableDocumentError } from "../providers/types";
import { CircuitBreaker } from "./breaker";
import type { RoutingConfig } from "./config";
import { withFault } from "./faults";
import { ProviderStats, rankSlots } from "./score";
import type { RouteRequest, RouteResult, Router } from "./types";
import { AllProvidersFailedError, DeadlineExceededError } from "./types";

export interface RouterOptions {
  /** Clock for breakers and deadlines (ms); tests may pass their own. */
  now?: () => number;
  /** For fault injection's error rate. */
  random?: () => number;
}

type AttemptListener = (attempt: Attempt & { category: string }) => void;

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
  const registry = new Map<string, Provider>();
  for (const [name, provider] of providers) {
    const fault = config.faults[name];
    registry.set(name, fault ? withFault(provider, fault, options.random) : provider);
  }
  const breakers = new Map<string, CircuitBreaker>();
  const stats = new Map<string, ProviderStats>();
  const listeners: AttemptListener[] = [];
  for (const name of registry.keys()) {
    breakers.set(name, new CircuitBreaker(config.breaker, now));
    stats.set(name, new ProviderStats(config.ewmaAlpha));
  }

  /** The catalog's slots plus providers that offer themselves to this category, if registered. */
  function slotsOf(category: CatalogEntry): ProviderSlot[] {
    const slots = category.providers.filter((s) => registry.has(s.provider));
    for (const provider of registry.values()) {
      for (const offer of provider.offers ?? []) {
        if (offer.category === category.slug && !slots.some((s) => s.provider === provider.name)) {
          slots.push({
            provider: provider.name,
            pricePerPage: offer.pricePerPage,
            quality: offer.quality,
          });
        }
      }
    }
    return slots;
  }

  async function ranked(category: CatalogEntry) {
    const slots = slotsOf(category);
    const available = await Promise.all(
      slots.map(
        (s) =>
          registry
            .get(s.provider)
            ?.available()
            .catch(() => false) ?? false,
      ),
    );
    const weights = { ...category.weights, ...config.weights[category.slug] };
    return rankSlots(
      slots.filter((_, i) => available[i]),
      weights,
      (name) => stats.get(name),
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

  async function route(request: RouteRequest): Promise<RouteResult> {
    const { category, input } = request;
    const clientSignal = request.signal;
    const started = now();
    const deadlineAt = started + config.deadlineMs;
    const attempts: Attempt[] = [];

    for (const { slot } of await ranked(category)) {
      clientSignal?.throwIfAborted();
      const provider = registry.get(slot.provider);
      const breaker = breakers.get(slot.provider);
      const seen = stats.get(slot.provider);
      if (!provider || !breaker || !seen || !breaker.allowsAttempt()) continue;

      const remaining = deadlineAt - now();
      if (remaining <= 0) throw new DeadlineExceededError(attempts);
      const byDeadline = remaining < config.attemptTimeoutMs;
      const limit = Math.max(1, Math.ceil(byDeadline ? remaining : config.attemptTimeoutMs));
      const timer = new AbortController();
      const timeout = setTimeout(
        () => timer.abort(new AttemptTimeout(byDeadline ? config.deadlineMs : limit, byDeadline)),
        limit,
      );
      const signal = clientSignal ? AbortSignal.any([timer.signal, clientSignal]) : timer.signal;

      breaker.begin();
      const begun = now();
      let output: ProviderOutput;
      try {
        output = await raceAbort(provider.run({ ...input, signal }), signal);
      } catch (error) {
        const latency_ms = roundMs(now() - begun);
        if (clientSignal?.aborted) {
          breaker.released();
          emit(category, { provider: slot.provider, outcome: "aborted", latency_ms });
          throw clientSignal.reason;
        }
        const reason = timer.signal.aborted ? timer.signal.reason : error;
        const timedOut = reason instanceof AttemptTimeout;
        const attempt: Attempt = {
          provider: slot.provider,
          outcome: timedOut ? "timeout" : "error",
          latency_ms,
          error: errorText(reason),
        };
        attempts.push(attempt);
        emit(category, attempt);
        if (timedOut && reason.deadline) {
          // The deadline, not the provider, cut this attempt short.
          breaker.released();
          throw new DeadlineExceededError(attempts);
        }
        if (reason instanceof UnreadableDocumentError) {
          // The document's fault: no mark against the provider's health.
          breaker.released();
        } else {
          breaker.failed();
          seen.failed();
        }
        continue;
      } finally {
        clearTimeout(timeout);
      }

      const latency_ms = roundMs(now() - begun);
      breaker.succeeded();
      seen.succeeded(latency_ms, output.pages);
      const attempt: Attempt = { provider: slot.provider, outcome: "ok", latency_ms };
      attempts.push(attempt);
      emit(category, attempt);
      return {
        output,
        provider: slot.provider,
        failoverDepth: attempts.length - 1,
        attempts,
        estimatedCost: slot.pricePerPage * output.pages,
      };
    }
    if (now() >= deadlineAt) throw new DeadlineExceededError(attempts);
    throw new AllProvidersFailedError(attempts);
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
    async close() {
      await closeAll(registry);
    },
  };
}
