// Process metrics, on the service's registry (service/src/metrics.ts).
import type { FastifyBaseLogger } from "fastify";
import { Counter, Gauge, Histogram } from "prom-client";
import type { Attempt } from "@/lib/kernel/contract";
import { HttpError } from "../http/errors";
import { metricsRegistry } from "../metrics";
import type { RouteResult, Router } from "../router/types";
import type { MemoryBudget } from "./memory-budget";
import type { WorkQueue } from "./work-queue";

export type ProcessOutcome =
  | "ok"
  /** Made a job (202). */
  | "accepted"
  | "all_failed"
  | "deadline"
  | "replayed"
  | "in_flight"
  | "key_reused"
  | "invalid"
  | "not_found"
  | "inactive"
  | "busy"
  | "aborted"
  | "error";

/** What one process call reports to the metrics and its log line. */
export interface ProcessReport {
  /** The category's slug, or "unknown" before the path named one. */
  category: string;
  outcome: ProcessOutcome;
  /** What routing came to, when it gave a final answer (never the key or the document). */
  routed?: { kind: "answer"; result: RouteResult } | { kind: "failure"; attempts: Attempt[] };
}

export const processRequests = new Counter({
  name: "docroute_process_requests_total",
  help: "Process requests by category slug and outcome (ok, accepted, all_failed, deadline, replayed, busy, …).",
  labelNames: ["category", "outcome"] as const,
  registers: [metricsRegistry],
});

export const failovers = new Counter({
  name: "docroute_failovers_total",
  help: "Process requests answered by a provider other than the first choice.",
  labelNames: ["category", "provider"] as const,
  registers: [metricsRegistry],
});

export const providerAttempts = new Counter({
  name: "docroute_provider_attempts_total",
  help: "Provider attempts by category, provider and outcome.",
  labelNames: ["category", "provider", "outcome"] as const,
  registers: [metricsRegistry],
});

export const providerAttemptDuration = new Histogram({
  name: "docroute_provider_attempt_duration_seconds",
  help: "Duration of provider attempts, by provider and outcome.",
  labelNames: ["provider", "outcome"] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [metricsRegistry],
});

// The work slots and memory budget of the runner built last (one per process outside tests).
let observedQueue: WorkQueue | undefined;
let observedMemory: MemoryBudget | undefined;

export function observeWork(queue: WorkQueue, memory: MemoryBudget): void {
  observedQueue = queue;
  observedMemory = memory;
}

new Gauge({
  name: "docroute_memory_budget_in_use_mib",
  help: "MiB of the memory budget held by the documents being read now (calls and job turns).",
  registers: [metricsRegistry],
  collect() {
    this.set(observedMemory?.stats.inUseMb ?? 0);
  },
});

new Gauge({
  name: "docroute_memory_budget_waiting",
  help: "Documents waiting for room in the memory budget.",
  registers: [metricsRegistry],
  collect() {
    this.set(observedMemory?.stats.waiting ?? 0);
  },
});

new Gauge({
  name: "docroute_work_queue_running",
  help: "Process requests running now.",
  registers: [metricsRegistry],
  collect() {
    this.set(observedQueue?.stats.running ?? 0);
  },
});

new Gauge({
  name: "docroute_work_queue_waiting",
  help: "Process requests waiting for a work slot.",
  registers: [metricsRegistry],
  collect() {
    this.set(observedQueue?.stats.waiting ?? 0);
  },
});

/** Counts every provider attempt the router makes, by outcome, with its duration. */
export function countProviderAttempts(router: Router): void {
  router.onAttempt((attempt) => {
    const { category, provider, outcome } = attempt;
    providerAttempts.inc({ category, provider, outcome });
    providerAttemptDuration.observe({ provider, outcome }, attempt.latency_ms / 1000);
  });
}

/** The outcome of a request refused with `error`: what its status says, else "error". */
export function outcomeOf(error: unknown): ProcessOutcome {
  if (!(error instanceof HttpError)) return "error";
  if (error.statusCode === 404) return "not_found";
  if (error.statusCode === 409) return "inactive";
  if (error.statusCode === 422) return "invalid";
  return "error";
}

/** Counts the call (and a failover) and logs one line for it. */
export function recordProcess(log: FastifyBaseLogger, report: ProcessReport): void {
  const { category, outcome, routed } = report;
  if (routed?.kind === "answer" && routed.result.failoverDepth > 0) {
    failovers.inc({ category, provider: routed.result.provider });
  }
  processRequests.inc({ category, outcome });
  log.info({ category, outcome, ...routingFacts(routed) }, "process finished");
}

function routingFacts(routed: ProcessReport["routed"]): Record<string, unknown> {
  if (!routed) return {};
  if (routed.kind === "failure") return { attempts: routed.attempts };
  const { result } = routed;
  return {
    provider: result.provider,
    failover_depth: result.failoverDepth,
    pages: result.output.pages,
    attempts: result.attempts,
  };
}
