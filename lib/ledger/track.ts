// What the route handlers call: each wraps one call to the Routing Service,
// records the run (success or failure) under the buyer's session, and returns
// or rethrows exactly what the call did. A ledger that fails never fails the
// buyer's request; it is logged (without bodies or keys) and the run goes on.
import "server-only";
import { ensureBuyerSession } from "@/lib/auth/buyer-session";
import {
  type Grant,
  getCategory,
  type JobAccepted,
  type ProcessCall,
  type ProcessOutcome,
  type ProcessReply,
} from "@/lib/routing";
import { markActive } from "./active-runs";
import { describeFailure } from "./failure";
import { getLedger } from "./instance";
import { settleJob } from "./job-runs";

async function safely<T>(what: string, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    console.error(
      `[ledger] could not record ${what}:`,
      error instanceof Error ? error.message : "unknown",
    );
    return undefined;
  }
}

/** The category's name for the ledger, from the client's short-lived catalog; none on failure. */
async function categoryName(id: string): Promise<string | undefined> {
  try {
    return (await getCategory(id)).name;
  } catch {
    return undefined;
  }
}

/** A job the service made of a process call, and the run that waits for it. */
export interface TrackedJob extends JobAccepted {
  runId: string;
}

/** POST /api/categories/:id/uploads: asks for a grant and records the run it starts. */
export async function trackGrant(
  context: {
    categoryId: string;
    contentType: string;
    fileName?: string | undefined;
    fileSize?: number | undefined;
  },
  send: () => Promise<Grant>,
): Promise<Grant> {
  const sessionId = await safely("the buyer session", ensureBuyerSession);
  if (!sessionId) return send();
  const name = categoryName(context.categoryId);
  const base = {
    sessionId,
    categoryId: context.categoryId,
    mediaType: context.contentType,
    fileName: context.fileName,
    fileSize: context.fileSize,
  };
  try {
    const grant = await send();
    await safely("a grant", async () =>
      (await getLedger()).recordGrant({
        ...base,
        categoryName: await name,
        objectKey: grant.objectKey,
        s3Uri: grant.s3Uri,
      }),
    );
    return grant;
  } catch (error) {
    await safely("a refused grant", async () =>
      (await getLedger()).recordGrantFailure({
        ...base,
        categoryName: await name,
        failure: describeFailure(error),
      }),
    );
    throw error;
  }
}

/**
 * POST /api/categories/:id/process: sends the call and records its start, end
 * and outcome under the buyer's session. The route has found the upload
 * granted to this buyer (access.ts, openOwnUpload) and shaped the call
 * (lib/routing, processCall); the run keeps the call as given, with the
 * browser's own Idempotency-Key, so a resume sends it again as it is
 * (resume.ts).
 *
 * When the service makes a job of it (202, a long document), the run stays in
 * progress with the job's id, and its end is recorded by whoever reads the job
 * next (job-runs.ts); the caller gets the job and the run's id.
 */
export async function trackProcess(
  context: { categoryId: string; sessionId: string; call: ProcessCall },
  send: () => Promise<ProcessReply>,
): Promise<ProcessOutcome | TrackedJob> {
  const { sessionId, call } = context;
  const { input } = call.body;
  // The call goes out first and its start is recorded while the service works, so
  // the ledger's writes add nothing to the buyer's wait (bench/app.ts). Its outcome
  // is taken below, once the start is recorded.
  const sending = send();
  sending.catch(() => {});
  // SQLite runs synchronously: one turn of the event loop first puts the request on
  // the wire, or the writes would run before it is sent.
  await new Promise((resolve) => setImmediate(resolve));
  const name = categoryName(context.categoryId);
  const runId = await safely("a process start", async () =>
    (await getLedger()).recordProcessStart({
      sessionId,
      categoryId: context.categoryId,
      categoryName: await name,
      mediaType: input.mime_type,
      objectKey: call.body.input_ref,
      s3Uri: input.document,
      idempotencyKey: call.headers["Idempotency-Key"],
      request: call,
    }),
  );
  const release = runId ? markActive(runId) : undefined;
  try {
    const outcome = await sending;
    if (outcome.job) {
      if (runId) {
        const ledger = await getLedger();
        await safely("a job", () =>
          settleJob(
            ledger,
            { localId: runId, status: "in_progress", job: null, updatedAt: 0 },
            outcome.job,
          ),
        );
      }
      // The trace id of the call that made the job is the run's public id (writes.ts, recordJob).
      return { ...outcome, runId: outcome.job.traceId };
    }
    if (runId) {
      await safely("a process result", async () =>
        (await getLedger()).recordProcessEnd(runId, {
          ok: true,
          result: {
            httpStatus: 200,
            meta: outcome.meta,
            data: outcome.data,
            replayed: outcome.replayed,
          },
        }),
      );
    }
    return outcome;
  } catch (error) {
    if (runId) {
      await safely("a process failure", async () =>
        (await getLedger()).recordProcessEnd(runId, { ok: false, failure: describeFailure(error) }),
      );
    }
    throw error;
  } finally {
    release?.();
  }
}
