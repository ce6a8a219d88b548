// The environment of jobs (INTERFACE.md, "Jobs"), parsed once at start with the
// service's parseEnv: a bad value stops the start with a message that names the variable.
//
//   ASYNC_OVER_PAGES          a document with more pages is processed as a job (202) even
//                             without Prefer: respond-async (default 10)
//   ASYNC_OVER_BYTES          likewise for a larger document, in bytes (default 10 MiB)
//   JOB_CONCURRENCY           jobs this instance works on at once (default 2)
//   JOB_LEASE_SECONDS         how long a job stays with an instance that stopped renewing
//                             its hold on it (renewed every third of this): how soon a job
//                             whose instance died goes on elsewhere (default 30)
//   JOB_SLICE_SECONDS         a turn takes no new page after this long: the job waits in
//                             line again, behind other buyers' work (default 10)
//   JOB_POLL_MS               how often an idle instance looks for work (default 500)
//   JOB_RETENTION_HOURS       finished jobs and their pages are deleted after (default 168)
//   JOB_QUEUE_SCHEMA          PostgreSQL schema of pg-boss's tables (default pgboss)
//   WEBHOOK_SECRETS           JSON object: API key → the secret its webhooks are signed
//                             with, e.g. {"key-a":"whsec_…"}; a key without one cannot
//                             send callback_url
//   WEBHOOK_MAX_ATTEMPTS      deliveries of one webhook before it counts as failed (default 8)
//   WEBHOOK_RETRY_SECONDS     delay before the first retry; it doubles each time (default 10)
//   WEBHOOK_TIMEOUT_SECONDS   one delivery, connect to answer (default 10)
//   WEBHOOK_ALLOW_LOOPBACK    callbacks to loopback addresses, and plain http to them
//                             (default: true unless NODE_ENV is production)
import { createHash } from "node:crypto";
import { z } from "zod";
import { bool, int, parseEnv } from "../config";

const MiB = 1024 * 1024;

const secrets = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: 'must be a JSON object: {"<api key>":"<secret>"}' });
      return z.NEVER;
    }
  })
  .pipe(
    z.record(
      z.string().min(1),
      z.string().min(16, "each secret must have at least 16 characters"),
      { error: 'must be a JSON object: {"<api key>":"<secret>"}' },
    ),
  );

export const jobsEnvSchema = z.object({
  ASYNC_OVER_PAGES: int(1, 100_000).default(10),
  ASYNC_OVER_BYTES: int(1, Number.MAX_SAFE_INTEGER).default(10 * MiB),
  JOB_CONCURRENCY: int(1, 256).default(2),
  JOB_LEASE_SECONDS: int(3, 3600).default(30),
  JOB_SLICE_SECONDS: int(1, 3600).default(10),
  JOB_POLL_MS: int(500, 60_000).default(500),
  JOB_RETENTION_HOURS: int(1, 24 * 365).default(168),
  JOB_QUEUE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,49}$/, "must be a lower-case SQL name (letters, digits, _)")
    .default("pgboss"),
  WEBHOOK_SECRETS: secrets.optional(),
  WEBHOOK_MAX_ATTEMPTS: int(1, 50).default(8),
  WEBHOOK_RETRY_SECONDS: int(1, 3600).default(10),
  WEBHOOK_TIMEOUT_SECONDS: int(1, 300).default(10),
  WEBHOOK_ALLOW_LOOPBACK: bool.optional(),
  NODE_ENV: z.string().optional(),
});

export interface JobsConfig {
  /** A document with more pages than this is a job even without Prefer: respond-async. */
  asyncOverPages: number;
  /** Likewise for more bytes than this. */
  asyncOverBytes: number;
  concurrency: number;
  leaseMs: number;
  sliceMs: number;
  pollMs: number;
  retentionMs: number;
  /** pg-boss's schema on PostgreSQL. */
  queueSchema: string;
  webhooks: WebhookConfig;
}

export interface WebhookConfig {
  /** By API key id (the sha256 of the key, as authentication names it). */
  secrets: ReadonlyMap<string, string>;
  maxAttempts: number;
  /** Delay before the first retry; doubles with each. */
  retryMs: number;
  timeoutMs: number;
  /** Loopback addresses allowed, and plain http to them (development). */
  allowLoopback: boolean;
}

/** The id authentication gives a key (http/auth.ts): its sha256 in hex. */
export const apiKeyId = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");

export function loadJobsConfig(
  env: Readonly<Record<string, string | undefined>> = process.env,
): JobsConfig {
  const e = parseEnv(jobsEnvSchema, env);
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
