// The memory budget (issue 31): documents run while their estimated costs fit
// together, the rest wait in order for a bounded time or are refused with 503 +
// Retry-After; one that costs more than the budget runs alone; costs come from
// headers alone.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { errorBodySchema } from "@/lib/kernel/contract";
import { writePdf } from "../../scripts/calibration/simple-pdf";
import { loadRunConfig } from "../src/config";

import {
  defaultBudgetMb,
  documentCostMb,
  MemoryBudget,
  MemoryBudgetError,
  pageCostMb,
} from "../src/run/memory-budget";
import { startService } from "./helpers";
import { gate, OCR, processPath, testProvider, testRouter, uploadFixture } from "./process-helpers";

const FIXTURES = path.join(import.meta.dirname, "../../fixtures");

/** A task that runs until `finish()` is called; `started` says whether it began. */
function held() {
  let finish = () => {};
  const state = { started: false };
  const task = () =>
    new Promise<void>((resolve) => {
      state.started = true;
      finish = resolve;
    });
  return { task, state, finish: () => finish() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

const budget = (budgetMb: number, maxWaiting = 10, maxWaitMs = 10_000) =>
  new MemoryBudget({ budgetMb, maxWaiting, maxWaitMs });

describe("MemoryBudget", () => {
  it("runs documents together while their costs fit", async () => {
    const memory = budget(1000);
    const a = held();
    const b = held();
    const ra = memory.run(600, a.task);
    const rb = memory.run(400, b.task);
    await tick();
    expect([a.state.started, b.state.started]).toEqual([true, true]);
    expect(memory.stats).toMatchObject({ inUseMb: 1000, running: 2, waiting: 0 });
    a.finish();
    b.finish();
    await Promise.all([ra, rb]);
    expect(memory.stats).toMatchObject({ inUseMb: 0, running: 0 });
  });

  it("makes one that would go past the budget wait, and starts it when room is freed", async () => {
    const memory = budget(1000);
    const a = held();
    const b = held();
    const ra = memory.run(700, a.task);
    const rb = memory.run(700, b.task);
    await tick();
    expect([a.state.started, b.state.started]).toEqual([true, false]);
    expect(memory.stats.waiting).toBe(1);
    a.finish();
    await ra;
    await tick();
    expect(b.state.started).toBe(true);
    b.finish();
    await rb;
  });

  it("admits in order: a small one does not overtake a large one waiting", async () => {
    const memory = budget(1000);
    const a = held();
    const large = held();
    const small = held();
    const ra = memory.run(600, a.task);
    const rl = memory.run(900, large.task);
    const rs = memory.run(100, small.task);
    await tick();
    expect([large.state.started, small.state.started]).toEqual([false, false]);
    a.finish();
    await ra;
    await tick();
    expect([large.state.started, small.state.started]).toEqual([true, true]);
    large.finish();
    small.finish();
    await Promise.all([rl, rs]);
  });

  it("runs a document costing more than the whole budget alone", async () => {
    const memory = budget(1000);
    const huge = held();
    const other = held();
    const rh = memory.run(5000, huge.task);
    const ro = memory.run(10, other.task);
    await tick();
    expect([huge.state.started, other.state.started]).toEqual([true, false]);
    huge.finish();
    await rh;
    await tick();
    expect(other.state.started).toBe(true);
    other.finish();
    await ro;
    // Alone when others run: it waits for them all to finish.
    const first = held();
    const later = held();
    const rf = memory.run(10, first.task);
    const rlater = memory.run(5000, later.task);
    await tick();
    expect(later.state.started).toBe(false);
    first.finish();
    await rf;
    await tick();
    expect(later.state.started).toBe(true);
    later.finish();
    await rlater;
  });

  it("refuses with 503 and Retry-After when no more may wait, in words", async () => {
    const memory = budget(1000, 1);
    const a = held();
    const ra = memory.run(1000, a.task);
    const waiting = memory.run(500, async () => "ran");
    const refused = memory.run(500, async () => "ran").catch((error: unknown) => error);
    const error = await refused;
    expect(error).toBeInstanceOf(MemoryBudgetError);
    const busy = error as MemoryBudgetError;
    expect(busy.statusCode).toBe(503);
    expect(busy.reason).toBe("full");
    expect(Number(busy.headers["Retry-After"])).toBeGreaterThanOrEqual(1);
    expect(busy.message).toMatch(
      /^The service is busy: 1 document is using 1000 of its 1000 MiB of memory and 1 more/,
    );
    expect(busy.message).toMatch(/Nothing was processed; retry after \d+ s\.$/);
    a.finish();
    await ra;
    expect(await waiting).toBe("ran");
  });

  it("bounds the wait: past maxWaitMs the document is refused, and the next may start", async () => {
    const memory = budget(1000, 10, 30);
    const a = held();
    const ra = memory.run(900, a.task);
    const late = await memory.run(900, async () => "ran").catch((error: unknown) => error);
    expect(late).toBeInstanceOf(MemoryBudgetError);
    expect((late as MemoryBudgetError).reason).toBe("timeout");
    expect(memory.stats.waiting).toBe(0);
    a.finish();
    await ra;
    expect(memory.stats.inUseMb).toBe(0);
  });

  it("lets a waiting document whose client left go, without running it", async () => {
    const memory = budget(1000);
    const a = held();
    const ra = memory.run(1000, a.task);
    const controller = new AbortController();
    let ran = false;
    const gone = memory
      .run(
        100,
        async () => {
          ran = true;
        },
        { signal: controller.signal },
      )
      .catch((error: unknown) => error);
    await tick();
    controller.abort(new Error("client left"));
    expect(await gone).toBeInstanceOf(Error);
    expect(memory.stats.waiting).toBe(0);
    a.finish();
    await ra;
    expect(ran).toBe(false);
  });

  it("gives the memory back when a document fails", async () => {
    const memory = budget(1000);
    await expect(
      memory.run(800, async () => {
        throw new Error("engine failed");
      }),
    ).rejects.toThrow("engine failed");
    expect(memory.stats).toMatchObject({ inUseMb: 0, running: 0 });
    expect(await memory.run(800, async () => "next")).toBe("next");
  });
});

describe("what a document costs", () => {
  it("grows with an image's pixels, and is read from its header", async () => {
    expect(pageCostMb(40_000_000)).toBeGreaterThan(pageCostMb(4_000_000));
    expect(pageCostMb(4_000_000)).toBeGreaterThan(pageCostMb(500_000));
    const letter = readFileSync(path.join(FIXTURES, "letter.png"));
    expect(await documentCostMb(letter, "image", 200)).toBe(64 + pageCostMb(1400 * 330));
    expect(await documentCostMb(Buffer.from("not an image"), "image", 200)).toBe(64);
  });

  it("counts a PDF's largest pages as drawn, as many as are read at once", async () => {
    const page = { mediaBox: [0, 0, 612, 792] as const, content: "" };
    const one = await documentCostMb(writePdf([page]), "pdf", 200);
    const many = await documentCostMb(writePdf(Array.from({ length: 40 }, () => page)), "pdf", 200);
    const pixels = ((612 * 200) / 72) * ((792 * 200) / 72);
    // One page costs at least what it costs as an image (other pages are prepared while
    // PaddleOCR reads one, so their preparing counts beside it).
    expect(one).toBeGreaterThanOrEqual(64 + pageCostMb(pixels));
    expect(one).toBeLessThan(64 + 2 * pageCostMb(pixels));
    // Not forty pages: only those read at the same time, PaddleOCR on one of them.
    expect(many).toBeGreaterThan(one);
    expect(many).toBeLessThan(64 + 4 * pageCostMb(pixels));
    // A larger resolution costs more.
    expect(await documentCostMb(writePdf([page]), "pdf", 300)).toBeGreaterThan(one);
  });
});

describe("the budget's setting", () => {
  it("defaults to a quarter of the memory, at most 1 GiB and at least 256 MiB", () => {
    expect(defaultBudgetMb(24 * 1024)).toBe(1024);
    expect(defaultBudgetMb(2 * 1024)).toBe(512);
    expect(defaultBudgetMb(512)).toBe(256);
  });

  it("takes MEMORY_BUDGET_MB, and names it when it is wrong", () => {
    expect(loadRunConfig({ MEMORY_BUDGET_MB: "3000" }).memoryBudgetMb).toBe(3000);
    expect(loadRunConfig({}).memoryBudgetMb).toBe(defaultBudgetMb());
    expect(() => loadRunConfig({ MEMORY_BUDGET_MB: "lots" })).toThrow(/MEMORY_BUDGET_MB/);
    expect(() => loadRunConfig({ MEMORY_BUDGET_MB: "10" })).toThrow(/MEMORY_BUDGET_MB/);
  });
});

describe("a patient task (a job's turn)", () => {
  it("waits for room however many wait and however long, and is never refused", async () => {
    const memory = budget(100, 0, 20);
    const first = held();
    const running = memory.run(100, first.task);
    const turn = held();
    const waiting = memory.run(60, turn.task, { patient: true });
    // An impatient one has no place to wait (maxWaiting 0): refused at once.
    await expect(memory.run(10, async () => {})).rejects.toBeInstanceOf(MemoryBudgetError);
    await new Promise((r) => setTimeout(r, 60));
    expect(turn.state.started).toBe(false);
    first.finish();
    await running;
    await vi.waitFor(() => expect(turn.state.started).toBe(true));
    turn.finish();
    await waiting;
    expect(memory.stats).toMatchObject({ inUseMb: 0, running: 0, waiting: 0 });
  });
});

describe("the process route with a memory budget", () => {
  it("makes a document wait for room, or refuses it with 503 when none may wait", async () => {
    // Every document costs more than 64 MiB: one at a time, whatever the work slots.
    const held = gate();
    const provider = testProvider("held", { gate: held.promise });
    const svc = await startService({
      router: testRouter([provider]),
      runConfig: {
        ...loadRunConfig({}),
        memoryBudgetMb: 64,
        workConcurrency: 3,
        workQueueMax: 1,
      },
    });
    try {
      const doc = await uploadFixture(svc, OCR, "invoice.png", "image/png");
      const body = { input: { document: doc.s3_uri, mime_type: "image/png" } };
      const running = svc.postJson(processPath(OCR), body);
      await expect.poll(() => provider.calls.length).toBe(1);
      const waiting = svc.postJson(processPath(OCR), body);
      await new Promise((r) => setTimeout(r, 200));
      expect(provider.calls).toHaveLength(1);

      const refused = await svc.postJson(processPath(OCR), body);
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(errorBodySchema.parse(await refused.json()).detail).toMatch(
        /^The service is busy: 1 document is using 64 of its 64 MiB of memory and 1 more are waiting for room\. Nothing was processed; retry after \d+ s\.$/,
      );

      held.open();
      expect((await running).status).toBe(200);
      expect((await waiting).status).toBe(200);
      expect(provider.calls).toHaveLength(2);
    } finally {
      held.open();
      await svc.close();
    }
  });
});
