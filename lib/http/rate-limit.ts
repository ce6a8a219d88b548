// The app's request limits, counted by the shared limiter (lib/kernel/rate-limit): in
// this process's memory, or in Redis when REDIS_URL is set, so several app
// machines share the counts.
// - Requests: at most APP_RATE_LIMIT_PER_MINUTE a minute from one address
//   (lib/http/client-address.ts) and as many from one buyer session, so
//   neither a new address nor a new cookie buys a fresh allowance on its own.
// - The service share: at most BUYER_SERVICE_CALLS_PER_MINUTE calls to the
//   Routing Service a minute per buyer, below the per-key limit all buyers
//   share there, so one busy buyer is told to wait before the others are.
import "server-only";
import type { Redis } from "ioredis";
import { AppError } from "@/lib/errors";
import { retryAfterSentence } from "@/lib/errors/messages";
import { createLimit } from "@/lib/kernel/rate-limit";

export interface RequestLimit {
  /** Counts one request against each key given; throws `rate_limited` (429 + Retry-After) past any. */
  check(...keys: (string | null | undefined)[]): Promise<void>;
}

export function createRequestLimit(options: {
  name: string;
  perMinute: number;
  redis?: Redis;
  /** What the buyer reads when refused (the wait is added); the code's own words otherwise. */
  message?: string;
}): RequestLimit {
  const { name, perMinute, redis, message } = options;
  if (perMinute <= 0) return { check: async () => {} };
  const limit = createLimit({ name, points: perMinute, windowSeconds: 60, redis });
  return {
    async check(...keys) {
      const given = keys.filter((key): key is string => Boolean(key));
      const verdicts = await Promise.all(given.map((key) => limit.take(key)));
      const waits = verdicts.map((v) => (v.allowed ? 0 : v.retryAfterSeconds));
      const retryAfterSeconds = Math.max(0, ...waits);
      if (retryAfterSeconds === 0) return;
      throw new AppError("rate_limited", {
        retryAfterSeconds,
        ...(message ? { message: `${message} ${retryAfterSentence(retryAfterSeconds)}` } : {}),
      });
    },
  };
}
