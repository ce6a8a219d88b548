// What the HTTP layer sees of the router (service/src/router).
import type { Attempt } from "@/lib/kernel/contract";
import type { CatalogEntry, RoutingWeights } from "../catalog";
import type { ProviderInput, ProviderOutput } from "../providers/interface/types";
import type { BreakerSettings } from "./breaker";
import type { Fault } from "./faults";

export interface RouteRequest {
  category: CatalogEntry;
  input: Omit<ProviderInput, "signal">;
  /** Aborts every attempt, e.g. when the client went away. */
  signal?: AbortSignal;
}

export interface RouteResult {
  output: ProviderOutput;
  provider: string;
  /** Failed attempts before the one that answered. */
  failoverDepth: number;
  attempts: Attempt[];
  /** USD: the answering provider's price per page × pages. */
  estimatedCost: number;
}

/** Every provider failed (HTTP 502). */
export class AllProvidersFailedError extends Error {
  constructor(readonly attempts: Attempt[]) {
    super("All providers failed");
    this.name = "AllProvidersFailedError";
  }
}

/** The request deadline passed before a provider answered (HTTP 504). */
export class DeadlineExceededError extends Error {
  constructor(readonly attempts: Attempt[]) {
    super("Processing took too long");
    this.name = "DeadlineExceededError";
  }
}

export interface Router {
  route(request: RouteRequest): Promise<RouteResult>;
  /** Called after every attempt, for metrics and logs. */
  onAttempt(listener: (attempt: Attempt & { category: string }) => void): void;
}

/** What the router is configured with (config/ reads it from the environment: ROUTING_*, PROVIDER_FAULTS). */
export interface RoutingConfig {
  attemptTimeoutMs: number;
  deadlineMs: number;
  ewmaAlpha: number;
  breaker: BreakerSettings;
  /** Overrides of the catalog's weights, by category slug. */
  weights: Readonly<Record<string, Partial<RoutingWeights>>>;
  /** Injected faults by provider name. */
  faults: Readonly<Record<string, Fault>>;
}
