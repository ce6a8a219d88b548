// What the service's own settings look like once read: the HTTP server, storage and
// database part of the environment (config/ parses every variable, in one place), and
// the error a bad value stops the start with. Types only, so any layer may name them.

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid service configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

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
