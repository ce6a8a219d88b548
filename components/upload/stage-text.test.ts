import { describe, expect, it } from "vitest";
import { newEntry, type QueueEntry } from "@/lib/upload/queue-state";
import { stageAnnouncement, stageDetail, steps } from "./stage-text";

const entry = (patch: Partial<QueueEntry>): QueueEntry => ({
  ...newEntry(
    { name: "a.pdf", size: 1000 },
    { id: "a", idempotencyKey: "k", languageHints: [], now: 0 },
  ),
  ...patch,
});

describe("the three steps", () => {
  it("move Upload → Process → Result, and show where a file stopped", () => {
    expect(steps(entry({ stage: "queued" }))).toEqual(["pending", "pending", "pending"]);
    expect(steps(entry({ stage: "uploading" }))).toEqual(["current", "pending", "pending"]);
    expect(steps(entry({ stage: "processing", uploaded: true }))).toEqual([
      "complete",
      "current",
      "pending",
    ]);
    expect(steps(entry({ stage: "done", uploaded: true }))).toEqual([
      "complete",
      "complete",
      "complete",
    ]);
    expect(steps(entry({ stage: "failed" }))).toEqual(["failed", "pending", "pending"]);
    expect(steps(entry({ stage: "failed", uploaded: true }))).toEqual([
      "complete",
      "failed",
      "pending",
    ]);
  });
});

describe("stage words", () => {
  it("never leaves a full bar unexplained: a stored file says it is being read", () => {
    const processing = entry({
      stage: "processing",
      uploaded: true,
      loaded: 1000,
      processingSince: 0,
    });
    expect(stageDetail(processing, 400)).toBe("Reading the document…");
    expect(stageDetail(processing, 7_200)).toBe("Reading the document · 7 s so far");
  });

  it("gives a long document's time so far against pages × the category's time per page", () => {
    const long = entry({ stage: "processing", uploaded: true, processingSince: 0, pages: 30 });
    const pace = { msPerPage: 1500 }; // 30 pages: about 45 s
    expect(stageDetail(long, 400, pace)).toBe("Reading 30 pages · about 45 s");
    expect(stageDetail(long, 12_300, pace)).toBe("Reading 30 pages · 12 s so far of about 45 s");
    expect(stageDetail(long, 52_000, pace)).toBe(
      "Reading 30 pages · 52 s so far, longer than the usual 45 s",
    );
    // No pace yet (a new category, or a service that does not say its pages): time only.
    expect(stageDetail(long, 12_300)).toBe("Reading 30 pages · 12 s so far");
    // A short document is read before an estimate would help.
    const short = entry({ stage: "processing", uploaded: true, processingSince: 0, pages: 1 });
    expect(stageDetail(short, 400, pace)).toBe("Reading the document…");
  });

  it("prices a finished file in the unit it is given", () => {
    const done = entry({
      stage: "done",
      meta: { estimated_cost: 0.0015, failover_depth: 0, latency_ms: 2400, trace_id: "t" },
    });
    expect(stageDetail(done, 0, { unitLabel: "credits" })).toBe("0.0015 credits · 2.4 s");
  });

  it("tells a screen reader what changed", () => {
    expect(stageAnnouncement(entry({ stage: "processing" }))).toBe(
      "a.pdf: uploaded, now processing.",
    );
    expect(
      stageAnnouncement(
        entry({
          stage: "failed",
          failure: { code: "timeout", title: "t", message: "It took too long." },
        }),
      ),
    ).toBe("a.pdf: failed. It took too long.");
  });
});
