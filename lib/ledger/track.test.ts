// What trackGrant and trackProcess record on a real SQLite ledger, for a call
// lib/routing shaped: the run holds the call as it was given and what came
// back, and the caller gets exactly what the service call gave.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/errors";
import type { JobView, ProcessCall, ProcessOutcome } from "@/lib/routing/types";
import { openLedgerDb } from "./database";
import { createLedger, type Ledger } from "./ledger";

const holder: { ledger?: Ledger } = {};
vi.mock("./instance", () => ({
  getLedger: async () => {
    if (!holder.ledger) throw new Error("no ledger");
    return holder.ledger;
  },
}));
vi.mock("@/lib/routing", () => ({ getCategory: async () => ({ name: "Letters" }) }));
const buyer = { session: "buyer-1" };
vi.mock("@/lib/auth/buyer-session", () => ({ ensureBuyerSession: async () => buyer.session }));

const { trackGrant, trackProcess } = await import("./track");

const dir = mkdtempSync(path.join(tmpdir(), "ledger-track-"));
beforeAll(async () => {
  holder.ledger = createLedger(await openLedgerDb({ sqlitePath: path.join(dir, "l.sqlite") }), {
    retentionDays: 30,
  });
});
afterAll(async () => {
  await holder.ledger?.close();
  rmSync(dir, { recursive: true, force: true });
});

const ledger = () => holder.ledger as Ledger;
const CATEGORY = "cat-letters";
const meta = (traceId: string) => ({
  trace_id: traceId,
  estimated_cost: 0.002,
  latency_ms: 700,
  failover_depth: 1,
});

/** A grant recorded as the upload route records it, for `name`. */
async function granted(name: string, sessionId = "buyer-1") {
  buyer.session = sessionId;
  const objectKey = `uploads/${CATEGORY}/${name}.pdf`;
  const grant = {
    objectKey,
    s3Uri: `s3://docroute/${objectKey}`,
    uploadUrl: "http://storage/put",
    expiresIn: 900,
  };
  await trackGrant(
    { categoryId: CATEGORY, contentType: "application/pdf", fileName: `${name}.pdf`, fileSize: 9 },
    async () => grant,
  );
  return grant;
}

/** A call as lib/routing shapes it, with the browser's key. */
const shaped = (grant: { objectKey: string; s3Uri: string }, key: string): ProcessCall => ({
  headers: { "Idempotency-Key": key, Prefer: "respond-async" },
  body: {
    input: { document: grant.s3Uri, mime_type: "application/pdf", language_hints: ["eng"] },
    input_ref: grant.objectKey,
  },
});

describe("trackProcess", () => {
  it("records the call it was given and its answer on the grant's run", async () => {
    const grant = await granted("letter");
    const call = shaped(grant, "k-1");
    const outcome: ProcessOutcome = {
      kind: "other",
      data: { text: "Dear reader" },
      meta: meta("t-letter"),
      replayed: false,
    };
    const send = vi.fn(async () => outcome);
    const reply = await trackProcess({ categoryId: CATEGORY, sessionId: "buyer-1", call }, send);
    expect(reply).toEqual(outcome);
    expect(send).toHaveBeenCalledOnce();
    const runs = await ledger().listBuyerRuns("buyer-1");
    expect(runs).toHaveLength(1);
    const run = await ledger().findRun("t-letter");
    expect(run).toMatchObject({
      localId: runs[0]?.localId,
      status: "succeeded",
      categoryName: "Letters",
      fileName: "letter.pdf",
      mediaType: "application/pdf",
      objectKey: grant.objectKey,
      s3Uri: grant.s3Uri,
      idempotencyKey: "k-1",
      httpStatus: 200,
      cost: 0.002,
      failoverDepth: 1,
      data: { text: "Dear reader" },
    });
    // Kept as given, so a resume sends the same call again (resume.ts).
    expect(run?.request).toEqual(call);
  });

  it("records a failure with its trace id and rethrows it unchanged", async () => {
    const grant = await granted("refused", "buyer-2");
    const error = new AppError("providers_failed", { traceId: "t-refused" });
    const reply = trackProcess(
      { categoryId: CATEGORY, sessionId: "buyer-2", call: shaped(grant, "k-2") },
      async () => {
        throw error;
      },
    );
    await expect(reply).rejects.toBe(error);
    expect(await ledger().findRun("t-refused")).toMatchObject({
      status: "failed",
      errorCode: "providers_failed",
      idempotencyKey: "k-2",
    });
  });

  it("leaves the run of a job in progress, known by the job's trace id", async () => {
    const grant = await granted("long", "buyer-3");
    const job: JobView = {
      id: "job-1",
      status: "queued",
      pagesDone: 0,
      pagesTotal: 12,
      traceId: "t-long",
      pages: [],
    };
    const reply = await trackProcess(
      { categoryId: CATEGORY, sessionId: "buyer-3", call: shaped(grant, "k-3") },
      async () => ({ job, replayed: false }),
    );
    expect(reply).toEqual({ job, replayed: false, runId: "t-long" });
    expect(await ledger().findRun("t-long")).toMatchObject({
      status: "in_progress",
      objectKey: grant.objectKey,
      job: { id: "job-1", status: "queued", pagesDone: 0, pagesTotal: 12 },
    });
  });

  it("gives the answer when the ledger cannot be written", async () => {
    const kept = holder.ledger;
    holder.ledger = undefined;
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const outcome: ProcessOutcome = {
        kind: "other",
        data: {},
        meta: meta("t-down"),
        replayed: false,
      };
      const call = shaped(
        { objectKey: "uploads/x.pdf", s3Uri: "s3://docroute/uploads/x.pdf" },
        "k",
      );
      const reply = trackProcess(
        { categoryId: CATEGORY, sessionId: "buyer-4", call },
        async () => outcome,
      );
      expect(await reply).toEqual(outcome);
    } finally {
      holder.ledger = kept;
      quiet.mockRestore();
    }
  });
});
