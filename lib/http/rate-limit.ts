// A rate limit per client on the app's route handlers: at most
// APP_RATE_LIMIT_PER_MINUTE requests a minute from one client (0 turns it
// off), counted by the shared limiter (lib/rate-limit): in this process's
// memory, or in Redis when REDIS_URL is set, so several app machines share
// the counts.
//
// The client is the first address in X-Forwarded-For: `next start` sets it
// from the socket when absent; behind a reverse proxy, that proxy must
// overwrite it (a client that could set its own would pick its own bucket).
import "server-only";
import type { Redis } from "ioredis";
import { AppError } from "@/lib/errors";
import { createLimit } from "@/lib/rate-limit";

export interface RateLimiter {
  /** Counts this request; throws `rate_limited` (429 + Retry-After) past the limit. */
  check(request: Request): Promise<void>;
}

export function createRateLimiter(options: { perMinute: number; redis?: Redis }): RateLimiter {
  const { perMinute, redis } = options;
  if (perMinute <= 0) return { check: async () => {} };
  const limit = createLimit({ name: "app:client", points: perMinute, windowSeconds: 60, redis });
  return {
    async check(request) {
      const verdict = await limit.take(clientKey(request));
      if (!verdict.allowed) {
        throw new AppError("rate_limited", { retryAfterSeconds: verdict.retryAfterSeconds });
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
