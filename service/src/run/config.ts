// Environment of the process endpoint, parsed once at start with the service's
// parseEnv: a bad value stops the start with a message that names the variable.
//
// main.ts wiring:
//   const processConfig = loadProcessConfig(process.env);
//   const db = await openServiceDb(url, dataDir, idempotencyOptions(processConfig));
//   buildApp({ …, router, processConfig });
import { z } from "zod";
import { int, parseEnv } from "../config";

export const processEnvSchema = z.object({
  /** Documents processed at the same time by this instance. */
  WORK_CONCURRENCY: int(1, 256).default(2),
  /** Requests that may wait for a free slot; one more is answered 503 + Retry-After. */
  WORK_QUEUE_MAX: int(0, 100_000).default(32),
  /** Longest wait for a slot, ms; then 503 + Retry-After rather than a client left hanging. */
  WORK_QUEUE_WAIT_MS: int(1, 3_600_000).default(30_000),
  /** How long an Idempotency-Key is remembered, in hours (INTERFACE.md: 24 h). */
  IDEMPOTENCY_RETENTION_HOURS: int(1, 24 * 365).default(24),
  /**
   * Seconds a running Idempotency-Key claim stays held without news from its instance
   * (which renews it every third of this): how soon a request whose instance died can
   * be run by another.
   */
  IDEMPOTENCY_LEASE_SECONDS: int(3, 3600).default(30),
  /** Pages one PDF or TIFF may have; a longer one is refused (422) before any provider runs. */
  MAX_PDF_PAGES: int(1, 10_000).default(100),
});

export interface ProcessConfig {
  workConcurrency: number;
  workQueueMax: number;
  workQueueWaitMs: number;
  idempotencyRetentionMs: number;
  idempotencyLeaseMs: number;
  maxPdfPages: number;
}

export function loadProcessConfig(
  env: Readonly<Record<string, string | undefined>> = process.env,
): ProcessConfig {
  const e = parseEnv(processEnvSchema, env);
  return {
    workConcurrency: e.WORK_CONCURRENCY,
    workQueueMax: e.WORK_QUEUE_MAX,
    workQueueWaitMs: e.WORK_QUEUE_WAIT_MS,
    idempotencyRetentionMs: e.IDEMPOTENCY_RETENTION_HOURS * 3_600_000,
    idempotencyLeaseMs: e.IDEMPOTENCY_LEASE_SECONDS * 1000,
    maxPdfPages: e.MAX_PDF_PAGES,
  };
}

/** Idempotency settings for openServiceDb. */
export function idempotencyOptions(config: ProcessConfig) {
  return {
    retentionMs: config.idempotencyRetentionMs,
    inFlightLeaseMs: config.idempotencyLeaseMs,
  };
}
