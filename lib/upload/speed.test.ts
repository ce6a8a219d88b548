import { describe, expect, it } from "vitest";
import { addSample, type ProgressSample, speedOf } from "./speed";

describe("upload speed", () => {
  it("is unknown until two samples apart in time", () => {
    expect(speedOf([])).toBeNull();
    expect(speedOf([{ at: 0, loaded: 100 }])).toBeNull();
    expect(
      speedOf([
        { at: 5, loaded: 0 },
        { at: 5, loaded: 100 },
      ]),
    ).toBeNull();
  });

  it("is bytes per second over the window", () => {
    let samples: ProgressSample[] = [];
    for (let t = 0; t <= 2000; t += 250) samples = addSample(samples, { at: t, loaded: t * 1000 });
    expect(speedOf(samples)).toBe(1_000_000);
  });

  it("follows a connection that slows down instead of averaging the whole upload", () => {
    let samples: ProgressSample[] = [];
    // 10 s fast (1 MB/s), then 6 s slow (100 kB/s).
    for (let t = 0; t <= 10_000; t += 500)
      samples = addSample(samples, { at: t, loaded: t * 1000 });
    for (let t = 10_500; t <= 16_000; t += 500) {
      samples = addSample(samples, { at: t, loaded: 10_000_000 + (t - 10_000) * 100 });
    }
    expect(speedOf(samples)).toBeCloseTo(100_000, -3);
    expect(samples.length).toBeLessThanOrEqual(8);
  });
});
