// The one rate limiter of the app and the Routing Service, on
// rate-limiter-flexible: fixed windows counted in this process's memory, or in
// Redis when a Redis URL is set, so several instances share one count. While
// Redis cannot be reached, each instance counts in its own memory instead (an
// outage of the limiter must not become an outage of the product, nor lift
// every limit). No secrets pass through here: keys are addresses, session ids
// and hashes of API keys.
import type { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";

export interface LimitOptions {
  /** Names the counters (and their Redis keys), e.g. `svc:key`, `app:address`. */
  name: string;
  /** Requests allowed per window. */
  points: number;
  windowSeconds: number;
  /** Shared counters; unset: this process's memory. */
  redis?: Redis;
}

export type Verdict =
  | { allowed: true; remaining: number }
  | { allowed: false; remaining: 0; retryAfterSeconds: number };

export interface Limit {
  readonly points: number;
  /** Counts `points` for `key` and says whether they fit in the window. */
  take(key: string, points?: number): Promise<Verdict>;
  /** Seconds until `key` may go on, 0 when it has points left; counts nothing. */
  blockedFor(key: string): Promise<number>;
  /** Forgets what `key` used. */
  reset(key: string): Promise<void>;
}

export function createLimit({ name, points, windowSeconds, redis }: LimitOptions): Limit {
  const memory = new RateLimiterMemory({ keyPrefix: name, points, duration: windowSeconds });
  const limiter: RateLimiterAbstract = redis
    ? new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `docroute:rl:${name}`,
        points,
        duration: windowSeconds,
        rejectIfRedisNotReady: true,
        insuranceLimiter: memory,
      })
    : memory;
  return {
    points,
    async take(key, cost = 1) {
      try {
        const res = await limiter.consume(key, cost);
        return { allowed: true, remaining: res.remainingPoints };
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        const retryAfterSeconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        return { allowed: false, remaining: 0, retryAfterSeconds };
      }
    },
    async blockedFor(key) {
      const res = await limiter.get(key);
      if (!res || res.consumedPoints < points) return 0;
      return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

/**
 * A Redis client for the limiter: commands fail at once instead of queueing
 * while the connection is down (the limiter then counts in memory), and
 * reconnects in the background.
 */
export async function connectRedis(url: string): Promise<Redis> {
  const { Redis } = await import("ioredis");
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
  });
  // Failures surface on each command (the limiter falls back); not on the emitter.
  client.on("error", () => {});
  // The connection's first outcome before any request is counted: until it is ready, the
  // limiter counts in memory, so an instance that can reach Redis would count its first
  // requests alone. A failure (or connectTimeout) ends the wait just the same.
  await new Promise<void>((resolve) => {
    client.once("ready", resolve);
    client.once("error", () => resolve());
  });
  return client;
}
