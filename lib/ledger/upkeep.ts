// The ledger's upkeep in this process: runs left in progress by an app process
// that died are resumed (resume.ts decides how) from the pages that show runs
// and from a sweep, and uploads never processed are settled (unprocessed.ts). The service call runs on in the background;
// the page waits a moment for it, so a replayed answer shows at once, and
// otherwise shows "still processing" and reads the run again later.
import "server-only";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { processDocument } from "@/lib/routing";
import { isActive } from "./active-runs";
import { describeFailure } from "./failure";
import { refreshJobRun, settleJob } from "./job-runs";
import type { Ledger } from "./ledger";
import { type ResumeResult, resumePolicy, resumeRun } from "./resume";
import type { RunSummary } from "./types";
import { NOT_PROCESSED_AFTER_MS } from "./unprocessed";

const holder = globalThis as typeof globalThis & {
  __docrouteResuming?: Map<string, Promise<ResumeResult>>;
};
holder.__docrouteResuming ??= new Map();
const resuming: Map<string, Promise<ResumeResult>> = holder.__docrouteResuming;

/** How long a page waits for a resume before it shows the run as it is. */
const PAGE_WAIT_MS = 1500;

function needsLook(run: Pick<RunSummary, "status" | "processStartedAt">): boolean {
  return run.status === "in_progress" && run.processStartedAt !== null;
}

function resumeOne(ledger: Ledger, localId: string): Promise<ResumeResult> {
  const running = resuming.get(localId);
  if (running) return running;
  const work = (async (): Promise<ResumeResult> => {
    const run = await ledger.findRun(localId);
    if (!run) return "none";
    // A job is read, not asked for again: the service is still at it, or has finished.
    if (run.job) return followJob(ledger, run);
    return resumeRun(
      {
        claim: ledger.claimStaleRun,
        // Sent again as it was first sent, for the same buyer (so with the same upstream key).
        process: (categoryId, call) => processDocument(categoryId, call, run.sessionId),
        end: ledger.recordProcessEnd,
        job: (id, job) =>
          settleJob(ledger, { localId: id, status: "in_progress", job: null, updatedAt: 0 }, job),
        describe: describeFailure,
      },
      run,
      Date.now(),
      resumePolicy(env.ROUTING_PROCESS_TIMEOUT_MS),
    );
  })()
    .catch((error: unknown) => {
      console.error(
        "[ledger] could not resume a run:",
        error instanceof Error ? error.message : "unknown",
      );
      return "waiting" as const;
    })
    .finally(() => resuming.delete(localId));
  resuming.set(localId, work);
  return work;
}

/** Reads a run's job once and records what it showed (job-runs.ts). */
async function followJob(ledger: Ledger, run: RunSummary): Promise<ResumeResult> {
  if (run.status !== "in_progress") return "none";
  try {
    const view = await refreshJobRun(ledger, run);
    switch (view.status) {
      case "succeeded":
      case "failed":
      case "cancelled":
        return view.status;
      default:
        return "waiting";
    }
  } catch (error) {
    // A job the service no longer has ended the run (refreshJobRun); anything else waits.
    return error instanceof AppError && error.code === "not_found" ? "interrupted" : "waiting";
  }
}

const SETTLE_EVERY_MS = 10_000;
const settleHolder = globalThis as typeof globalThis & { __docrouteSettledAt?: number };

/**
 * Settles the runs that got an upload link and never a process call
 * (unprocessed.ts), at most every 10 s per app process: from the sweep and
 * before a page lists runs, so the buyer and support never see such a run
 * "in progress" for long. Never throws.
 */
export async function settleUnprocessedRuns(ledger: Ledger): Promise<void> {
  const now = Date.now();
  if (now - (settleHolder.__docrouteSettledAt ?? 0) < SETTLE_EVERY_MS) return;
  settleHolder.__docrouteSettledAt = now;
  try {
    await ledger.settleUnprocessedRuns(now - NOT_PROCESSED_AFTER_MS);
  } catch (error) {
    console.error(
      "[ledger] could not settle unprocessed runs:",
      error instanceof Error ? error.message : "unknown",
    );
  }
}

/**
 * Resumes the in-progress runs among `runs` that no call in this process is
 * working on. Resolves true when one of them changed within the page's wait.
 */
export async function resumeStaleRuns(
  ledger: Ledger,
  runs: readonly RunSummary[],
): Promise<boolean> {
  const candidates = runs.filter((run) => needsLook(run) && !isActive(run.localId));
  if (candidates.length === 0) return false;
  const now = Date.now();
  const policy = resumePolicy(env.ROUTING_PROCESS_TIMEOUT_MS);
  const stale = candidates.filter((run) => now - run.updatedAt >= policy.staleMs);
  if (stale.length === 0) return false;
  const settled = Promise.all(stale.map((run) => resumeOne(ledger, run.localId))).then((results) =>
    results.some((r) => ["succeeded", "failed", "interrupted", "cancelled"].includes(r)),
  );
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), PAGE_WAIT_MS));
  return Promise.race([settled, timeout]);
}

const SWEEP_EVERY_MS = 30_000;

/**
 * Every 30 s, each app instance looks for stale runs in the shared ledger
 * and resumes them, so runs nobody opens (support's view, a buyer who left)
 * end too. The claim in resumeRun keeps instances from asking at once.
 */
export function startResumeSweeper(ledger: Ledger): void {
  const flag = globalThis as typeof globalThis & { __docrouteSweeper?: boolean };
  if (flag.__docrouteSweeper) return;
  flag.__docrouteSweeper = true;
  const sweep = async () => {
    try {
      await settleUnprocessedRuns(ledger);
      const policy = resumePolicy(env.ROUTING_PROCESS_TIMEOUT_MS);
      const runs = await ledger.listStaleRuns(Date.now() - policy.staleMs);
      await resumeStaleRuns(ledger, runs);
    } catch (error) {
      console.error(
        "[ledger] resume sweep failed:",
        error instanceof Error ? error.message : "unknown",
      );
    }
  };
  // The first sweep comes once every run left by a process before this one is stale.
  setTimeout(sweep, resumePolicy(env.ROUTING_PROCESS_TIMEOUT_MS).staleMs).unref();
  setInterval(sweep, SWEEP_EVERY_MS).unref();
}
