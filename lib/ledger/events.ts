// What happens to a run after it ran, kept for its timeline: support opening the
// document the buyer sent (app/api/support/runs/[id]/original). Each view is a row
// of its own, so the timeline says who looked and when, every time.
import { randomUUID } from "node:crypto";
import type { LedgerDb } from "./database";
import type { RunEvent, RunEventKind } from "./types";

const KINDS: readonly RunEventKind[] = ["original_viewed"];

export async function recordRunEvent(
  db: LedgerDb,
  localId: string,
  event: { kind: RunEventKind; actor?: string | undefined },
  now: number,
): Promise<void> {
  await db
    .insertInto("ledger_run_events")
    .values({
      id: randomUUID(),
      run_id: localId,
      at: now,
      kind: event.kind,
      actor: event.actor ?? null,
    })
    .execute();
}

/** A run's events, oldest first; kinds this version does not know are left out. */
export async function listRunEvents(db: LedgerDb, localId: string): Promise<RunEvent[]> {
  const rows = await db
    .selectFrom("ledger_run_events")
    .select(["at", "kind", "actor"])
    .where("run_id", "=", localId)
    .orderBy("at", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.flatMap((row) =>
    KINDS.includes(row.kind as RunEventKind)
      ? [{ at: Number(row.at), kind: row.kind as RunEventKind, actor: row.actor }]
      : [],
  );
}
