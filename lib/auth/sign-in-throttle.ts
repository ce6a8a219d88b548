// Slows password guessing at the support sign-in, counted by the shared
// limiter (in memory, or in Redis with REDIS_URL; keys expire with their
// window, so memory stays bounded by the failures of the last 15 minutes):
// - 5 failures for one name from one address in 15 minutes hold that name
//   back from that address only, so nobody elsewhere can keep a staff member
//   locked out;
// - 20 failures from one address in 15 minutes, whatever the names, hold the
//   address back: a held-back address costs no password hash at all, which
//   bounds the scrypt work one address can cause (an unknown name still
//   costs one, so a wrong name takes as long as a wrong password).
import "server-only";
import type { Redis } from "ioredis";
import { appRedis } from "@/lib/http/redis";
import { createLimit, type Limit } from "@/lib/kernel/rate-limit";

const WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_NAME = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export interface SignInThrottle {
  /** Seconds until this address may try this name again, or 0. */
  blockedFor(address: string, name: string): Promise<number>;
  noteFailure(address: string, name: string): Promise<void>;
  clear(address: string, name: string): Promise<void>;
}

export function createSignInThrottle(redis?: Redis): SignInThrottle {
  const limit = (name: string, points: number): Limit =>
    createLimit({ name, points, windowSeconds: WINDOW_SECONDS, redis });
  const byName = limit("sign-in:name", MAX_FAILURES_PER_NAME);
  const byAddress = limit("sign-in:address", MAX_FAILURES_PER_ADDRESS);
  const nameKey = (address: string, name: string) => `${address}|${name.trim().toLowerCase()}`;
  return {
    async blockedFor(address, name) {
      const waits = await Promise.all([
        byName.blockedFor(nameKey(address, name)),
        byAddress.blockedFor(address),
      ]);
      return Math.max(...waits);
    },
    async noteFailure(address, name) {
      await Promise.all([byName.take(nameKey(address, name)), byAddress.take(address)]);
    },
    async clear(address, name) {
      await byName.reset(nameKey(address, name));
    },
  };
}

let shared: Promise<SignInThrottle> | undefined;

/** The app's throttle, shared by every instance when REDIS_URL is set. */
export function signInThrottle(): Promise<SignInThrottle> {
  shared ??= appRedis().then(createSignInThrottle);
  return shared;
}
