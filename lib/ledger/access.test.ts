// Access decisions on a real SQLite ledger: support's view of one run
// (findRunForStaff), where a run an app that died left in progress is asked
// after on view, so staff see its real outcome at once instead of waiting for
// the sweep; a buyer's own runs; and whose upload may be processed.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ProcessOutcome } from "@/lib/routing/types";
import { openLedgerDb } from "./database";
import { createLedger, type Ledger } from "./ledger";

const processDocument = vi.fn(
  async (): Promise<ProcessOutcome> => ({
    kind: "ocr",
    data: { text: "Dear reader", language: "eng", pages: [] },
    meta: { trace_id: "c".repeat(32), estimated_cost: 0.001, latency_ms: 900, failover_depth: 0 },
    replayed: true,
  }),
);
const holder: { ledger?: Ledger } = {};

vi.mock("@/lib/env", () => ({ env: { ROUTING_PROCESS_TIMEOUT_MS: 130_000 } }));
vi.mock("@/lib/routing", () => ({ processDocument }));
// Who is looking: support staff unless a test says otherwise.
const visitor: { buyer?: string; staff?: { user: string } } = { staff: { user: "s" } };
vi.mock("@/lib/auth/buyer-session", () => ({
  getBuyerSessionId: async () => visitor.buyer,
  ensureBuyerSession: async () => visitor.buyer ?? "new-session",
}));
vi.mock("@/lib/auth/staff-session", () => ({ getStaffSession: async () => visitor.staff }));
vi.mock("./instance", () => ({
  getLedger: async () => {
    if (!holder.ledger) throw new Error("no ledger");
    return holder.ledger;
  },
}));

const { findRunForStaff, listMyRuns, openOwnUpload, openRunForPage } = await import("./access");

const dir = mkdtempSync(path.join(tmpdir(), "ledger-access-"));

beforeAll(async () => {
  holder.ledger = createLedger(await openLedgerDb({ sqlitePath: path.join(dir, "l.sqlite") }), {
    retentionDays: 30,
  });
});
afterAll(async () => {
  await holder.ledger?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function orphan(key: string, touchedAgoMs: number) {
  const ledger = holder.ledger as Ledger;
  const objectKey = `uploads/cat-ocr/${key}.png`;
  const id = await ledger.recordProcessStart({
    sessionId: "buyer",
    categoryId: "cat-ocr",
    objectKey,
    idempotencyKey: key,
    request: {
      headers: { "Idempotency-Key": key },
      body: { input: { document: `s3://docroute/${objectKey}`, mime_type: "image/png" } },
    },
  });
  await ledger.db
    .updateTable("ledger_runs")
    .set({ updated_at: Date.now() - touchedAgoMs, process_started_at: Date.now() - touchedAgoMs })
    .where("id", "=", id)
    .execute();
  return id;
}

describe("findRunForStaff", () => {
  it("shows a stale run's real outcome on the first view, found by its Idempotency-Key", async () => {
    await orphan("key-stale", 20_000);
    const run = await findRunForStaff("key-stale");
    expect(run).toMatchObject({ status: "succeeded", id: "c".repeat(32), httpStatus: 200 });
    // Asked again with the stored call, for the buyer who made it (whose upstream key it is).
    expect(processDocument).toHaveBeenCalledOnce();
    expect(processDocument).toHaveBeenCalledWith(
      "cat-ocr",
      expect.objectContaining({ headers: { "Idempotency-Key": "key-stale" } }),
      "buyer",
    );
    expect((await findRunForStaff("c".repeat(32)))?.data?.text).toBe("Dear reader");
  });

  it("leaves a run touched moments ago to the call working on it", async () => {
    processDocument.mockClear();
    const id = await orphan("key-fresh", 1000);
    expect((await findRunForStaff(id))?.status).toBe("in_progress");
    expect(processDocument).not.toHaveBeenCalled();
  });

  it("finds nothing for an unknown id", async () => {
    expect(await findRunForStaff("nope")).toBeUndefined();
  });
});

describe("openRunForPage", () => {
  it("answers someone else's run exactly as an unknown id", async () => {
    const id = await orphan("key-owned", 1000);
    visitor.staff = undefined;
    try {
      visitor.buyer = "buyer";
      expect((await openRunForPage(id)).state).toBe("open");
      visitor.buyer = "someone-else";
      expect(await openRunForPage(id)).toEqual(await openRunForPage("local-unknown"));
      expect(await openRunForPage(id)).toEqual({ state: "missing" });
    } finally {
      visitor.buyer = undefined;
      visitor.staff = { user: "s" };
    }
  });
});

describe("openOwnUpload", () => {
  const objectKey = "uploads/cat-ocr/granted.pdf";
  const s3Uri = `s3://docroute/${objectKey}`;

  it("gives the buyer's own upload with its object key and size, and refuses anyone else's", async () => {
    await (holder.ledger as Ledger).recordGrant({
      sessionId: "buyer-g",
      categoryId: "cat-ocr",
      mediaType: "application/pdf",
      objectKey,
      s3Uri,
      fileSize: 6_000_000,
    });
    try {
      visitor.buyer = "buyer-g";
      expect(await openOwnUpload(s3Uri)).toEqual({
        sessionId: "buyer-g",
        objectKey,
        fileSize: 6_000_000,
      });
      for (const [who, uri] of [
        ["buyer-g", "s3://docroute/uploads/cat-ocr/other.pdf"],
        ["someone-else", s3Uri],
        [undefined, s3Uri],
      ] as const) {
        visitor.buyer = who;
        await expect(openOwnUpload(uri)).rejects.toMatchObject({
          code: "forbidden",
          message: expect.stringMatching(/wasn't uploaded from this browser/),
        });
      }
    } finally {
      visitor.buyer = undefined;
    }
  });
});

describe("a ledger that cannot be read", () => {
  it("is a state the pages show, not a crash", async () => {
    const ledger = holder.ledger;
    holder.ledger = undefined;
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      visitor.buyer = "buyer-1";
      expect(await openRunForPage("c".repeat(32))).toEqual({ state: "unavailable" });
      expect(await listMyRuns()).toEqual({ state: "unavailable" });
    } finally {
      holder.ledger = ledger;
      visitor.buyer = undefined;
      quiet.mockRestore();
    }
  });
});
