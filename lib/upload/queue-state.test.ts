import { describe, expect, it } from "vitest";
import type { ProcessMeta } from "@/lib/kernel/contract";
import type { Failure } from "./failure";
import {
  entriesToStart,
  newEntry,
  type QueueEntry,
  type QueueEvent,
  queueReducer,
  transition,
} from "./queue-state";

const meta: ProcessMeta = {
  estimated_cost: 0.0015,
  failover_depth: 0,
  latency_ms: 1200,
  trace_id: "0af7651916cd43dd8448eb211c80319c",
};
const failure: Failure = {
  code: "providers_failed",
  title: "We couldn't process this document",
  message: "Every provider failed.",
  traceId: "0af7651916cd43dd8448eb211c80319c",
};

const entry = (id = "a", now = 0) =>
  newEntry(
    { name: `${id}.png`, size: 1000 },
    { id, idempotencyKey: `key-${id}`, languageHints: [], now },
  );

/** Runs events in order, like the hook does. */
const play = (start: QueueEntry, ...events: QueueEvent[]) => events.reduce(transition, start);

const GRANTED: QueueEvent = {
  type: "granted",
  objectKey: "uploads/c/1.png",
  s3Uri: "s3://b/uploads/c/1.png",
};

describe("one file's stages", () => {
  it("goes checking → queued → granting → uploading → processing → done", () => {
    const events: QueueEvent[] = [
      { type: "checked", mimeType: "image/png" },
      { type: "start", now: 1 },
      GRANTED,
      { type: "progress", loaded: 500, bytesPerSecond: 1000 },
      { type: "uploaded", now: 5 },
      { type: "processed", meta, now: 9 },
    ];
    let current = entry();
    const stages = [current.stage];
    for (const event of events) {
      current = transition(current, event);
      stages.push(current.stage);
    }
    expect(stages).toEqual([
      "checking",
      "queued",
      "granting",
      "uploading",
      "uploading",
      "processing",
      "done",
    ]);
  });

  it("keeps the facts each stage needs", () => {
    const done = play(
      entry(),
      { type: "checked", mimeType: "image/png" },
      { type: "start", now: 1 },
      GRANTED,
      { type: "progress", loaded: 500, bytesPerSecond: 1000 },
      { type: "uploaded", now: 5 },
      { type: "processed", meta, now: 9 },
    );
    expect(done).toMatchObject({
      mimeType: "image/png",
      objectKey: "uploads/c/1.png",
      s3Uri: "s3://b/uploads/c/1.png",
      uploaded: true,
      loaded: 1000,
      processingSince: 5,
      finishedAt: 9,
      meta,
      idempotencyKey: "key-a",
    });
  });

  it("refuses a file at the check and never queues it", () => {
    const refused = play(entry(), { type: "refused", failure }, { type: "start", now: 1 });
    expect(refused.stage).toBe("failed");
    expect(refused.failure).toBe(failure);
  });

  it("ignores progress that arrives after Cancel", () => {
    const cancelled = play(
      entry(),
      { type: "checked", mimeType: "image/png" },
      { type: "start", now: 1 },
      GRANTED,
      { type: "cancel", now: 2 },
      { type: "progress", loaded: 900, bytesPerSecond: 5 },
      { type: "uploaded", now: 3 },
    );
    expect(cancelled).toMatchObject({ stage: "cancelled", loaded: 0 });
  });

  it("cannot be cancelled once processing: the service may already be charging", () => {
    const processing = play(
      entry(),
      { type: "checked", mimeType: "image/png" },
      { type: "start", now: 1 },
      GRANTED,
      { type: "uploaded", now: 3 },
    );
    expect(transition(processing, { type: "cancel", now: 4 })).toBe(processing);
  });

  it("a renewed grant starts the PUT over on the new object", () => {
    const uploading = play(
      entry(),
      { type: "checked", mimeType: "image/png" },
      { type: "start", now: 1 },
      GRANTED,
      { type: "progress", loaded: 700, bytesPerSecond: 5 },
      { type: "granted", objectKey: "uploads/c/2.png", s3Uri: "s3://b/uploads/c/2.png" },
    );
    expect(uploading).toMatchObject({
      stage: "uploading",
      loaded: 0,
      objectKey: "uploads/c/2.png",
    });
  });

  const processFailed = (f: Failure) =>
    play(
      entry(),
      { type: "checked", mimeType: "image/png" },
      { type: "start", now: 1 },
      GRANTED,
      { type: "uploaded", now: 3 },
      { type: "failed", failure: f, now: 4 },
    );

  it("retries a process call whose outcome is unknown without uploading again, with the same key", () => {
    // The app stopped waiting; the service may still be running it: only the same key is safe.
    const unknown: Failure = { code: "timeout", title: "This took too long", message: "m" };
    const again = play(
      processFailed(unknown),
      { type: "retry", freshKey: "key-new" },
      { type: "start", now: 10 },
    );
    expect(again).toMatchObject({
      stage: "processing",
      processingSince: 10,
      failure: null,
      idempotencyKey: "key-a",
      s3Uri: "s3://b/uploads/c/1.png",
    });
  });

  it("retries a run the service settled as failed with a new key, since the old one replays the failure", () => {
    const again = play(processFailed(failure), { type: "retry", freshKey: "key-new" });
    expect(again).toMatchObject({ stage: "queued", idempotencyKey: "key-new", uploaded: true });
    const deadline: Failure = { code: "timeout", title: "t", message: "m", traceId: "abc" };
    expect(
      transition(processFailed(deadline), { type: "retry", freshKey: "k2" }).idempotencyKey,
    ).toBe("k2");
  });

  it("retries a cancelled upload from a new grant", () => {
    const cancelled = play(
      entry(),
      { type: "checked", mimeType: "image/png" },
      { type: "start", now: 1 },
      { type: "cancel", now: 2 },
    );
    expect(
      play(cancelled, { type: "retry", freshKey: "key-new" }, { type: "start", now: 3 }).stage,
    ).toBe("granting");
  });

  it("leaves a finished file alone", () => {
    const done = play(
      entry(),
      { type: "checked", mimeType: "image/png" },
      { type: "start", now: 1 },
      GRANTED,
      { type: "uploaded", now: 3 },
      { type: "processed", meta, now: 4 },
    );
    for (const ev of [
      { type: "retry", freshKey: "key-new" },
      { type: "cancel", now: 5 },
      { type: "failed", failure, now: 5 },
      { type: "note", note: "x" },
    ] as QueueEvent[]) {
      expect(transition(done, ev)).toBe(done);
    }
  });
});

describe("the queue", () => {
  const queued = (id: string, addedAt: number) =>
    transition(entry(id, addedAt), { type: "checked", mimeType: "image/png" });

  it("starts the oldest queued files while fewer than the limit run", () => {
    const list = [queued("c", 3), queued("a", 1), queued("b", 2)];
    expect(entriesToStart(list, 2).map((e) => e.id)).toEqual(["a", "b"]);
  });

  it("counts uploading and processing files against the limit", () => {
    const busy = transition(queued("x", 0), { type: "start", now: 0 });
    const list = [busy, queued("a", 1), queued("b", 2)];
    expect(entriesToStart(list, 2).map((e) => e.id)).toEqual(["a"]);
    expect(entriesToStart([busy, { ...busy, id: "y" }, queued("a", 1)], 2)).toEqual([]);
  });

  it("adds each file once and removes only finished ones", () => {
    const a = entry("a");
    let list = queueReducer([], { type: "add", entries: [a] });
    list = queueReducer(list, { type: "add", entries: [a] });
    expect(list).toHaveLength(1);
    expect(queueReducer(list, { type: "remove", id: "a" })).toHaveLength(1);
    list = queueReducer(list, { type: "event", id: "a", event: { type: "refused", failure } });
    expect(queueReducer(list, { type: "remove", id: "a" })).toEqual([]);
  });

  it("returns the same array when an event changes nothing, so React skips a render", () => {
    const list = [entry("a")];
    expect(
      queueReducer(list, { type: "event", id: "a", event: { type: "uploaded", now: 1 } }),
    ).toBe(list);
  });
});
