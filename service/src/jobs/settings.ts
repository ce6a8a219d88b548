// What jobs are configured with (config/ reads it from the environment: JOB_*, ASYNC_*, WEBHOOK_*).

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
