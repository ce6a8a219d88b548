import { describe, expect, it } from "vitest";
import { bucketFor, histogram, type StatsRow, summariseRuns } from "./stats";

const HOUR = 3_600_000;

describe("run stats", () => {
  it("picks bars of an hour, six hours or a day for the range shown", () => {
    expect(bucketFor(24 * HOUR)).toBe(HOUR);
    expect(bucketFor(7 * 24 * HOUR)).toBe(6 * HOUR);
    expect(bucketFor(30 * 24 * HOUR)).toBe(24 * HOUR);
  });

  it("puts each value in its bin, the last bin open-ended", () => {
    expect(histogram([0, 499, 500, 2500, 99_999], [0, 500, 1000]).counts).toEqual([2, 1, 2]);
  });

  it("counts runs and failures per bar and failover per provider", () => {
    const from = Date.parse("2026-11-22T00:00:00Z");
    const row = (
      h: number,
      status: StatsRow["status"],
      provider: string | null,
      depth = 0,
    ): StatsRow => ({
      createdAt: from + h * HOUR + 60_000,
      status,
      latencyMs: status === "succeeded" ? 800 : null,
      cost: status === "succeeded" ? 0.001 : null,
      failoverDepth: depth,
      provider,
    });
    const stats = summariseRuns(
      [
        row(0, "succeeded", "a"),
        row(0, "failed", null),
        row(2, "succeeded", "b", 1),
        row(2, "in_progress", null),
      ],
      from,
      from + 24 * HOUR,
    );
    expect(stats.overTime).toHaveLength(24);
    expect(stats.overTime[0]).toMatchObject({ runs: 2, failures: 1 });
    expect(stats.overTime[2]).toMatchObject({ runs: 2, failures: 0 });
    expect(stats).toMatchObject({ total: 4, failures: 1, inProgress: 1 });
    expect(stats.providers).toEqual([
      { provider: "a", runs: 1, failedOver: 0 },
      { provider: "b", runs: 1, failedOver: 1 },
    ]);
    expect(stats.latency.counts.reduce((a, b) => a + b, 0)).toBe(2);
  });
});
