// Per-API-key rate limit: a token bucket per key that refills perMinute tokens a minute.
// Only authenticated requests reach it, so the number of buckets is bounded by the
// number of configured keys.
import type { FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "./errors";

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export function createRateLimiter(perMinute: number, now: () => number = Date.now) {
  const buckets = new Map<string, Bucket>();
  const perMs = perMinute / 60_000;

  /** Takes one token; returns 0 when allowed, else the seconds to wait for the next. */
  function take(key: string): { retryAfter: number; remaining: number } {
    const t = now();
    const bucket = buckets.get(key) ?? { tokens: perMinute, updatedAt: t };
    bucket.tokens = Math.min(perMinute, bucket.tokens + (t - bucket.updatedAt) * perMs);
    bucket.updatedAt = t;
    buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { retryAfter: 0, remaining: Math.floor(bucket.tokens) };
    }
    return { retryAfter: Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000)), remaining: 0 };
  }

  return {
    take,
    hook: async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      if (!request.apiKeyId) return;
      const { retryAfter, remaining } = take(request.apiKeyId);
      reply.header("X-RateLimit-Limit", String(perMinute));
      reply.header("X-RateLimit-Remaining", String(remaining));
      if (retryAfter > 0) {
        throw new HttpError(
          429,
          `Rate limit exceeded: at most ${perMinute} requests a minute per API key. Retry after ${retryAfter} s.`,
          {},
          { "Retry-After": String(retryAfter) },
        );
      }
    },
  };
}
