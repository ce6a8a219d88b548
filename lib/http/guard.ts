// The checks every route handler runs first: the rate limit, and for the
// mutating ones (POST) the same-origin rule. One call per handler:
//
//   await guardRequest(request, { mutating: true });
import "server-only";
import { env } from "@/lib/env";
import { connectRedis } from "@/lib/rate-limit";
import { createRateLimiter, type RateLimiter } from "./rate-limit";
import { assertSameOrigin } from "./same-origin";

let limiter: Promise<RateLimiter> | undefined;

async function makeLimiter(): Promise<RateLimiter> {
  const redis = env.REDIS_URL ? await connectRedis(env.REDIS_URL) : undefined;
  return createRateLimiter({ perMinute: env.APP_RATE_LIMIT_PER_MINUTE, redis });
}

export async function guardRequest(request: Request, { mutating }: { mutating: boolean }) {
  if (mutating) assertSameOrigin(request);
  limiter ??= makeLimiter();
  await (await limiter).check(request);
}
