import { describe, expect, it } from "vitest";
import { formatAgo, formatDuration, formatTime, runTitle } from "./format";

describe("run formatting", () => {
  it("shows times in UTC and durations in the unit a person reads", () => {
    const t = Date.parse("2026-11-22T02:05:09Z");
    expect(formatTime(t)).toBe("2026-11-22 02:05 UTC");
    expect(formatTime(t, true)).toBe("2026-11-22 02:05:09 UTC");
    expect(formatTime(Number.NaN)).toBe("—");
    expect(formatDuration(120)).toBe("120 ms");
    expect(formatDuration(2400)).toBe("2.4 s");
    expect(formatDuration(185_000)).toBe("3 min 5 s");
    expect(formatDuration(-1)).toBe("—");
    expect(formatAgo(t - 10_000, t)).toBe("just now");
    expect(formatAgo(t - 5 * 60_000, t)).toBe("5 min ago");
    expect(formatAgo(t - 86_400_000, t)).toBe("1 day ago");
  });
});

describe("runTitle", () => {
  it("prefers the file name, then the stored object's name", () => {
    const none = { fileName: null, objectKey: null, s3Uri: null };
    expect(runTitle({ ...none, fileName: "invoice.png", objectKey: "uploads/c/abc.png" })).toBe(
      "invoice.png",
    );
    expect(runTitle({ ...none, objectKey: "uploads/c/abc.png" })).toBe("abc.png");
    expect(runTitle({ ...none, s3Uri: "s3://bucket/uploads/c/x.pdf" })).toBe("x.pdf");
    expect(runTitle(none)).toBe("No file");
  });
});
