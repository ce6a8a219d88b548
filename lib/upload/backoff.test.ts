import { describe, expect, it, vi } from "vitest";
import { backoffDelay, isAbortError, sleep } from "./backoff";

describe("backoffDelay", () => {
  it("doubles from the base up to the cap, between half and all of each step", () => {
    const low = (n: number) => backoffDelay(n, { random: () => 0 });
    const high = (n: number) => backoffDelay(n, { random: () => 0.999999 });
    expect([0, 1, 2, 3, 4].map(low)).toEqual([500, 1000, 2000, 4000, 4000]);
    expect([0, 1, 2, 3, 4].map(high)).toEqual([1000, 2000, 4000, 8000, 8000]);
  });

  it("stays within bounds for any random value", () => {
    for (let i = 0; i < 200; i++) {
      const d = backoffDelay(2, { baseMs: 100, maxMs: 1000 });
      expect(d).toBeGreaterThanOrEqual(200);
      expect(d).toBeLessThanOrEqual(400);
    }
  });
});

describe("sleep", () => {
  it("resolves after the delay", async () => {
    vi.useFakeTimers();
    const done = vi.fn();
    const p = sleep(1000).then(done);
    await vi.advanceTimersByTimeAsync(999);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await p;
    expect(done).toHaveBeenCalled();
    vi.useRealTimers();
  });

  it("stops at once when cancelled", async () => {
    const controller = new AbortController();
    const p = sleep(60_000, controller.signal);
    controller.abort();
    await expect(p).rejects.toSatisfy(isAbortError);
  });
});
