import { describe, expect, it } from "vitest";
import { loadRun, MAX_STORED_RUNS, type NewRun, saveRun } from "./browser-runs";

/** A Storage with a size limit, like a browser's. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  constructor(private readonly quota = Number.POSITIVE_INFINITY) {}
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    const used = [...this.items].reduce((n, [k, v]) => (k === key ? n : n + v.length), 0);
    if (used + value.length > this.quota) throw new DOMException("full", "QuotaExceededError");
    this.items.set(key, value);
  }
}

const run = (traceId: string, text = "hello"): NewRun => ({
  categoryId: "c1",
  categoryName: "Text recognition",
  idempotencyKey: `key-${traceId}`,
  result: {
    data: { text },
    meta: { estimated_cost: 0.001, failover_depth: 0, latency_ms: 10, trace_id: traceId },
  },
});

describe("browser runs", () => {
  it("keeps a run under its trace id and gives it back", () => {
    const storage = new MemoryStorage();
    expect(saveRun(run("t1"), new Date("2026-01-01T00:00:00Z"), storage)).toBe(true);
    const stored = loadRun("t1", storage);
    expect(stored?.result.data).toEqual({ text: "hello" });
    expect(stored?.savedAt).toBe("2026-01-01T00:00:00.000Z");
    expect(stored?.idempotencyKey).toBe("key-t1");
    expect(loadRun("t2", storage)).toBeUndefined();
  });

  it("keeps only the newest runs", () => {
    const storage = new MemoryStorage();
    for (let i = 0; i < MAX_STORED_RUNS + 5; i += 1) saveRun(run(`t${i}`), new Date(), storage);
    expect(loadRun("t0", storage)).toBeUndefined();
    expect(loadRun(`t${MAX_STORED_RUNS + 4}`, storage)).toBeDefined();
    expect(storage.length).toBe(MAX_STORED_RUNS + 1);
  });

  it("drops the oldest runs to make room when storage is full", () => {
    const storage = new MemoryStorage(1200);
    saveRun(run("old", "x".repeat(400)), new Date(), storage);
    saveRun(run("mid", "x".repeat(400)), new Date(), storage);
    expect(saveRun(run("new", "x".repeat(400)), new Date(), storage)).toBe(true);
    expect(loadRun("old", storage)).toBeUndefined();
    expect(loadRun("new", storage)).toBeDefined();
  });

  it("says so when a run cannot be kept at all", () => {
    const storage = new MemoryStorage(100);
    expect(saveRun(run("huge", "x".repeat(1000)), new Date(), storage)).toBe(false);
    expect(loadRun("huge", storage)).toBeUndefined();
  });

  it("ignores unreadable or foreign records", () => {
    const storage = new MemoryStorage();
    storage.setItem("docroute:run:bad", "{not json");
    storage.setItem("docroute:run:odd", JSON.stringify({ version: 1, traceId: "odd" }));
    expect(loadRun("bad", storage)).toBeUndefined();
    expect(loadRun("odd", storage)).toBeUndefined();
  });
});
