// The service's environment, parsed once with zod. A bad value stops the start with
// a message that names the variable. Other parts of the service parse their own
// variables the same way: `parseEnv(mySchema, env)` (see routing/config.ts), or
// extend `serviceEnvSchema` and map the result themselves.
import path from "node:path";
import { z } from "zod";

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid service configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/** Parses `env` with `schema`; every problem names its variable. Empty strings count as unset. */
export function parseEnv<S extends z.ZodType>(schema: S, env: Env): z.output<S> {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ""),
  );
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const name = issue.path.join(".") || "(environment)";
      // Values of secrets, and of URLs that may hold a password, stay out of the
      // message (it goes to logs).
      const secret = /KEY|SECRET|PASSWORD|TOKEN|DATABASE_URL|REDIS_URL/i.test(name);
      const got = issue.path.length && !secret ? cleaned[String(issue.path[0])] : undefined;
      return `${name}: ${issue.message}${got === undefined ? "" : ` (got ${JSON.stringify(got)})`}`;
    }),
  );
}

export const int = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

export const list = z.string().transform((s) =>
  s
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean),
);

export const bool = z
  .enum(["1", "0", "true", "false", "yes", "no"], { message: "must be true or false" })
  .transform((v) => v === "1" || v === "true" || v === "yes");

const url = (what: string) =>
  z
    .url({ protocol: /^https?$/, message: `must be an http(s) URL (${what})` })
    .transform((u) => u.replace(/\/+$/, ""));

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

export const serviceEnvSchema = z.object({
  SERVICE_HOST: z.string().default("127.0.0.1"),
  SERVICE_PORT: int(0, 65535).default(8000),
  SERVICE_API_KEYS: z
    .string({ error: "is required: the API keys clients send in X-API-Key, comma-separated" })
    .pipe(list)
    .pipe(z.array(z.string()).min(1, "must list at least one key")),
  SERVICE_PUBLIC_URL: url("the base address browsers use for upload URLs").optional(),
  SERVICE_DATA_DIR: z.string().default(".data/service"),
  SERVICE_DATABASE_URL: z.string().optional(),
  SERVICE_CORS_ORIGINS: list.default(["http://localhost:3000", "http://127.0.0.1:3000"]),
  UPLOAD_URL_TTL_SECONDS: int(1, 7 * 24 * 3600).default(900),
  UPLOAD_RETENTION_HOURS: int(1, 24 * 365).default(24),
  UPLOAD_SIGNING_SECRET: z.string().min(16, "must have at least 16 characters").optional(),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: url("the S3-compatible endpoint").optional(),
  S3_PUBLIC_ENDPOINT: url("the store's address as browsers reach it").optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  RATE_LIMIT_PER_MINUTE: int(1, 1_000_000).default(600),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, message: "must be a redis:// or rediss:// URL" })
    .optional(),
  METRICS_KEY: z.string().min(16, "must have at least 16 characters").optional(),
  METRICS_HOST: z.string().default("127.0.0.1"),
  METRICS_PORT: int(1, 65535).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
});

export interface S3Config {
  bucket: string;
  /** Unset: AWS itself. Set: any S3-compatible store. */
  endpoint?: string;
  /** The store's address in upload URLs, when browsers reach it by another name than the service. */
  publicEndpoint?: string;
  region: string;
  /** Unset: the SDK's default credential chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

export interface ServiceConfig {
  host: string;
  port: number;
  apiKeys: readonly string[];
  /** Base address (no trailing slash) browsers use to reach this service's upload URLs. */
  publicUrl: string;
  /** Absolute. Holds the SQLite file, uploaded objects and the generated signing secret. */
  dataDir: string;
  /** `sqlite:<absolute path>` (default) or `postgres://…`; opened by db/index.ts. */
  databaseUrl: string;
  corsOrigins: readonly string[];
  uploadUrlTtlSeconds: number;
  /** Uploaded objects (and their grants) are deleted this long after the grant. */
  uploadRetentionHours: number;
  /** When unset, storage generates one once and keeps it in the data dir. */
  uploadSigningSecret?: string;
  /** Set: S3 mode. Unset: embedded storage under the data dir. */
  s3?: S3Config;
  rateLimitPerMinute: number;
  /** Set: rate-limit counters in this Redis, shared by every instance. Unset: in memory. */
  redisUrl?: string;
  /** Where /metrics is served: behind `key` on the public port, or on a port of its own. */
  metrics: { key?: string; host: string; port?: number };
  logLevel: (typeof LOG_LEVELS)[number];
}

/**
 * A PostgreSQL database means instances share their state, so what they must agree on
 * has to be set, not generated or kept per instance: the rate limit (Redis) and, in
 * embedded storage mode, the key that signs upload URLs. Each missing one is named.
 */
function checkSharedSettings(e: z.output<typeof serviceEnvSchema>): void {
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

export function loadConfig(env: Env = process.env): ServiceConfig {
  const e = parseEnv(serviceEnvSchema, env);
  const hasKeyId = e.S3_ACCESS_KEY_ID !== undefined;
  if (hasKeyId !== (e.S3_SECRET_ACCESS_KEY !== undefined)) {
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
