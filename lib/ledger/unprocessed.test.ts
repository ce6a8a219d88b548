// Runs that got an upload link and never a process call end as "not_processed",
// on a real SQLite ledger (and PostgreSQL when TEST_DATABASE_URL is set), with
// two ledgers on one database playing two app instances.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseRunQuery } from "./filters";
import type { Ledger } from "./ledger";
import { ledgerBackends } from "./test-backends";
import { NOT_PROCESSED_AFTER_MS, NOT_PROCESSED_TEXT } from "./unprocessed";

const T0 = Date.parse("2026-11-21T10:00:00Z");

const backends = ledgerBackends("unprocessed");

describe.each(backends)("settleUnprocessedRuns on $name", (backend) => {
  let clock = T0;
  let a: Ledger;
  let b: Ledger;
  beforeAll(async () => {
    a = await backend.open(() => clock);
    b = await backend.open(() => clock);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await backend.cleanup();
  });

  async function grant(session = "buyer") {
    const objectKey = `uploads/cat-ocr/${randomBytes(4).toString("hex")}.png`;
    const id = await a.recordGrant({
      sessionId: session,
      categoryId: "cat-ocr",
      mediaType: "image/png",
      objectKey,
      s3Uri: `s3://docroute/${objectKey}`,
      fileName: "letter.png",
    });
    return { id, objectKey };
  }
  const status = async (id: string) => (await a.findRun(id))?.status;

  it("ends an upload nobody sent for processing, and one that never finished, each in its own words", async () => {
    clock = T0;
    const uploaded = await grant();
    await a.recordUploaded("buyer", uploaded.objectKey);
    const unfinished = await grant();
    const processing = await grant();
    await a.recordProcessStart({
      sessionId: "buyer",
      categoryId: "cat-ocr",
      objectKey: processing.objectKey,
      idempotencyKey: `key-${randomBytes(4).toString("hex")}`,
      request: {},
    });

    // Still within the hour: nothing changes.
    clock = T0 + NOT_PROCESSED_AFTER_MS - 1;
    expect(await a.settleUnprocessedRuns(clock - NOT_PROCESSED_AFTER_MS)).toBe(0);
    expect(await status(uploaded.id)).toBe("in_progress");

    clock = T0 + NOT_PROCESSED_AFTER_MS + 1;
    expect(await a.settleUnprocessedRuns(clock - NOT_PROCESSED_AFTER_MS)).toBe(2);
    expect(await a.findRun(uploaded.id)).toMatchObject({
      status: "not_processed",
      errorCode: "not_processed",
      errorMessage: NOT_PROCESSED_TEXT.uploaded.message,
      processStartedAt: null,
    });
    expect(await a.findRun(unfinished.id)).toMatchObject({
      status: "not_processed",
      errorCode: "upload_not_finished",
      errorMessage: NOT_PROCESSED_TEXT.notUploaded.message,
    });
    // A run whose process call began is the resume's business, never settled here.
    expect(await status(processing.id)).toBe("in_progress");

    // Support can filter on the state, and the charts count it apart from failures.
    const query = parseRunQuery({ outcome: "not_processed" });
    expect(query.problems).toEqual([]);
    const listed = await a.listRuns(query.filters);
    expect(listed.items.map((r) => r.localId).sort()).toEqual([uploaded.id, unfinished.id].sort());
    const stats = await a.runStats({ from: T0 - 1, to: clock + 1 });
    expect(stats).toMatchObject({ total: 3, notProcessed: 2, failures: 0, inProgress: 1 });
  });

  it("settles each run once when two app instances settle at the same moment", async () => {
    clock = T0 + 10 * NOT_PROCESSED_AFTER_MS;
    const runs = await Promise.all([grant(), grant(), grant(), grant()]);
    clock += NOT_PROCESSED_AFTER_MS + 1;
    const before = clock - NOT_PROCESSED_AFTER_MS;
    const counts = await Promise.all([
      a.settleUnprocessedRuns(before),
      b.settleUnprocessedRuns(before),
      a.settleUnprocessedRuns(before),
    ]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(4);
    for (const { id } of runs) expect(await status(id)).toBe("not_processed");
  });

  it("a process call that comes late still takes the run and puts it back in progress", async () => {
    clock = T0 + 20 * NOT_PROCESSED_AFTER_MS;
    const late = await grant();
    clock += NOT_PROCESSED_AFTER_MS + 1;
    await b.settleUnprocessedRuns(clock - NOT_PROCESSED_AFTER_MS);
    expect(await status(late.id)).toBe("not_processed");
    const id = await a.recordProcessStart({
      sessionId: "buyer",
      categoryId: "cat-ocr",
      objectKey: late.objectKey,
      idempotencyKey: `key-${randomBytes(4).toString("hex")}`,
      request: {},
    });
    expect(id).toBe(late.id);
    expect(await a.findRun(id)).toMatchObject({
      status: "in_progress",
      errorCode: null,
      errorMessage: null,
    });
    // And a settle racing with it never undoes the call.
    clock += NOT_PROCESSED_AFTER_MS + 1;
    expect(await b.settleUnprocessedRuns(clock - NOT_PROCESSED_AFTER_MS)).toBe(0);
    expect(await status(id)).toBe("in_progress");
  });
});
