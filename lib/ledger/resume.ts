// Runs whose app died mid-call. A process call is recorded as started, and its
// end is written by the same request handler; if that app process is killed
// (a deploy, a crash, an out-of-memory kill), nobody writes the end and the run
// would stay "in progress" for ever.
//
// The ledger keeps the request and its Idempotency-Key, so any app instance
// can ask the service again with the same key, and the service's idempotency
// decides what that means:
// - the first call finished: its stored answer (200, or a final 502/504) is
//   replayed with the same trace id, and nothing runs or is charged twice;
// - it is still running (the owner is alive, maybe in another instance): 409,
//   and the run is left to its owner;
// - it never finished (the service drops a call whose client went away and
//   frees the key): the document is processed now, once.
// So a re-ask never needs to know whether the run's owner is alive, and
// several instances sharing one ledger stay safe: a claim on `updated_at`
// makes one of them ask at a time, and the service settles the rest.
//
// A run that cannot be asked again (no key or request kept, or older than the
// service keeps answers) ends as "interrupted" once no call could still be
// running, with words a person understands.
import { z } from "zod";
import { ERROR_TEXT } from "@/lib/errors/messages";
import { idempotencyKeySchema } from "@/lib/kernel/contract/requests";
import type { JobView, ProcessCall, ProcessReply } from "@/lib/routing/types";
import type { FailureInput, ProcessEndInput, RunDetail } from "./types";

export interface ResumePolicy {
  /** A run untouched for this long may have lost its app (a live call answers 409). */
  staleMs: number;
  /** Ask again only while the service still keeps the answer (its 24 h, less a margin). */
  replayWindowMs: number;
  /** A run that cannot be asked again is ended after this: no call of it can still run. */
  abandonAfterMs: number;
}

const HOUR = 3_600_000;

export function resumePolicy(processTimeoutMs: number): ResumePolicy {
  return {
    staleMs: 10_000,
    replayWindowMs: 23 * HOUR,
    abandonAfterMs: processTimeoutMs + 60_000,
  };
}

/** The call as trackProcess keeps it (lib/routing's ProcessCall), with its key. */
const storedCallSchema = z.object({
  headers: z.object({ "Idempotency-Key": idempotencyKeySchema }),
  body: z.looseObject({
    input: z.looseObject({ document: z.string().min(1), mime_type: z.string().min(1) }),
  }),
});

export type ResumePlan =
  | { kind: "none" }
  | { kind: "wait" }
  | { kind: "reask"; call: ProcessCall }
  | { kind: "interrupt" };

type PlanRun = Pick<
  RunDetail,
  "status" | "processStartedAt" | "updatedAt" | "request" | "idempotencyKey"
>;

/** What to do about a run now. Only runs whose process call began are concerned. */
export function planResume(run: PlanRun, now: number, policy: ResumePolicy): ResumePlan {
  if (run.status !== "in_progress" || run.processStartedAt === null) return { kind: "none" };
  if (now - run.updatedAt < policy.staleMs) return { kind: "wait" };
  const stored = storedCallSchema.safeParse(run.request);
  if (
    stored.success &&
    stored.data.headers["Idempotency-Key"] === run.idempotencyKey &&
    now - run.processStartedAt < policy.replayWindowMs
  ) {
    // Sent again exactly as it was first sent.
    return { kind: "reask", call: run.request as ProcessCall };
  }
  return now - run.updatedAt >= policy.abandonAfterMs ? { kind: "interrupt" } : { kind: "wait" };
}

export const INTERRUPTED: FailureInput = {
  code: "interrupted",
  message: ERROR_TEXT.interrupted.message,
};

/**
 * Failures that say nothing about the run's outcome: the service is still at
 * it (409), could not be reached, was busy, or did not answer in time without
 * a trace. The run stays in progress and is asked again later.
 */
export function isUndecided(failure: FailureInput): boolean {
  if (failure.code === "timeout") return !failure.traceId;
  return [
    "still_running",
    "service_unreachable",
    "service_busy",
    "rate_limited",
    "cancelled",
  ].includes(failure.code);
}

export interface ResumeDeps {
  /** Takes the run for this attempt if nobody touched it since `seenUpdatedAt`. */
  claim: (localId: string, seenUpdatedAt: number) => Promise<boolean>;
  process: (categoryId: string, call: ProcessCall) => Promise<ProcessReply>;
  end: (localId: string, end: ProcessEndInput) => Promise<void>;
  /** The service made a job of the call (a long document): the run waits for it (job-runs.ts). */
  job: (localId: string, job: JobView) => Promise<void>;
  describe: (error: unknown) => FailureInput;
}

export type ResumeResult =
  | "none"
  | "waiting"
  | "taken"
  | "succeeded"
  | "failed"
  | "interrupted"
  | "cancelled";

/** Resumes one run if it needs it; resolves when its outcome is recorded or left for later. */
export async function resumeRun(
  deps: ResumeDeps,
  run: PlanRun & Pick<RunDetail, "localId" | "categoryId">,
  now: number,
  policy: ResumePolicy,
): Promise<ResumeResult> {
  const plan = planResume(run, now, policy);
  if (plan.kind === "none") return "none";
  if (plan.kind === "wait") return "waiting";
  if (!(await deps.claim(run.localId, run.updatedAt))) return "taken";
  if (plan.kind === "interrupt") {
    await deps.end(run.localId, { ok: false, failure: INTERRUPTED });
    return "interrupted";
  }
  let outcome: ProcessReply;
  try {
    outcome = await deps.process(run.categoryId, plan.call);
  } catch (error) {
    const failure = deps.describe(error);
    if (isUndecided(failure)) return "waiting";
    await deps.end(run.localId, { ok: false, failure });
    return "failed";
  }
  if (outcome.job) {
    // The service replayed the job it made of the first call (202): read from now on.
    await deps.job(run.localId, outcome.job);
    return "waiting";
  }
  await deps.end(run.localId, {
    ok: true,
    result: { httpStatus: 200, meta: outcome.meta, data: outcome.data, replayed: outcome.replayed },
  });
  return "succeeded";
}
