// Runs whose process call the service made a job of (202, INTERFACE.md "Jobs").
// Nobody holds a request open for them: the ledger keeps the job's id, and
// whoever reads the job next (the buyer's browser polling, their run page, the
// support console, the 30 s sweep in upkeep.ts) records how far it got and,
// once it ends, ends the run exactly as a synchronous answer would have.
import "server-only";
import type { JobAnswer } from "@/lib/api/jobs";
import { AppError, ERROR_TEXT, isAppErrorCode } from "@/lib/errors";
import { processMetaSchema } from "@/lib/kernel/contract/documents";
import { cancelJob, getJob, type JobView } from "@/lib/routing";
import { buyerMeta } from "@/lib/routing/buyer-meta";
import { jobAnswer } from "@/lib/routing/job-answer";
import { describeFailure } from "./failure";
import type { Ledger } from "./ledger";
import type { FailureInput, RunDetail, RunSummary } from "./types";

/** The service no longer knows the job (its retention passed, or another service answers). */
export const JOB_GONE: FailureInput = {
  code: "interrupted",
  message:
    "The document service no longer has this document's job, so its result can't be shown. Please send the document again.",
};

export const NOT_YOURS = "No document of yours has that id.";

/**
 * Progress is written when it changed, or this long after the last write: a run
 * someone is reading never looks stale to the sweep (resume.ts, 10 s).
 */
const TOUCH_EVERY_MS = 5_000;

type JobRun = Pick<RunSummary, "localId" | "status" | "job" | "updatedAt">;

/**
 * Records what a read of the job showed: its progress while it runs, or the
 * run's end once it has ended. A run already ended is left as it is.
 */
export async function settleJob(
  ledger: Ledger,
  run: JobRun,
  view: JobView,
  now = Date.now(),
): Promise<void> {
  if (run.status !== "in_progress") return;
  const progress = {
    id: view.id,
    status: view.status,
    pagesDone: view.pagesDone,
    pagesTotal: view.pagesTotal,
  };
  switch (view.status) {
    case "succeeded": {
      await ledger.recordJob(run.localId, progress);
      if (!view.outcome) return;
      const { meta, data } = view.outcome;
      await ledger.recordProcessEnd(run.localId, {
        ok: true,
        result: { httpStatus: 200, meta, data, replayed: false },
      });
      return;
    }
    case "failed":
      await ledger.recordJob(run.localId, progress);
      await ledger.recordProcessEnd(run.localId, {
        ok: false,
        failure: describeFailure(view.failure ?? new AppError("upstream_error")),
      });
      return;
    case "cancelled":
      await ledger.recordCancelled(run.localId, progress);
      return;
    default: {
      const seen = run.job;
      const changed =
        !seen ||
        seen.id !== view.id ||
        seen.status !== view.status ||
        seen.pagesDone !== view.pagesDone ||
        seen.pagesTotal !== view.pagesTotal;
      if (changed || now - run.updatedAt >= TOUCH_EVERY_MS) {
        await ledger.recordJob(run.localId, {
          ...progress,
          ...(seen ? {} : { traceId: view.traceId }),
        });
      }
    }
  }
}

/**
 * Reads the run's job from the service and records what it showed. A job the
 * service no longer knows ends the run (JOB_GONE); any other failure to read
 * it (the service down, busy) is thrown and the run stays as it is.
 */
export async function refreshJobRun(
  ledger: Ledger,
  run: JobRun,
  signal?: AbortSignal,
): Promise<JobView> {
  if (!run.job) throw new AppError("not_found");
  try {
    const view = await getJob(run.job.id, signal);
    await settleJob(ledger, run, view);
    return view;
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found" && run.status === "in_progress") {
      await ledger.recordProcessEnd(run.localId, { ok: false, failure: JOB_GONE });
    }
    throw error;
  }
}

/**
 * A run's job as the browser gets it, from the ledger alone: for a run that has
 * ended (the service need not be asked again, and may have dropped the job by now).
 */
export function jobAnswerFromRun(run: RunDetail): JobAnswer | null {
  if (!run.job || run.status === "in_progress") return null;
  const base: JobAnswer = {
    runId: run.id,
    jobId: run.job.id,
    status:
      run.status === "succeeded"
        ? "succeeded"
        : run.status === "cancelled"
          ? "cancelled"
          : "failed",
    pagesDone: run.job.pagesDone ?? 0,
    pagesTotal: run.job.pagesTotal ?? 0,
    pages: [],
  };
  const meta = processMetaSchema.safeParse(run.meta);
  if (run.status === "succeeded" && run.data && run.kind && meta.success) {
    return { ...base, result: { kind: run.kind, data: run.data, meta: buyerMeta(meta.data) } };
  }
  if (run.status === "failed") {
    const code = isAppErrorCode(run.errorCode) ? run.errorCode : "internal";
    return {
      ...base,
      failure: {
        code,
        message: run.errorMessage ?? ERROR_TEXT[code].message,
        ...(run.traceId ? { traceId: run.traceId } : {}),
      },
    };
  }
  return base;
}

/** The job's state now: from the ledger once the run ended, else read from the service. */
export async function readJobRun(
  ledger: Ledger,
  run: RunDetail,
  after: number,
  signal?: AbortSignal,
): Promise<JobAnswer> {
  const ended = jobAnswerFromRun(run);
  if (ended) return ended;
  const view = await refreshJobRun(ledger, run, signal);
  return jobAnswer(run.id, view, after);
}

/**
 * Cancels the run's job. The pages read stay with the service; the run ends as
 * cancelled. A job that ended first is answered as it ended (a result the
 * buyer can still have).
 */
export async function cancelJobRun(
  ledger: Ledger,
  run: RunDetail,
  signal?: AbortSignal,
): Promise<JobAnswer> {
  const ended = jobAnswerFromRun(run);
  if (ended) return ended;
  if (!run.job) throw new AppError("not_found", { message: NOT_YOURS });
  const view = await cancelJob(run.job.id, signal);
  await settleJob(ledger, run, view);
  return jobAnswer(run.id, view);
}
