import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError, errorResponse } from "@/lib/errors";
import { connectRedis } from "@/lib/rate-limit";
import { clientKey, createRateLimiter } from "./rate-limit";

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

afterEach(() => {
  vi.useRealTimers();
});

describe("createRateLimiter", () => {
  it("lets the limit through, then answers 429 with Retry-After, per client", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const limiter = createRateLimiter({ perMinute: 3 });
    for (let i = 0; i < 3; i++) await limiter.check(from("10.0.0.1"));
    vi.advanceTimersByTime(15_000);
    const error = await rejection(limiter.check(from("10.0.0.1")));
    expect(error.code).toBe("rate_limited");
    const response = errorResponse(error);
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("45");
    expect(await response.json()).toMatchObject({ code: "rate_limited" });
    // Another client has its own window.
    await limiter.check(from("10.0.0.2"));
    // The window ends; the client is welcome again.
    vi.advanceTimersByTime(45_000);
    await limiter.check(from("10.0.0.1"));
  });

  it("is off at 0", async () => {
    const limiter = createRateLimiter({ perMinute: 0 });
    for (let i = 0; i < 100; i++) await limiter.check(from("10.0.0.1"));
  });

  it("still limits, in memory, while Redis cannot be reached", async () => {
    const redis = await connectRedis("redis://127.0.0.1:1/0");
    try {
      const limiter = createRateLimiter({ perMinute: 2, redis });
      await limiter.check(from("a"));
      await limiter.check(from("a"));
      expect((await rejection(limiter.check(from("a")))).code).toBe("rate_limited");
    } finally {
      redis.disconnect();
    }
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
