// The service's environment, read once at start (main.ts) and nowhere else: every
// variable is declared in schema.ts, parsed here with zod, and handed to each part as
// the settings it takes. A bad value stops the start with a message that names the
// variable, every problem at once, never printing a secret.
import { createHash } from "node:crypto";
import path from "node:path";
import type { z } from "zod";
import type { TracingConfig } from "@/lib/kernel/tracing";
import type { JobsConfig } from "../jobs/settings";
import { DEFAULT_BOUNDS } from "../providers/text/answer-check";
import type { ProviderConfig } from "../registry";
import type { RoutingConfig } from "../router/types";
import { defaultBudgetMb } from "../run/memory-budget";
import type { RunConfig } from "../run/runner";
import { ConfigError, type ServiceConfig } from "../settings";
import {
  envSchema,
  jobsSchema,
  providersSchema,
  routingSchema,
  runSchema,
  serverSchema,
  storageSchema,
  type telemetrySchema,
} from "./schema";

export { ConfigError } from "../settings";

type RawEnv = Readonly<Record<string, string | undefined>>;

/** Everything the service is configured with, by part. */
export interface Config {
  service: ServiceConfig;
  run: RunConfig;
  routing: RoutingConfig;
  providers: ProviderConfig;
  jobs: JobsConfig;
  telemetry: TracingConfig;
}

/** Parses `env` with `schema`; every problem names its variable. Empty strings count as unset. */
function parseEnv<S extends z.ZodType>(schema: S, env: RawEnv): z.output<S> {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ""),
  );
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const name = issue.path.length > 0 ? String(issue.path[0]) : "(environment)";
      // Values of secrets, and of URLs that may hold a password, stay out of the
      // message (it goes to logs).
      const secret = /KEY|SECRET|PASSWORD|TOKEN|DATABASE_URL|REDIS_URL|HEADERS/i.test(name);
      const got = issue.path.length && !secret ? cleaned[String(issue.path[0])] : undefined;
      return `${name}: ${issue.message}${got === undefined ? "" : ` (got ${JSON.stringify(got)})`}`;
    }),
  );
}

/** The whole environment: every part's settings, or one ConfigError listing every problem. */
export function loadConfig(env: RawEnv = process.env): Config {
  const e = parseEnv(envSchema, env);
  return {
    service: serviceSettings(e),
    run: runSettings(e),
    routing: routingSettings(e),
    providers: providerSettings(e),
    jobs: jobsSettings(e),
    telemetry: telemetrySettings(e),
  };
}

// One part's settings from `env` alone (tests, benches and tools that build one part).
export const loadServiceConfig = (env: RawEnv = process.env) =>
  serviceSettings(parseEnv(serverSchema.extend(storageSchema.shape), env));
export const loadRunConfig = (env: RawEnv = {}) => runSettings(parseEnv(runSchema, env));
export const loadRoutingConfig = (env: RawEnv = {}) =>
  routingSettings(parseEnv(routingSchema, env));
export const loadProviderConfig = (env: RawEnv = {}) =>
  providerSettings(parseEnv(providersSchema.extend({ PDF_DPI: runSchema.shape.PDF_DPI }), env));
export const loadJobsConfig = (env: RawEnv = {}) => jobsSettings(parseEnv(jobsSchema, env));

type Of<S extends z.ZodObject> = z.output<S>;

/**
 * A PostgreSQL database means instances share their state, so what they must agree on
 * has to be set, not generated or kept per instance: the rate limit (Redis) and, in
 * embedded storage mode, the key that signs upload URLs. Each missing one is named.
 */
function checkSharedSettings(e: Of<typeof serverSchema> & Of<typeof storageSchema>): void {
  if (!e.SERVICE_DATABASE_URL || !/^postgres(ql)?:\/\//i.test(e.SERVICE_DATABASE_URL)) return;
  const why = "must be set when SERVICE_DATABASE_URL is PostgreSQL (instances share it)";
  const missing: string[] = [];
  if (!e.REDIS_URL) missing.push(`REDIS_URL: ${why}, so that they count one rate limit`);
  if (!e.S3_BUCKET && !e.UPLOAD_SIGNING_SECRET) {
    missing.push(
      `UPLOAD_SIGNING_SECRET: ${why}, so that an upload URL one signs another accepts (or set S3_BUCKET)`,
    );
  }
  if (missing.length > 0) throw new ConfigError(missing);
}

function serviceSettings(e: Of<typeof serverSchema> & Of<typeof storageSchema>): ServiceConfig {
  if ((e.S3_ACCESS_KEY_ID !== undefined) !== (e.S3_SECRET_ACCESS_KEY !== undefined)) {
    throw new ConfigError(["S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither"]);
  }
  checkSharedSettings(e);
  const dataDir = path.resolve(e.SERVICE_DATA_DIR);
  return {
    host: e.SERVICE_HOST,
    port: e.SERVICE_PORT,
    apiKeys: e.SERVICE_API_KEYS,
    publicUrl: e.SERVICE_PUBLIC_URL ?? `http://localhost:${e.SERVICE_PORT}`,
    dataDir,
    databaseUrl: e.SERVICE_DATABASE_URL ?? `sqlite:${path.join(dataDir, "service.sqlite")}`,
    corsOrigins: e.SERVICE_CORS_ORIGINS,
    uploadUrlTtlSeconds: e.UPLOAD_URL_TTL_SECONDS,
    uploadRetentionHours: e.UPLOAD_RETENTION_HOURS,
    uploadSigningSecret: e.UPLOAD_SIGNING_SECRET,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          publicEndpoint: e.S3_PUBLIC_ENDPOINT,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    redisUrl: e.REDIS_URL,
    metrics: { key: e.METRICS_KEY, host: e.METRICS_HOST, port: e.METRICS_PORT },
    logLevel: e.LOG_LEVEL,
  };
}

function runSettings(e: Of<typeof runSchema>): RunConfig {
  return {
    workConcurrency: e.WORK_CONCURRENCY,
    workQueueMax: e.WORK_QUEUE_MAX,
    workQueueWaitMs: e.WORK_QUEUE_WAIT_MS,
    memoryBudgetMb: e.MEMORY_BUDGET_MB ?? defaultBudgetMb(),
    pdfDpi: e.PDF_DPI,
    maxPdfPages: e.MAX_PDF_PAGES,
    idempotencyRetentionMs: e.IDEMPOTENCY_RETENTION_HOURS * 3_600_000,
    idempotencyLeaseMs: e.IDEMPOTENCY_LEASE_SECONDS * 1000,
  };
}

function routingSettings(e: Of<typeof routingSchema>): RoutingConfig {
  return {
    attemptTimeoutMs: e.ROUTING_ATTEMPT_TIMEOUT_MS,
    deadlineMs: e.ROUTING_DEADLINE_MS,
    ewmaAlpha: e.ROUTING_EWMA_ALPHA,
    breaker: {
      failures: e.ROUTING_BREAKER_FAILURES,
      failureRate: e.ROUTING_BREAKER_FAILURE_RATE,
      window: e.ROUTING_BREAKER_WINDOW,
      cooldownMs: e.ROUTING_BREAKER_COOLDOWN_MS,
    },
    weights: e.ROUTING_WEIGHTS,
    faults: e.PROVIDER_FAULTS,
  };
}

/** PDF_DPI is read once, with the run's settings: the same resolution draws and costs a page. */
function providerSettings(e: Of<typeof providersSchema> & { PDF_DPI: number }): ProviderConfig {
  return {
    tesseractCommand: e.TESSERACT_CMD,
    pdftoppmCommand: e.PDF_RASTERISER === "pdftoppm" ? e.PDFTOPPM_CMD : undefined,
    pdftotextCommand: e.PDF_TEXT_READER === "pdftotext" ? e.PDFTOTEXT_CMD : undefined,
    pdfDpi: e.PDF_DPI,
    nativeConcurrency: e.TESSERACT_NATIVE_CONCURRENCY,
    tesseractJsPoolSize: e.TESSERACTJS_POOL_SIZE,
    paddleConcurrency: e.PADDLEOCR_CONCURRENCY,
    queueLimit: e.OCR_QUEUE_LIMIT,
    answerBounds: { ...DEFAULT_BOUNDS, minConfidence: e.OCR_MIN_CONFIDENCE },
    preprocess: new Set(e.OCR_PREPROCESS),
    http: e.HTTP_PROVIDER_URL
      ? {
          name: e.HTTP_PROVIDER_NAME,
          url: e.HTTP_PROVIDER_URL,
          key: e.HTTP_PROVIDER_KEY,
          categories: e.HTTP_PROVIDER_CATEGORIES,
          pricePerPage: e.HTTP_PROVIDER_PRICE_PER_PAGE,
          quality: e.HTTP_PROVIDER_QUALITY,
        }
      : undefined,
  };
}

/** The id authentication gives a key (http/auth.ts): its sha256 in hex. */
export const apiKeyId = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");

function jobsSettings(e: Of<typeof jobsSchema>): JobsConfig {
  return {
    asyncOverPages: e.ASYNC_OVER_PAGES,
    asyncOverBytes: e.ASYNC_OVER_BYTES,
    concurrency: e.JOB_CONCURRENCY,
    leaseMs: e.JOB_LEASE_SECONDS * 1000,
    sliceMs: e.JOB_SLICE_SECONDS * 1000,
    pollMs: e.JOB_POLL_MS,
    retentionMs: e.JOB_RETENTION_HOURS * 3_600_000,
    queueSchema: e.JOB_QUEUE_SCHEMA,
    webhooks: {
      secrets: new Map(
        Object.entries(e.WEBHOOK_SECRETS ?? {}).map(([key, secret]) => [apiKeyId(key), secret]),
      ),
      maxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
      retryMs: e.WEBHOOK_RETRY_SECONDS * 1000,
      timeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1000,
      allowLoopback: e.WEBHOOK_ALLOW_LOOPBACK ?? e.NODE_ENV !== "production",
    },
  };
}

function telemetrySettings(e: Of<typeof telemetrySchema>): TracingConfig {
  return {
    endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    headers: e.OTEL_EXPORTER_OTLP_HEADERS,
    serviceName: "docroute-service",
  };
}
