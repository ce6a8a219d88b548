// A fixed-window rate limit per client on the app's route handlers: at most
// APP_RATE_LIMIT_PER_MINUTE requests a minute from one client (0 turns it
// off). The counters live in this process's memory, or in Redis when
// REDIS_URL is set, so several app machines share them. A Redis that cannot
// be reached lets requests through (logged once a minute): an outage of the
// limiter must not become an outage of the app.
//
// The client is the first address in X-Forwarded-For: `next start` sets it
// from the socket when absent; behind a reverse proxy, that proxy must
// overwrite it (a client that could set its own would pick its own bucket).
import "server-only";
import { AppError } from "@/lib/errors";

export interface WindowCount {
  count: number;
  /** Milliseconds until this window ends. */
  resetInMs: number;
}

export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<WindowCount>;
}

/** Counters in a Map, swept of ended windows as it grows. */
export function memoryStore(now: () => number = Date.now, maxKeys = 50_000): RateLimitStore {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    async hit(key, windowMs) {
      const at = now();
      let entry = windows.get(key);
      if (!entry || entry.endsAt <= at) {
        if (windows.size >= maxKeys) sweep(windows, at, maxKeys);
        entry = { count: 0, endsAt: at + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      return { count: entry.count, resetInMs: entry.endsAt - at };
    },
  };
}

function sweep(windows: Map<string, { endsAt: number }>, at: number, maxKeys: number): void {
  for (const [key, entry] of windows) if (entry.endsAt <= at) windows.delete(key);
  // Still full (a flood of distinct clients): drop the oldest half rather than grow.
  if (windows.size >= maxKeys) {
    let drop = Math.ceil(windows.size / 2);
    for (const key of windows.keys()) {
      if (drop-- <= 0) break;
      windows.delete(key);
    }
  }
}

/** The few Redis commands the limiter uses (ioredis's `eval`). */
export interface RedisLike {
  eval(script: string, keys: number, ...args: (string | number)[]): Promise<unknown>;
}

// INCR, set the expiry on the first hit, answer [count, ms left].
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

export function redisStore(client: RedisLike, prefix = "docroute:rl:"): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const answer = await client.eval(HIT_SCRIPT, 1, `${prefix}${key}`, windowMs);
      if (!Array.isArray(answer) || answer.length !== 2) throw new Error("Unexpected Redis answer");
      const [count, ttl] = answer.map(Number);
      if (count === undefined || ttl === undefined || !Number.isFinite(count)) {
        throw new Error("Unexpected Redis answer");
      }
      return { count, resetInMs: Math.max(0, ttl) };
    },
  };
}

export interface RateLimiter {
  /** Counts this request; throws `rate_limited` (429 + Retry-After) past the limit. */
  check(request: Request): Promise<void>;
}

export function createRateLimiter(options: {
  perMinute: number;
  store: RateLimitStore;
  onStoreError?: (error: unknown) => void;
}): RateLimiter {
  const { perMinute, store, onStoreError } = options;
  return {
    async check(request) {
      if (perMinute <= 0) return;
      let result: WindowCount;
      try {
        result = await store.hit(clientKey(request), 60_000);
      } catch (error) {
        onStoreError?.(error);
        return;
      }
      if (result.count > perMinute) {
        throw new AppError("rate_limited", {
          retryAfterSeconds: Math.max(1, Math.ceil(result.resetInMs / 1000)),
        });
      }
    },
  };
}

/** Who is asking: the first X-Forwarded-For address, else X-Real-IP, else one shared bucket. */
export function clientKey(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  const real = request.headers.get("x-real-ip")?.trim();
  return (forwarded || real || "unknown").slice(0, 64).toLowerCase();
}
