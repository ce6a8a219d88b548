// The app's one Redis connection for its counters (rate limits, sign-in
// throttle), opened on first use when REDIS_URL is set.
import "server-only";
import type { Redis } from "ioredis";
import { env } from "@/lib/env";
import { connectRedis } from "@/lib/kernel/rate-limit";

let redis: Promise<Redis | undefined> | undefined;

export function appRedis(): Promise<Redis | undefined> {
  redis ??= env.REDIS_URL ? connectRedis(env.REDIS_URL) : Promise.resolve(undefined);
  return redis;
}
