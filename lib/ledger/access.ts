// Who may open a run: its owner (the buyer session that made it) or signed-in
// support staff. Anyone else gets nothing, the same as an unknown id, so a
// trace id alone reveals nothing. And who may have an upload processed: the
// buyer session it was granted to.
import "server-only";
import { ensureBuyerSession, getBuyerSessionId } from "@/lib/auth/buyer-session";
import { getStaffSession } from "@/lib/auth/staff-session";
import { AppError } from "@/lib/errors";
import type { GrantedUpload, JobView } from "@/lib/routing/types";
import { getLedger } from "./instance";
import { NOT_YOURS, refreshJobRun } from "./job-runs";
import type { Ledger } from "./ledger";
import type { RunDetail, RunSummary } from "./types";
import { resumeStaleRuns, settleUnprocessedRuns } from "./upkeep";

export type Viewer = "owner" | "staff";

const NOT_GRANTED =
  "This document wasn't uploaded from this browser, so it can't be processed here. Upload it again to process it.";

/** An upload granted to the buyer who asks, with their session. */
export interface OwnUpload extends GrantedUpload {
  sessionId: string;
}

/**
 * For POST /api/categories/:id/process: the upload at `s3Uri` when it was
 * granted to this buyer's session, so only their own document is sent to the
 * service (nothing is charged otherwise). Anything else is refused with plain
 * words; so is every call when there is no ledger to check it in.
 */
export async function openOwnUpload(s3Uri: string): Promise<OwnUpload> {
  const sessionId = await ensureBuyerSession();
  const grant = await (await getLedger()).findGrant(sessionId, s3Uri);
  if (!grant) throw new AppError("forbidden", { message: NOT_GRANTED });
  return { sessionId, ...grant };
}

export async function openRun(id: string): Promise<{ run: RunDetail; viewer: Viewer } | null> {
  const run = await (await getLedger()).findRun(id);
  if (!run) return null;
  const viewer = await viewerOf(run);
  return viewer ? { run, viewer } : null;
}

export async function viewerOf(run: Pick<RunSummary, "sessionId">): Promise<Viewer | null> {
  if ((await getBuyerSessionId()) === run.sessionId) return "owner";
  return (await getStaffSession()) ? "staff" : null;
}

/** The ledger could not be read (its database is down): the page says so. */
export type LedgerUnavailable = { state: "unavailable" };

/** Logs why the ledger failed (never a body or a key) and gives the state a page shows. */
export function ledgerUnavailable(error: unknown): LedgerUnavailable {
  console.error("[ledger] unavailable:", error instanceof Error ? error.message : "unknown");
  return { state: "unavailable" };
}

export type MyRuns = { state: "open"; runs: RunSummary[] } | LedgerUnavailable;

/** The buyer's own runs, newest first; none without a session. */
export async function listMyRuns(): Promise<MyRuns> {
  try {
    return { state: "open", runs: await readMyRuns() };
  } catch (error) {
    return ledgerUnavailable(error);
  }
}

async function readMyRuns(): Promise<RunSummary[]> {
  const sessionId = await getBuyerSessionId();
  if (!sessionId) return [];
  const ledger = await getLedger();
  await settleUnprocessedRuns(ledger);
  const runs = await ledger.listBuyerRuns(sessionId);
  // Runs an app that died left in progress are asked after (lib/ledger/resume.ts).
  return (await resumeStaleRuns(ledger, runs)) ? ledger.listBuyerRuns(sessionId) : runs;
}

export type RunForPage =
  | { state: "open"; run: RunDetail; viewer: Viewer }
  | { state: "missing" }
  | LedgerUnavailable;

/**
 * For /runs/<id>: the run when this visitor may see it. Someone else's run is
 * "missing", the same answer as an unknown id, so nobody learns that a trace
 * id exists.
 */
export async function openRunForPage(id: string): Promise<RunForPage> {
  try {
    return await readRunForPage(id);
  } catch (error) {
    return ledgerUnavailable(error);
  }
}

async function readRunForPage(id: string): Promise<RunForPage> {
  const ledger = await getLedger();
  await settleUnprocessedRuns(ledger);
  const run = await ledger.findRun(id);
  const viewer = run ? await viewerOf(run) : null;
  if (!run || !viewer) return { state: "missing" };
  // A run an app that died left in progress is asked after (lib/ledger/resume.ts).
  const changed = await resumeStaleRuns(ledger, [run]);
  return { state: "open", run: (changed && (await ledger.findRun(run.localId))) || run, viewer };
}

/**
 * For support: one run by its id, trace id, Idempotency-Key or object key,
 * whoever owns it. A run an app that died left in progress is asked after
 * first, as on the buyer's pages, so staff see its real outcome at once.
 */
export async function findRunForStaff(id: string): Promise<RunDetail | undefined> {
  const ledger = await getLedger();
  await settleUnprocessedRuns(ledger);
  const byId = await ledger.findRun(id);
  const other = byId ? undefined : await ledger.lookupRun(id);
  const run = byId ?? (other ? await ledger.findRun(other.localId) : undefined);
  if (!run) return undefined;
  const changed = await resumeStaleRuns(ledger, [run]);
  return (changed && (await ledger.findRun(run.localId))) || run;
}

/**
 * The buyer's own run that has a job, for /api/runs/:id/job. Someone else's
 * run, a run without a job and an unknown id are all the same 404, so an id
 * alone tells nobody anything.
 */
export async function openOwnJobRun(id: string): Promise<{ ledger: Ledger; run: RunDetail }> {
  const sessionId = await getBuyerSessionId();
  const ledger = await getLedger();
  const run = sessionId ? await ledger.findRun(id) : undefined;
  if (!run || run.sessionId !== sessionId || !run.job) {
    throw new AppError("not_found", { message: NOT_YOURS });
  }
  return { ledger, run };
}

/** What support sees of a run's job: read live while it runs. */
export interface StaffJobView {
  /** The run, read again when the read ended it. */
  run: RunDetail;
  /** The job as the service shows it now; undefined when it was not read. */
  live?: JobView;
  /** The service could not be asked (down, busy); the ledger's last view stands. */
  unreachable: boolean;
}

/** For the support console: the run's job read from the service while it runs (which records it too). */
export async function followJobForStaff(run: RunDetail): Promise<StaffJobView> {
  if (!run.job || run.status !== "in_progress") return { run, unreachable: false };
  const ledger = await getLedger();
  try {
    const live = await refreshJobRun(ledger, run);
    const ended =
      live.status === "succeeded" || live.status === "failed" || live.status === "cancelled";
    return { run: (ended && (await ledger.findRun(run.localId))) || run, live, unreachable: false };
  } catch (error) {
    const gone = error instanceof AppError && error.code === "not_found";
    return { run: (gone && (await ledger.findRun(run.localId))) || run, unreachable: !gone };
  }
}
