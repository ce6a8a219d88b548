// The checks every route handler runs first: the rate limit, and for the
// mutating ones (POST) the same-origin rule. One call per handler:
//
//   await guardRequest(request, { mutating: true });
import "server-only";
import { env } from "@/lib/env";
import { createRateLimiter, memoryStore, type RateLimiter, redisStore } from "./rate-limit";
import { assertSameOrigin } from "./same-origin";

let limiter: RateLimiter | undefined;
let lastStoreWarning = 0;

function warnStoreDown(error: unknown): void {
  if (Date.now() - lastStoreWarning < 60_000) return;
  lastStoreWarning = Date.now();
  const reason = error instanceof Error ? error.message : "unknown error";
  console.warn(`[app] rate-limit store unreachable, requests let through: ${reason}`);
}

async function getLimiter(): Promise<RateLimiter> {
  if (limiter) return limiter;
  let store = memoryStore();
  if (env.REDIS_URL) {
    const { Redis } = await import("ioredis");
    const client = new Redis(env.REDIS_URL, {
      lazyConnect: false,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
    });
    // Errors surface on each command (and warn there); do not crash on the emitter.
    client.on("error", () => {});
    store = redisStore(client);
  }
  limiter = createRateLimiter({
    perMinute: env.APP_RATE_LIMIT_PER_MINUTE,
    store,
    onStoreError: warnStoreDown,
  });
  return limiter;
}

export async function guardRequest(request: Request, { mutating }: { mutating: boolean }) {
  if (mutating) assertSameOrigin(request);
  await (await getLimiter()).check(request);
}
