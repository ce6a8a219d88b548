// A ledger bound to one database and clock: the functions route handlers and
// pages call. Retention is enforced when it opens and then hourly on writes.
import type { LedgerDb } from "./database";
import * as events from "./events";
import type { RunFilters } from "./filters";
import * as reads from "./reads";
import * as staff from "./staff-revocations";
import { msPerPage, readStatsRows, summariseRuns } from "./stats";
import type {
  GrantFailureInput,
  GrantInput,
  JobProgressInput,
  ProcessEndInput,
  ProcessStartInput,
  RunEventKind,
} from "./types";
import * as writes from "./writes";

export interface LedgerOptions {
  retentionDays: number;
  now?: () => number;
}

const DAY = 86_400_000;
const PURGE_EVERY = 3_600_000;

export function createLedger(db: LedgerDb, options: LedgerOptions) {
  const now = options.now ?? Date.now;
  let lastPurge = 0;
  const purge = async () => {
    lastPurge = now();
    return reads.purgeBefore(db, now() - options.retentionDays * DAY);
  };
  const maybePurge = () => {
    if (now() - lastPurge < PURGE_EVERY) return;
    purge().catch((error: unknown) => console.error("[ledger] retention purge failed", error));
  };
  return {
    db,
    purge,
    async recordGrant(input: GrantInput) {
      maybePurge();
      return writes.recordGrant(db, input, now());
    },
    recordGrantFailure: (input: GrantFailureInput) => writes.recordGrantFailure(db, input, now()),
    recordUploaded: (sessionId: string, ref: string) =>
      writes.recordUploaded(db, sessionId, ref, now()),
    recordProcessStart: (input: ProcessStartInput) => writes.recordProcessStart(db, input, now()),
    recordProcessEnd: (localId: string, end: ProcessEndInput) =>
      writes.recordProcessEnd(db, localId, end, now()),
    recordJob: (localId: string, job: JobProgressInput) =>
      writes.recordJob(db, localId, job, now()),
    recordCancelled: (localId: string, job: Omit<JobProgressInput, "traceId">) =>
      writes.recordCancelled(db, localId, job, now()),
    claimStaleRun: (localId: string, seenUpdatedAt: number) =>
      writes.claimStaleRun(db, localId, seenUpdatedAt, now()),
    settleUnprocessedRuns: (before: number) => writes.settleUnprocessedRuns(db, before, now()),
    recordRunEvent: (localId: string, event: { kind: RunEventKind; actor?: string | undefined }) =>
      events.recordRunEvent(db, localId, event, now()),
    findGrant: (sessionId: string, s3Uri: string) => reads.findGrant(db, sessionId, s3Uri),
    findRun: (id: string) => reads.findRun(db, id),
    findRunBy: (ref: reads.RunRef) => reads.findRunBy(db, ref),
    lookupRun: (text: string) => reads.lookupRun(db, text),
    listRuns: (filters: RunFilters, page = 1, size = 25) => reads.listRuns(db, filters, page, size),
    listStaleRuns: (before: number, limit = 20) => reads.listStaleRuns(db, before, limit),
    listBuyerRuns: (sessionId: string, limit?: number) => reads.listBuyerRuns(db, sessionId, limit),
    listRunCategories: () => reads.listRunCategories(db),
    async runStats(filters: RunFilters) {
      const to = filters.to ?? now();
      const from = filters.from ?? to - 7 * DAY;
      const { rows, truncated } = await readStatsRows(db, filters, from, to);
      return summariseRuns(rows, from, to, truncated);
    },
    msPerPage: (categoryId: string) => msPerPage(db, categoryId),
    revokeStaffSession: (sessionId: string, expiresAt: number) =>
      staff.revokeStaffSession(db, sessionId, expiresAt, now()),
    isStaffSessionRevoked: (sessionId: string) => staff.isStaffSessionRevoked(db, sessionId),
    close: () => db.destroy(),
  };
}

export type Ledger = ReturnType<typeof createLedger>;
