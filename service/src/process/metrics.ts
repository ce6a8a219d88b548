// Process metrics, on the service's registry (service/src/metrics.ts).
import { Counter, Gauge, Histogram } from "prom-client";
import { metricsRegistry } from "../metrics";
import type { Router } from "../routing/types";
import type { WorkQueue } from "./work-queue";

export type ProcessOutcome =
  | "ok"
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

export const processRequests = new Counter({
  name: "docroute_process_requests_total",
  help: "Process requests by category slug and outcome (ok, all_failed, deadline, replayed, busy, …).",
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

// The queue of the app built last (one per process outside tests).
let observedQueue: WorkQueue | undefined;

export function observeWorkQueue(queue: WorkQueue): void {
  observedQueue = queue;
}

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
