// The ledger on SQLite and, when TEST_DATABASE_URL is set, on a real
// PostgreSQL (in a schema of its own, dropped afterwards).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Ledger } from "./ledger";
import { ledgerBackends } from "./test-backends";

const DAY = 86_400_000;

const backends = ledgerBackends("test");

const meta = (traceId: string, extra: Record<string, unknown> = {}) => ({
  trace_id: traceId,
  estimated_cost: 0.0015,
  latency_ms: 840,
  failover_depth: 0,
  provider: "tesseract-native",
  attempts: [{ provider: "tesseract-native", outcome: "success", latency_ms: 830 }],
  ...extra,
});

describe.each(backends)("ledger on $name", (backend) => {
  let clock = Date.parse("2026-11-20T10:00:00Z");
  const now = () => clock;
  let ledger: Ledger;

  beforeAll(async () => {
    ledger = await backend.open(now);
  });
  afterAll(async () => {
    await ledger.close();
    await backend.cleanup();
  });

  const grant = (
    sessionId: string,
    objectKey: string,
    categoryId = "cat-ocr",
    file: { fileName?: string; fileSize?: number } = {},
  ) =>
    ledger.recordGrant({
      sessionId,
      categoryId,
      categoryName: "Text recognition",
      mediaType: "image/png",
      objectKey,
      s3Uri: `s3://docroute/${objectKey}`,
      ...file,
    });

  it("records a run stage by stage and finds it by trace id, key and object key", async () => {
    await grant("buyer-a", "uploads/cat-ocr/a1.png", "cat-ocr", {
      fileName: "invoice.png",
      fileSize: 2048,
    });
    clock += 1000;
    expect(await ledger.recordUploaded("buyer-a", "uploads/cat-ocr/a1.png")).toBe(true);
    clock += 500;
    const request = { input: { document: "s3://docroute/uploads/cat-ocr/a1.png" } };
    const id = await ledger.recordProcessStart({
      sessionId: "buyer-a",
      categoryId: "cat-ocr",
      objectKey: "uploads/cat-ocr/a1.png",
      idempotencyKey: "idem-a1",
      request,
    });
    const during = await ledger.findRun(id);
    expect(during?.status).toBe("in_progress");
    clock += 2000;
    const text = "INVOICE ".repeat(20_000);
    await ledger.recordProcessEnd(id, {
      ok: true,
      result: { httpStatus: 200, meta: meta("trace-a1"), data: { text, pages: [] } },
    });

    const run = await ledger.findRun("trace-a1");
    expect(run).toMatchObject({
      id: "trace-a1",
      localId: id,
      status: "succeeded",
      fileName: "invoice.png",
      fileSize: 2048,
      categoryName: "Text recognition",
      idempotencyKey: "idem-a1",
      httpStatus: 200,
      cost: 0.0015,
      latencyMs: 840,
      failoverDepth: 0,
      provider: "tesseract-native",
      request,
    });
    expect(run?.data?.text).toBe(text);
    expect(run?.processEndedAt).toBe((run?.processStartedAt ?? 0) + 2000);
    expect(run?.uploadedAt).toBe((run?.grantedAt ?? 0) + 1000);
    expect(run?.meta?.attempts).toHaveLength(1);

    expect((await ledger.findRunBy({ idempotencyKey: "idem-a1" }))?.id).toBe("trace-a1");
    expect((await ledger.findRunBy({ objectKey: "uploads/cat-ocr/a1.png" }))?.id).toBe("trace-a1");
    expect((await ledger.lookupRun("  idem-a1 "))?.id).toBe("trace-a1");
    expect(await ledger.lookupRun("no-such-trace")).toBeUndefined();
  });

  it("keeps one row when retries with one Idempotency-Key arrive at once", async () => {
    await grant("buyer-b", "uploads/cat-ocr/b1.png");
    const start = () =>
      ledger.recordProcessStart({
        sessionId: "buyer-b",
        categoryId: "cat-ocr",
        objectKey: "uploads/cat-ocr/b1.png",
        idempotencyKey: "idem-b1",
        request: {},
      });
    const ids = await Promise.all([start(), start(), start(), start()]);
    expect(new Set(ids).size).toBe(1);
    const [first] = ids;
    await ledger.recordProcessEnd(first ?? "", {
      ok: true,
      result: { httpStatus: 200, meta: meta("trace-b1"), data: {} },
    });
    // A later retry is replayed by the service: still one row, still succeeded.
    const again = await start();
    expect(again).toBe(first);
    await ledger.recordProcessEnd(again, {
      ok: false,
      failure: { code: "network_error", message: "lost" },
    });
    const runs = await ledger.listBuyerRuns("buyer-b");
    expect(runs).toHaveLength(1);
    expect(runs[0]?.status).toBe("succeeded");
  });

  it("loses nothing when the upload report and the process start race", async () => {
    await grant("buyer-c", "uploads/cat-ocr/c1.png", "cat-ocr", { fileName: "c.png" });
    const [, id] = await Promise.all([
      ledger.recordUploaded("buyer-c", "uploads/cat-ocr/c1.png"),
      ledger.recordProcessStart({
        sessionId: "buyer-c",
        categoryId: "cat-ocr",
        objectKey: "uploads/cat-ocr/c1.png",
        idempotencyKey: "idem-c1",
        request: { n: 1 },
      }),
    ]);
    const run = await ledger.findRun(id);
    expect(run).toMatchObject({ fileName: "c.png", idempotencyKey: "idem-c1", request: { n: 1 } });
    expect(run?.uploadedAt).not.toBeNull();
  });

  it("records failures with the service's status and body, and never someone else's upload", async () => {
    const body = { detail: "All providers failed", trace_id: "trace-f1", failover_depth: 2 };
    const id = await ledger.recordProcessStart({
      sessionId: "buyer-d",
      categoryId: "cat-ocr",
      idempotencyKey: "idem-f1",
      request: {},
    });
    await ledger.recordProcessEnd(id, {
      ok: false,
      failure: {
        httpStatus: 502,
        code: "providers_failed",
        message: "No provider",
        traceId: "trace-f1",
        body,
      },
    });
    const run = await ledger.findRun("trace-f1");
    expect(run).toMatchObject({
      status: "failed",
      httpStatus: 502,
      failoverDepth: 2,
      errorBody: body,
    });

    clock += 1000;
    await ledger.recordGrantFailure({
      sessionId: "buyer-d",
      categoryId: "cat-soon",
      mediaType: "image/png",
      fileName: "lease.png",
      fileSize: 4096,
      failure: { httpStatus: 409, code: "category_inactive", message: "Coming soon" },
    });
    const own = await ledger.listBuyerRuns("buyer-d");
    expect(own.map((r) => r.errorCode)).toEqual(["category_inactive", "providers_failed"]);
    expect(own[0]).toMatchObject({ fileName: "lease.png", fileSize: 4096 });
    expect(own[0]?.id).toMatch(/^local-/);
    // Another session cannot mark buyer-a's upload.
    expect(await ledger.recordUploaded("buyer-x", "uploads/cat-ocr/a1.png")).toBe(false);
  });

  it("knows which buyer each upload was granted to", async () => {
    await grant("buyer-g", "uploads/cat-ocr/g1.png");
    const uri = "s3://docroute/uploads/cat-ocr/g1.png";
    expect(await ledger.findGrant("buyer-g", uri)).toEqual({
      objectKey: "uploads/cat-ocr/g1.png",
      fileSize: null,
    });
    expect(await ledger.findGrant("buyer-h", uri)).toBeUndefined();
    expect(await ledger.findGrant("buyer-g", "s3://docroute/uploads/cat-ocr/other.png")).toBe(
      undefined,
    );
  });

  it("keeps a trace id with the buyer who ran it first", async () => {
    const start = (sessionId: string, key: string) =>
      ledger.recordProcessStart({
        sessionId,
        categoryId: "cat-ocr",
        idempotencyKey: key,
        request: {},
      });
    const first = await start("buyer-owner", "own-1");
    await ledger.recordProcessEnd(first, {
      ok: true,
      result: {
        httpStatus: 200,
        meta: meta("trace-owned"),
        data: { text: "mine" },
        replayed: false,
      },
    });
    clock += 1000;
    // A later row of another buyer with the same trace id (a success, then a failure).
    const later = await start("buyer-other", "other-1");
    await ledger.recordProcessEnd(later, {
      ok: true,
      result: {
        httpStatus: 200,
        meta: meta("trace-owned"),
        data: { text: "theirs" },
        replayed: true,
      },
    });
    const failed = await start("buyer-other", "other-2");
    await ledger.recordProcessEnd(failed, {
      ok: false,
      failure: { code: "providers_failed", message: "x", traceId: "trace-owned" },
    });
    const run = await ledger.findRun("trace-owned");
    expect(run?.sessionId).toBe("buyer-owner");
    expect(run?.data).toEqual({ text: "mine" });
    expect((await ledger.findRunBy({ traceId: "trace-owned" }))?.sessionId).toBe("buyer-owner");
    // The other buyer's rows keep their own (local) ids.
    expect((await ledger.findRun(later))?.id).toBe(later);
    expect((await ledger.findRun(failed))?.id).toBe(failed);
  });

  it("lists with filters and pages on the server", async () => {
    const before = Date.parse("2026-11-19T00:00:00Z");
    clock = before;
    for (let i = 0; i < 7; i++) {
      clock += 60_000;
      const id = await ledger.recordProcessStart({
        sessionId: "buyer-e",
        categoryId: i % 2 ? "cat-ocr" : "cat-other",
        idempotencyKey: `idem-e${i}`,
        request: {},
      });
      await ledger.recordProcessEnd(id, {
        ok: true,
        result: {
          httpStatus: 200,
          meta: meta(`trace-e${i}`, { estimated_cost: i / 100, failover_depth: i === 3 ? 1 : 0 }),
          data: {},
        },
      });
    }
    const range = { from: before, to: before + DAY };
    const all = await ledger.listRuns(range, 1, 3);
    expect(all).toMatchObject({ total: 7, pages: 3, page: 1 });
    expect(all.items.map((r) => r.id)).toEqual(["trace-e6", "trace-e5", "trace-e4"]);
    const last = await ledger.listRuns(range, 3, 3);
    expect(last.items.map((r) => r.id)).toEqual(["trace-e0"]);
    expect((await ledger.listRuns({ ...range, failedOver: true })).items.map((r) => r.id)).toEqual([
      "trace-e3",
    ]);
    const cheap = await ledger.listRuns({ ...range, categoryId: "cat-ocr", maxCost: 0.03 });
    expect(cheap.items.map((r) => r.id)).toEqual(["trace-e3", "trace-e1"]);
    expect((await ledger.listRuns({ ...range, minCost: 0.05 })).total).toBe(2);
    expect(
      (await ledger.listRuns({ outcome: "failed" })).items.every((r) => r.status === "failed"),
    ).toBe(true);

    const stats = await ledger.runStats(range);
    expect(stats.total).toBe(7);
    expect(stats.providers).toEqual([{ provider: "tesseract-native", runs: 7, failedOver: 1 }]);
    expect(stats.latency.counts.reduce((a, b) => a + b, 0)).toBe(7);
  });

  it("gives a category's time per page from its latest runs that say their pages", async () => {
    const finish = async (n: number, latency: number, pages?: number) => {
      const key = `uploads/cat-pace/p${n}.pdf`;
      await grant("buyer-p", key, "cat-pace");
      const id = await ledger.recordProcessStart({
        sessionId: "buyer-p",
        categoryId: "cat-pace",
        objectKey: key,
        idempotencyKey: `idem-p${n}`,
        request: {},
      });
      clock += 1000;
      const extra = pages === undefined ? { latency_ms: latency } : { latency_ms: latency, pages };
      await ledger.recordProcessEnd(id, {
        ok: true,
        result: { httpStatus: 200, meta: meta(`trace-p${n}`, extra), data: { text: "" } },
      });
    };
    await finish(1, 900, 1);
    await finish(2, 5000, 10);
    expect(await ledger.msPerPage("cat-pace")).toBeNull(); // two runs are not a pace yet
    await finish(3, 99_000); // says no pages: not counted
    await finish(4, 1200, 2);
    expect(await ledger.msPerPage("cat-pace")).toBe(600); // 500, 600, 900 a page
    expect(await ledger.msPerPage("cat-ocr")).toBeNull();
  });

  it("keeps an interrupted run in progress, and purges runs past retention", async () => {
    clock = Date.parse("2026-11-20T12:00:00Z");
    await grant("buyer-g", "uploads/cat-ocr/g1.png");
    const reopened = await backend.open(now);
    // Another connection (as after a restart) sees it, still in progress.
    const seen = await reopened.findRunBy({ objectKey: "uploads/cat-ocr/g1.png" });
    expect(seen?.status).toBe("in_progress");
    await reopened.close();

    clock = Date.parse("2026-12-20T11:00:00Z");
    const purged = await ledger.purge();
    expect(purged).toBeGreaterThan(0);
    expect(await ledger.findRun("trace-a1")).toBeUndefined();
    expect(await ledger.findRunBy({ objectKey: "uploads/cat-ocr/g1.png" })).toBeDefined();
  });
});
