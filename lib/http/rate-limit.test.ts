import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError, errorResponse } from "@/lib/errors";
import { connectRedis } from "@/lib/kernel/rate-limit";
import { createRequestLimit } from "./rate-limit";

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

describe("createRequestLimit", () => {
  it("lets the limit through, then answers 429 with Retry-After, per key", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const limit = createRequestLimit({ name: "t1", perMinute: 3 });
    for (let i = 0; i < 3; i++) await limit.check("a:10.0.0.1");
    vi.advanceTimersByTime(15_000);
    const error = await rejection(limit.check("a:10.0.0.1"));
    expect(error.code).toBe("rate_limited");
    const response = errorResponse(error);
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("45");
    expect(await response.json()).toMatchObject({ code: "rate_limited" });
    // Another key has its own window.
    await limit.check("a:10.0.0.2");
    // The window ends; the key is welcome again.
    vi.advanceTimersByTime(45_000);
    await limit.check("a:10.0.0.1");
  });

  it("refuses when any of the keys is spent, and says why in its own words", async () => {
    const limit = createRequestLimit({ name: "t2", perMinute: 2, message: "Slow down." });
    await limit.check("a:1", "s:buyer");
    await limit.check("a:2", "s:buyer");
    const error = await rejection(limit.check("a:3", "s:buyer"));
    expect(error.message).toMatch(/^Slow down\. Please wait \d+ seconds and try again\.$/);
    await limit.check("a:3", null);
  });

  it("is off at 0", async () => {
    const limit = createRequestLimit({ name: "t3", perMinute: 0 });
    for (let i = 0; i < 100; i++) await limit.check("a:10.0.0.1");
  });

  it("still limits, in memory, while Redis cannot be reached", async () => {
    const redis = await connectRedis("redis://127.0.0.1:1/0");
    try {
      const limit = createRequestLimit({ name: "t4", perMinute: 2, redis });
      await limit.check("a");
      await limit.check("a");
      expect((await rejection(limit.check("a"))).code).toBe("rate_limited");
    } finally {
      redis.disconnect();
    }
  });
});
