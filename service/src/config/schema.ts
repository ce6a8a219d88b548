// Every environment variable the Routing Service reads, by section, each with what it
// means: the one place the environment is described. config/index.ts parses it once at
// start; docs/configuration.md's service table is written from it (`npm run docs:config`).
import { availableParallelism } from "node:os";
import { z } from "zod";
import { parseOtlpHeaders } from "@/lib/kernel/tracing";
import { CATALOG } from "../catalog";
import { PREPROCESS_STEPS } from "../preprocess";
import { DEFAULT_BOUNDS } from "../providers/text/answer-check";
import { faultsSchema } from "../router/faults";
import { LOG_LEVELS } from "../settings";

const MiB = 1024 * 1024;

export const int = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

const decimal = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, "must be a number")
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

const share = decimal(0, 1);

export const list = z.string().transform((s) =>
  s
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean),
);

const bool = z
  .enum(["1", "0", "true", "false", "yes", "no"], { message: "must be true or false" })
  .transform((v) => v === "1" || v === "true" || v === "yes");

const url = (what: string) =>
  z
    .url({ protocol: /^https?$/, message: `must be an http(s) URL (${what})` })
    .transform((u) => u.replace(/\/+$/, ""));

/** A JSON value, then `schema`. */
const json = <S extends z.ZodType>(schema: S, shape: string) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: `must be JSON: ${shape}` });
        return z.NEVER;
      }
    })
    .pipe(schema);

const slugs = new Set(CATALOG.map((c) => c.slug));
const slug = z.string().refine((s) => slugs.has(s), "names a category slug that does not exist");
const weight = z.number().min(0, "weights cannot be negative");
const cores = availableParallelism();

/** Shown as the default in the docs when the code's default is computed. */
export const DEFAULT_TEXT: Readonly<Record<string, string>> = {
  SERVICE_API_KEYS: "required (`npm run dev` generates one)",
  SERVICE_PUBLIC_URL: "`http://localhost:$SERVICE_PORT`",
  SERVICE_DATABASE_URL: "SQLite in the data dir",
  UPLOAD_SIGNING_SECRET: "generated in the data dir",
  S3_ACCESS_KEY_ID: "the SDK's default chain",
  MEMORY_BUDGET_MB: "a quarter of the memory (or of the container's limit), at most 1024",
  TESSERACT_NATIVE_CONCURRENCY: "the cores",
  TESSERACTJS_POOL_SIZE: "the cores",
  WEBHOOK_ALLOW_LOOPBACK: "`true` unless `NODE_ENV=production`",
};

export const serverSchema = z.object({
  SERVICE_API_KEYS: z
    .string({ error: "is required: the API keys clients send in X-API-Key, comma-separated" })
    .pipe(list)
    .pipe(z.array(z.string()).min(1, "must list at least one key"))
    .describe("Accepted API keys, comma-separated; compared in constant time. Required"),
  SERVICE_HOST: z.string().default("127.0.0.1").describe("Address the service listens on"),
  SERVICE_PORT: int(0, 65535).default(8000).describe("Port it listens on (`0`: any free port)"),
  SERVICE_PUBLIC_URL: url("the base address browsers use for upload URLs")
    .optional()
    .describe("Base address browsers use for upload URLs, when it differs from the listen address"),
  SERVICE_CORS_ORIGINS: list
    .default(["http://localhost:3000", "http://127.0.0.1:3000"])
    .describe("Origins allowed to PUT to upload URLs"),
  RATE_LIMIT_PER_MINUTE: int(1, 1_000_000)
    .default(600)
    .describe("Requests per minute per API key; over it: `429` with `Retry-After`"),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, message: "must be a redis:// or rediss:// URL" })
    .optional()
    .describe(
      "`redis://…`: every instance counts against one `RATE_LIMIT_PER_MINUTE`; while unreachable, each counts alone",
    ),
  METRICS_KEY: z
    .string()
    .min(16, "must have at least 16 characters")
    .optional()
    .describe("`/metrics` on the service's port, to `Authorization: Bearer <key>` only"),
  METRICS_HOST: z
    .string()
    .default("127.0.0.1")
    .describe("Address of `/metrics` on a listener of its own"),
  METRICS_PORT: int(1, 65535)
    .optional()
    .describe("Port of that listener; neither it nor `METRICS_KEY` set: no `/metrics`"),
  LOG_LEVEL: z
    .enum(LOG_LEVELS)
    .default("info")
    .describe("pino level; logs are JSON with `trace_id`, never the key"),
});

export const storageSchema = z.object({
  SERVICE_DATA_DIR: z
    .string()
    .default(".data/service")
    .describe("SQLite file, uploaded objects, generated signing secret"),
  SERVICE_DATABASE_URL: z
    .string()
    .optional()
    .describe(
      "Grants, idempotency records and jobs. `postgres://…` selects PostgreSQL (jobs then queue through pg-boss)",
    ),
  UPLOAD_URL_TTL_SECONDS: int(1, 7 * 24 * 3600)
    .default(900)
    .describe("Lifetime of an upload URL (`expires_in`)"),
  UPLOAD_RETENTION_HOURS: int(1, 24 * 365)
    .default(24)
    .describe("Uploaded documents and their grants are deleted this long after the grant"),
  UPLOAD_SIGNING_SECRET: z
    .string()
    .min(16, "must have at least 16 characters")
    .optional()
    .describe("HMAC key of embedded upload URLs. Share it between instances"),
  S3_BUCKET: z
    .string()
    .optional()
    .describe("Store uploads in this S3 (or S3-compatible) bucket instead of the data dir"),
  S3_ENDPOINT: url("the S3-compatible endpoint")
    .optional()
    .describe("An S3-compatible endpoint; unset: AWS"),
  S3_PUBLIC_ENDPOINT: url("the store's address as browsers reach it")
    .optional()
    .describe("The store as browsers reach it, when that differs from `S3_ENDPOINT`"),
  S3_REGION: z.string().default("us-east-1").describe("The bucket's region"),
  S3_ACCESS_KEY_ID: z.string().optional().describe("Credentials; set both or neither"),
  S3_SECRET_ACCESS_KEY: z.string().optional().describe("See `S3_ACCESS_KEY_ID`"),
  S3_FORCE_PATH_STYLE: bool.default(false).describe("Path-style bucket addresses (most gateways)"),
});

export const runSchema = z.object({
  WORK_CONCURRENCY: int(1, 256)
    .default(2)
    .describe("Synchronous process calls one instance works on at once"),
  WORK_QUEUE_MAX: int(0, 100_000)
    .default(32)
    .describe("Calls that may wait for a work slot; one more: `503` with `Retry-After`"),
  WORK_QUEUE_WAIT_MS: int(1, 3_600_000)
    .default(30_000)
    .describe("Longest wait for a work slot or for memory; then `503` with `Retry-After`"),
  MEMORY_BUDGET_MB: int(64, 16 * 1024 * 1024)
    .optional()
    .describe(
      "MiB the documents being read at once (calls and jobs together) may take beyond the idle service; one that does not fit waits (docs/memory.md)",
    ),
  MAX_PDF_PAGES: int(1, 10_000)
    .default(100)
    .describe("Pages one PDF or TIFF may have; more: `422` before any provider runs"),
  PDF_DPI: int(50, 600)
    .default(200)
    .describe("Resolution PDF pages are drawn at for OCR, and of `pdf-text`'s boxes"),
  IDEMPOTENCY_RETENTION_HOURS: int(1, 24 * 365)
    .default(24)
    .describe("How long an `Idempotency-Key` answer is replayed"),
  IDEMPOTENCY_LEASE_SECONDS: int(3, 3600)
    .default(30)
    .describe(
      "Claim of a running key, renewed by its instance every third of this; silent this long, another instance runs it",
    ),
});

export const routingSchema = z.object({
  ROUTING_ATTEMPT_TIMEOUT_MS: int(1, 3_600_000).default(60_000).describe("One provider attempt"),
  ROUTING_DEADLINE_MS: int(1, 3_600_000)
    .default(120_000)
    .describe("The whole request, every attempt"),
  ROUTING_WEIGHTS: json(
    z.record(
      slug,
      z.strictObject({
        quality: weight.optional(),
        price: weight.optional(),
        latency: weight.optional(),
        success: weight.optional(),
      }),
    ),
    '{"<category slug>":{"quality":0.7}}',
  )
    .default({})
    .describe(
      'Weights per category slug, any of quality/price/latency/success, e.g. `{"text-recognition":{"quality":0.7}}`; the rest keep the catalog\'s',
    ),
  ROUTING_EWMA_ALPHA: share
    .default(0.2)
    .describe("Weight of the newest observation in the latency and success averages"),
  ROUTING_BREAKER_FAILURES: int(1, 1_000)
    .default(5)
    .describe("Consecutive failures that open a provider's circuit"),
  ROUTING_BREAKER_FAILURE_RATE: share
    .default(0.5)
    .describe("Share of failures over the window that opens it"),
  ROUTING_BREAKER_WINDOW: int(1, 10_000)
    .default(20)
    .describe("Attempts that share is measured over"),
  ROUTING_BREAKER_COOLDOWN_MS: int(0, 86_400_000)
    .default(30_000)
    .describe("How long an open circuit is skipped"),
  PROVIDER_FAULTS: faultsSchema
    .default({})
    .describe(
      "Fault injection, e.g. `tesseractjs-fast=error:1;tesseract-native=delay:2000;tesseractjs-best=hang`",
    ),
});

export const providersSchema = z.object({
  TESSERACT_CMD: z.string().default("tesseract").describe("The tesseract CLI"),
  PDF_RASTERISER: z
    .enum(["pdfjs", "pdftoppm"])
    .default("pdfjs")
    .describe(
      "What draws PDF pages for OCR: `pdfjs` (in-process) or `pdftoppm` (poppler; pdfjs while it is not installed)",
    ),
  PDFTOPPM_CMD: z.string().default("pdftoppm").describe("poppler's rasteriser"),
  PDF_TEXT_READER: z
    .enum(["pdftotext", "pdfjs"])
    .default("pdftotext")
    .describe(
      "What reads PDF text layers: `pdftotext` (poppler, a child process; pdfjs while it is not installed) or `pdfjs`",
    ),
  PDFTOTEXT_CMD: z.string().default("pdftotext").describe("poppler's text reader"),
  TESSERACT_NATIVE_CONCURRENCY: int(1, 256)
    .default(cores)
    .describe("Native tesseract processes at once"),
  TESSERACTJS_POOL_SIZE: int(1, 64)
    .default(cores)
    .describe("WebAssembly workers per tesseract.js model (a PDF's pages read on every core)"),
  PADDLEOCR_CONCURRENCY: int(1, 64)
    .default(1)
    .describe("Pages PaddleOCR reads at once (one model in memory)"),
  OCR_QUEUE_LIMIT: int(0, 100_000)
    .default(32)
    .describe("Pages waiting per engine before it refuses more"),
  OCR_PREPROCESS: z
    .string()
    .transform((s) => (s.trim() === "none" ? [] : s.split(",").map((x) => x.trim())))
    .pipe(z.array(z.enum(PREPROCESS_STEPS, `must be "none" or of ${PREPROCESS_STEPS.join(", ")}`)))
    .default([...PREPROCESS_STEPS])
    .describe(
      "Steps applied to page images before OCR, or `none` (docs/quality.md); `downscale` applies to the LSTM Tesseract providers only",
    ),
  OCR_MIN_CONFIDENCE: share
    .default(DEFAULT_BOUNDS.minConfidence)
    .describe(
      "Mean word confidence under which an OCR answer is unsure and the next provider reads it",
    ),
  HTTP_PROVIDER_URL: z
    .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
    .optional()
    .describe("An outside OCR engine (`service/src/providers/text/http-provider.ts`); unset: none"),
  HTTP_PROVIDER_KEY: z.string().optional().describe('Sent to it as "Authorization: Bearer <key>"'),
  HTTP_PROVIDER_NAME: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]*$/i, "must be letters, digits, dots, dashes or underscores")
    .default("http")
    .describe("Its name in `meta.provider`"),
  HTTP_PROVIDER_CATEGORIES: list
    .pipe(z.array(slug))
    .default(["text-recognition"])
    .describe("Category slugs it serves"),
  HTTP_PROVIDER_PRICE_PER_PAGE: decimal(0, 1_000).default(0.01).describe("Its price, USD a page"),
  HTTP_PROVIDER_QUALITY: share.default(0.9).describe("Its quality score, 0–1"),
});

const secrets = json(
  z.record(z.string().min(1), z.string().min(16, "each secret must have at least 16 characters"), {
    error: 'must be a JSON object: {"<api key>":"<secret>"}',
  }),
  '{"<api key>":"<secret>"}',
);

export const jobsSchema = z.object({
  ASYNC_OVER_PAGES: int(1, 100_000)
    .default(10)
    .describe(
      "A document with more pages is processed as a job (`202`) even without `Prefer: respond-async`",
    ),
  ASYNC_OVER_BYTES: int(1, Number.MAX_SAFE_INTEGER)
    .default(10 * MiB)
    .describe("Likewise for a document of more bytes"),
  JOB_CONCURRENCY: int(1, 256)
    .default(2)
    .describe("Jobs one instance works on at once (their pages share the memory budget)"),
  JOB_LEASE_SECONDS: int(3, 3600)
    .default(30)
    .describe(
      "A job's hold by the instance working on it, renewed every third of this; silent this long, another instance goes on from its first page not read",
    ),
  JOB_SLICE_SECONDS: int(1, 3600)
    .default(10)
    .describe("A turn takes no new page after this long: the job waits in line behind others"),
  JOB_POLL_MS: int(500, 60_000).default(500).describe("How often an idle instance looks for work"),
  JOB_RETENTION_HOURS: int(1, 24 * 365)
    .default(168)
    .describe("Finished jobs and their pages are deleted after this"),
  JOB_QUEUE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,49}$/, "must be a lower-case SQL name (letters, digits, _)")
    .default("pgboss")
    .describe("PostgreSQL schema of pg-boss's tables"),
  WEBHOOK_SECRETS: secrets
    .optional()
    .describe(
      'JSON object, API key → the secret its webhooks are signed with (16+ characters), e.g. `{"key-a":"whsec_…"}`; a key without one cannot send `callback_url`',
    ),
  WEBHOOK_MAX_ATTEMPTS: int(1, 50).default(8).describe("Deliveries of one webhook"),
  WEBHOOK_RETRY_SECONDS: int(1, 3600)
    .default(10)
    .describe("Delay before a webhook's first retry; it doubles each time"),
  WEBHOOK_TIMEOUT_SECONDS: int(1, 300).default(10).describe("One delivery, connect to answer"),
  WEBHOOK_ALLOW_LOOPBACK: bool
    .optional()
    .describe("Callbacks to loopback addresses, and plain `http` to them (development only)"),
  NODE_ENV: z.string().optional().describe("`production` turns `WEBHOOK_ALLOW_LOOPBACK` off"),
});

export const telemetrySchema = z.object({
  OTEL_EXPORTER_OTLP_ENDPOINT: url("the OTLP collector's base address")
    .optional()
    .describe(
      "An OTLP/HTTP collector's base address: traces go to `<it>/v1/traces`, as `docroute-service` (the app's, read from the same variable, as `docroute-app`). Unset: no span is exported",
    ),
  OTEL_EXPORTER_OTLP_HEADERS: z
    .string()
    .transform((text, ctx) => {
      const headers = parseOtlpHeaders(text);
      if (headers) return headers;
      ctx.addIssue({ code: "custom", message: "must be name=value pairs, comma-separated" });
      return z.NEVER;
    })
    .default({})
    .describe("Headers sent to the collector, `name=value,…` (e.g. its API key)"),
});

/** The sections, in the order the docs list them. */
export const SECTIONS = {
  "Server and API keys": serverSchema,
  "Storage and database": storageSchema,
  "Documents at once, memory and idempotency": runSchema,
  Routing: routingSchema,
  Providers: providersSchema,
  "Jobs and webhooks": jobsSchema,
  Traces: telemetrySchema,
} as const;

export const envSchema = z.object({
  ...serverSchema.shape,
  ...storageSchema.shape,
  ...runSchema.shape,
  ...routingSchema.shape,
  ...providersSchema.shape,
  ...jobsSchema.shape,
  ...telemetrySchema.shape,
});
export type Env = z.output<typeof envSchema>;
