import { describe, expect, it } from "vitest";
import { formatBytes, formatElapsed, formatSpeed, percentOf } from "./format";

describe("format", () => {
  it.each([
    [0, "0 bytes"],
    [1, "1 byte"],
    [1023, "1023 bytes"],
    [1024, "1 KB"],
    [1536, "1.5 KB"],
    [25 * 1024 * 1024, "25 MB"],
    [31.2 * 1024 * 1024, "31 MB"],
    [3.25 * 1024 ** 3, "3.3 GB"],
  ])("formatBytes(%d) is %s", (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it("says nothing about a speed it does not know", () => {
    expect(formatSpeed(null)).toBe("");
    expect(formatSpeed(0)).toBe("");
    expect(formatSpeed(2.5 * 1024 * 1024)).toBe("2.5 MB/s");
  });

  it("counts elapsed time in seconds, then minutes", () => {
    expect(formatElapsed(0)).toBe("0 s");
    expect(formatElapsed(12_900)).toBe("12 s");
    expect(formatElapsed(65_000)).toBe("1 min 05 s");
  });

  it("never shows 100% before the last byte, nor past it", () => {
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(1200, 1000)).toBe(100);
    expect(percentOf(5, 0)).toBe(0);
  });
});
