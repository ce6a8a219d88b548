// Per-API-key rate limit: at most perMinute requests a minute per key (a fixed
// window), counted by the shared limiter (lib/kernel/rate-limit): in memory, or in
// Redis when REDIS_URL is set so every instance of the service counts against
// one limit. Only authenticated requests reach it, so the number of counters
// is bounded by the number of configured keys.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { createLimit } from "@/lib/kernel/rate-limit";
import { HttpError } from "./errors";

export function createRateLimitHook(perMinute: number, redis?: Redis) {
  const limit = createLimit({ name: "svc:key", points: perMinute, windowSeconds: 60, redis });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!request.apiKeyId) return;
    const verdict = await limit.take(request.apiKeyId);
    reply.header("X-RateLimit-Limit", String(perMinute));
    reply.header("X-RateLimit-Remaining", String(verdict.remaining));
    if (!verdict.allowed) {
      const retryAfter = verdict.retryAfterSeconds;
      throw new HttpError(
        429,
        `Rate limit exceeded: at most ${perMinute} requests a minute per API key. Retry after ${retryAfter} s.`,
        {},
        { "Retry-After": String(retryAfter) },
      );
    }
  };
}
