import { describe, expect, it } from "vitest";
import { newEntry, type QueueEntry } from "./queue-state";
import { MAX_STORED_ENTRIES, restoreQueue, serialiseQueue } from "./session-store";

const base = (id: string, patch: Partial<QueueEntry> = {}): QueueEntry => ({
  ...newEntry(
    { name: `${id}.png`, size: 100 },
    { id, idempotencyKey: `key-${id}`, languageHints: ["eng"], now: 1 },
  ),
  mimeType: "image/png",
  ...patch,
});
const meta = { estimated_cost: 0.0015, failover_depth: 1, latency_ms: 900, trace_id: "t1" };

const roundTrip = (entries: QueueEntry[], now = 50) => restoreQueue(serialiseQueue(entries), now);

describe("the queue across a refresh", () => {
  it("processes a stored file again with the same Idempotency-Key", () => {
    const processing = base("p", {
      stage: "processing",
      uploaded: true,
      objectKey: "uploads/c/p.png",
      s3Uri: "s3://b/uploads/c/p.png",
      processingSince: 10,
    });
    const [restored] = roundTrip([processing]);
    expect(restored).toMatchObject({
      stage: "queued",
      uploaded: true,
      idempotencyKey: "key-p",
      s3Uri: "s3://b/uploads/c/p.png",
      languageHints: ["eng"],
    });
  });

  it("marks a file whose upload had not finished as interrupted, to be added again", () => {
    const [restored] = roundTrip([base("u", { stage: "uploading", loaded: 40 })]);
    expect(restored?.stage).toBe("failed");
    expect(restored?.failure).toMatchObject({
      code: "upload_failed",
      message: "The page was reloaded before this file finished uploading. Please add it again.",
    });
    expect(restored?.finishedAt).toBe(50);
  });

  it("keeps finished rows as they were", () => {
    const done = base("d", { stage: "done", uploaded: true, s3Uri: "s3://b/k", meta });
    const failure = {
      code: "timeout" as const,
      title: "This took too long",
      message: "m",
      traceId: "t2",
    };
    const failed = base("f", { stage: "failed", failure });
    expect(roundTrip([done, failed])).toEqual([done, failed]);
  });

  it("keeps only the newest rows", () => {
    const many = Array.from({ length: MAX_STORED_ENTRIES + 5 }, (_, i) =>
      base(`e${i}`, { stage: "cancelled" }),
    );
    const restored = roundTrip(many);
    expect(restored).toHaveLength(MAX_STORED_ENTRIES);
    expect(restored[0]?.id).toBe("e5");
  });

  it("ignores anything it cannot read instead of breaking the page", () => {
    expect(restoreQueue(null, 0)).toEqual([]);
    expect(restoreQueue("not json", 0)).toEqual([]);
    expect(restoreQueue('{"entries":"nope"}', 0)).toEqual([]);
    const text = JSON.stringify({
      entries: [
        { id: "x" },
        { ...base("y"), stage: "flying" },
        { ...base("z"), stage: "done", meta: null },
        base("ok", { stage: "cancelled" }),
      ],
    });
    expect(restoreQueue(text, 0).map((e) => e.id)).toEqual(["ok"]);
  });

  it("reads an unknown failure code back as an internal error, not a crash", () => {
    const text = JSON.stringify({
      entries: [{ ...base("f"), stage: "failed", failure: { code: "martian", message: 3 } }],
    });
    expect(restoreQueue(text, 0)[0]?.failure?.code).toBe("internal");
  });
});
