import { describe, expect, it } from "vitest";
import { describeFailover, describeOutcome, formatCost, formatLatency } from "./describe-meta";

describe("formatCost", () => {
  it.each([
    [0.0015, "0.0015 USD"],
    [0.003, "0.003 USD"],
    [0.00045, "0.00045 USD"],
    [0.0000012, "0.0000012 USD"],
    [0.123, "0.12 USD"],
    [1.5, "1.50 USD"],
    [12, "12.00 USD"],
    [0, "0.00 USD"],
  ])("%d is %s", (cost, text) => {
    expect(formatCost(cost)).toBe(text);
  });

  it("uses the unit label it is given and never a currency symbol", () => {
    expect(formatCost(0.0015, "credits")).toBe("0.0015 credits");
    expect(formatCost(2)).not.toMatch(/[$€£]/);
  });
});

describe("formatLatency", () => {
  it.each([
    [850, "850 ms"],
    [2400, "2.4 s"],
    [12_400, "12 s"],
    [72_000, "1 min 12 s"],
  ])("%d ms is %s", (ms, text) => {
    expect(formatLatency(ms)).toBe(text);
  });
});

describe("describeFailover", () => {
  it("says who answered in plain words", () => {
    expect(describeFailover(0)).toBe("Answered by the first-choice provider");
    expect(describeFailover(1)).toBe("Answered by a backup provider after 1 automatic retry");
    expect(describeFailover(2)).toBe("Answered by a backup provider after 2 automatic retries");
  });

  it("tells an unsure first answer apart from a failure", () => {
    const unsure = { provider: "a", outcome: "low_quality" };
    expect(describeFailover(1, [unsure, { provider: "b", outcome: "ok" }], "b")).toBe(
      "The first engine was unsure, so a second one read it",
    );
    expect(
      describeFailover(
        2,
        [unsure, { ...unsure, provider: "b" }, { provider: "c", outcome: "ok" }],
        "c",
      ),
    ).toBe("The first 2 engines were unsure, so another one read it");
    expect(describeFailover(1, [unsure, { ...unsure, provider: "b" }], "a")).toBe(
      "No engine was sure of this document, so this is the best of 2 readings",
    );
    expect(
      describeFailover(
        2,
        [unsure, { provider: "b", outcome: "error" }, { provider: "c", outcome: "ok" }],
        "c",
      ),
    ).toBe("Answered by a backup provider after 2 automatic retries");
  });
});

describe("describeOutcome", () => {
  it("reads any service's outcome literals", () => {
    expect(describeOutcome("success")).toBe("Answered");
    expect(describeOutcome("TIMEOUT")).toBe("Timed out");
    expect(describeOutcome("low_quality")).toBe("Unsure answer");
    expect(describeOutcome("rate_limited")).toBe("Rate limited");
    expect(describeOutcome("")).toBe("Unknown");
  });
});
