// A run's events (support opening the original) on SQLite and, with
// TEST_DATABASE_URL, PostgreSQL: kept in order with who did it, read with the run,
// and deleted with it at retention.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Ledger } from "./ledger";
import { ledgerBackends } from "./test-backends";

const DAY = 86_400_000;

describe.each(ledgerBackends("events"))("run events on $name", (backend) => {
  let clock = Date.parse("2026-11-20T10:00:00Z");
  let ledger: Ledger;
  beforeAll(async () => {
    ledger = await backend.open(() => clock);
  });
  afterAll(async () => {
    await ledger.close();
    await backend.cleanup();
  });

  it("keeps every view, oldest first, with the run, until the run is purged", async () => {
    const id = await ledger.recordGrant({
      sessionId: "buyer",
      categoryId: "cat",
      mediaType: "application/pdf",
      objectKey: "uploads/cat/a.pdf",
      s3Uri: "s3://b/uploads/cat/a.pdf",
    });
    expect((await ledger.findRun(id))?.events).toEqual([]);
    const first = clock;
    await ledger.recordRunEvent(id, { kind: "original_viewed", actor: "ann" });
    clock += 60_000;
    await ledger.recordRunEvent(id, { kind: "original_viewed", actor: "bob" });
    expect((await ledger.findRun(id))?.events).toEqual([
      { at: first, kind: "original_viewed", actor: "ann" },
      { at: first + 60_000, kind: "original_viewed", actor: "bob" },
    ]);

    clock += 31 * DAY;
    expect(await ledger.purge()).toBe(1);
    const left = await ledger.db.selectFrom("ledger_run_events").selectAll().execute();
    expect(left).toEqual([]);
  });
});
