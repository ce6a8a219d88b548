import { describe, expect, it } from "vitest";
import { AppError, errorResponse } from "@/lib/errors";
import {
  clientKey,
  createRateLimiter,
  memoryStore,
  type RedisLike,
  redisStore,
} from "./rate-limit";

const from = (ip: string) =>
  new Request("http://app/api/x", { headers: { "x-forwarded-for": ip } });

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a rejection");
}

describe("createRateLimiter", () => {
  it("lets the limit through, then answers 429 with Retry-After, per client", async () => {
    let now = 1_000_000;
    const limiter = createRateLimiter({ perMinute: 3, store: memoryStore(() => now) });
    for (let i = 0; i < 3; i++) await limiter.check(from("10.0.0.1"));
    now += 15_000;
    const error = await rejection(limiter.check(from("10.0.0.1")));
    expect(error.code).toBe("rate_limited");
    const response = errorResponse(error);
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("45");
    expect(await response.json()).toMatchObject({ code: "rate_limited" });
    // Another client has its own window.
    await limiter.check(from("10.0.0.2"));
    // The window ends; the client is welcome again.
    now += 45_000;
    await limiter.check(from("10.0.0.1"));
  });

  it("is off at 0", async () => {
    const limiter = createRateLimiter({ perMinute: 0, store: memoryStore() });
    for (let i = 0; i < 100; i++) await limiter.check(from("10.0.0.1"));
  });

  it("lets requests through when the store fails, and says so", async () => {
    const errors: unknown[] = [];
    const limiter = createRateLimiter({
      perMinute: 1,
      store: { hit: () => Promise.reject(new Error("down")) },
      onStoreError: (e) => errors.push(e),
    });
    await limiter.check(from("a"));
    await limiter.check(from("a"));
    expect(errors).toHaveLength(2);
  });
});

describe("memoryStore", () => {
  it("stays bounded under a flood of distinct clients", async () => {
    const store = memoryStore(() => 0, 100);
    for (let i = 0; i < 1000; i++) await store.hit(`c${i}`, 60_000);
    // The newest client still counts from 1; the map never held more than 100.
    expect((await store.hit("c999", 60_000)).count).toBe(2);
  });
});

describe("redisStore", () => {
  it("reads the script's [count, ttl] answer", async () => {
    const calls: unknown[][] = [];
    const client: RedisLike = {
      eval: async (...args) => {
        calls.push(args);
        return [4, 30_000];
      },
    };
    expect(await redisStore(client, "p:").hit("1.2.3.4", 60_000)).toEqual({
      count: 4,
      resetInMs: 30_000,
    });
    expect(calls[0]?.slice(1)).toEqual([1, "p:1.2.3.4", 60_000]);
  });

  it("refuses an answer of the wrong shape", async () => {
    await expect(redisStore({ eval: async () => "OK" }).hit("k", 1)).rejects.toThrow();
  });
});

describe("clientKey", () => {
  it("takes the first forwarded address, else X-Real-IP, else one shared bucket", () => {
    expect(clientKey(from("1.2.3.4, 10.0.0.1"))).toBe("1.2.3.4");
    expect(clientKey(new Request("http://a", { headers: { "x-real-ip": "5.6.7.8" } }))).toBe(
      "5.6.7.8",
    );
    expect(clientKey(new Request("http://a"))).toBe("unknown");
  });
});
