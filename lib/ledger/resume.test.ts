// Resuming runs an app that died left in progress, on a real SQLite ledger
// (and PostgreSQL when TEST_DATABASE_URL is set), with the service's
// idempotent answers played by a fake.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/errors";
import type { JobView, ProcessCall, ProcessOutcome, ProcessReply } from "@/lib/routing/types";
import { describeFailure } from "./failure";
import type { Ledger } from "./ledger";
import { INTERRUPTED, planResume, type ResumeDeps, resumePolicy, resumeRun } from "./resume";
import { ledgerBackends } from "./test-backends";

const policy = resumePolicy(130_000);
const T0 = Date.parse("2026-11-21T10:00:00Z");

describe("planResume", () => {
  const request = {
    headers: { "Idempotency-Key": "key-1" },
    body: {
      input: {
        document: "s3://b/uploads/c/x.png",
        mime_type: "image/png",
        language_hints: ["eng"],
      },
      input_ref: "uploads/c/x.png",
    },
  };
  const run = {
    status: "in_progress" as const,
    processStartedAt: T0,
    updatedAt: T0,
    request,
    idempotencyKey: "key-1",
  };

  it("leaves finished runs and runs that never reached processing alone", () => {
    expect(planResume({ ...run, status: "succeeded" }, T0 + 60_000, policy).kind).toBe("none");
    expect(planResume({ ...run, status: "failed" }, T0 + 60_000, policy).kind).toBe("none");
    expect(planResume({ ...run, processStartedAt: null }, T0 + 60_000, policy).kind).toBe("none");
  });

  it("waits while the run was touched recently: its call may still be under way", () => {
    expect(planResume(run, T0 + policy.staleMs - 1, policy).kind).toBe("wait");
  });

  it("asks again with the stored key and request once the run is stale", () => {
    expect(planResume(run, T0 + policy.staleMs, policy)).toEqual({
      kind: "reask",
      call: request,
    });
  });

  it("ends a run it cannot ask again only when no call of it can still be running", () => {
    const noKey = { ...run, request: { headers: {}, body: request.body }, idempotencyKey: null };
    expect(planResume(noKey, T0 + policy.staleMs, policy).kind).toBe("wait");
    expect(planResume(noKey, T0 + policy.abandonAfterMs, policy).kind).toBe("interrupt");
    // Past the service's replay window a re-ask could run the document again.
    const old = T0 + policy.replayWindowMs;
    expect(planResume({ ...run, updatedAt: old - 1 }, old, policy).kind).toBe("wait");
    expect(planResume({ ...run, updatedAt: old - policy.abandonAfterMs }, old, policy).kind).toBe(
      "interrupt",
    );
  });

  it("does not trust a stored request whose key is not the run's", () => {
    expect(planResume({ ...run, idempotencyKey: "other" }, T0 + policy.staleMs, policy).kind).toBe(
      "wait",
    );
  });
});

const backends = ledgerBackends("resume");

const outcome = (traceId: string): ProcessOutcome => ({
  kind: "ocr",
  data: { text: "Dear reader", language: "eng", pages: [] },
  meta: { trace_id: traceId, estimated_cost: 0.001, latency_ms: 900, failover_depth: 0 },
  replayed: true,
});

describe.each(backends)("resumeRun on $name", (backend) => {
  let clock = T0;
  let ledger: Ledger;
  beforeAll(async () => {
    ledger = await backend.open(() => clock);
  });
  afterAll(async () => {
    await ledger.close();
    await backend.cleanup();
  });

  /** A process call as trackProcess records it, whose app then died. */
  async function orphan(key: string | undefined) {
    const objectKey = `uploads/cat-ocr/${randomBytes(4).toString("hex")}.png`;
    const id = await ledger.recordProcessStart({
      sessionId: "buyer",
      categoryId: "cat-ocr",
      objectKey,
      s3Uri: `s3://docroute/${objectKey}`,
      idempotencyKey: key,
      request: {
        headers: key ? { "Idempotency-Key": key } : {},
        body: {
          input: { document: `s3://docroute/${objectKey}`, mime_type: "image/png" },
          input_ref: objectKey,
        },
      },
    });
    return { id, objectKey };
  }

  function deps(process: ResumeDeps["process"]): ResumeDeps {
    return {
      claim: ledger.claimStaleRun,
      process,
      end: ledger.recordProcessEnd,
      job: (id, job) => ledger.recordJob(id, job),
      describe: describeFailure,
    };
  }
  const detail = async (id: string) => {
    const run = await ledger.findRun(id);
    if (!run) throw new Error(`no run ${id}`);
    return run;
  };

  it("records the service's answer to the same key: the run ends with its real outcome", async () => {
    const key = `key-${randomBytes(4).toString("hex")}`;
    const { id, objectKey } = await orphan(key);
    clock += policy.staleMs;
    const process = vi.fn(
      async (_c: string, _call: ProcessCall): Promise<ProcessOutcome> => outcome("a".repeat(32)),
    );
    expect(await resumeRun(deps(process), await detail(id), clock, policy)).toBe("succeeded");

    expect(process).toHaveBeenCalledOnce();
    expect(process).toHaveBeenCalledWith("cat-ocr", {
      headers: { "Idempotency-Key": key },
      body: {
        input: { document: `s3://docroute/${objectKey}`, mime_type: "image/png" },
        input_ref: objectKey,
      },
    });
    const run = await detail(id);
    expect(run).toMatchObject({ id: "a".repeat(32), status: "succeeded", replayed: true });
    expect(run.data?.text).toBe("Dear reader");
    expect((await ledger.lookupRun(key))?.localId).toBe(id);
  });

  it("keeps the job the service replays for the same key, and waits for it", async () => {
    const key = `key-${randomBytes(4).toString("hex")}`;
    const { id } = await orphan(key);
    clock += policy.staleMs;
    const job: JobView = {
      id: "0b5c3f52-4a58-4d39-9a3e-4c1b0c1e2f3a",
      status: "running",
      pagesDone: 2,
      pagesTotal: 12,
      traceId: "c".repeat(32),
      pages: [],
    };
    const process = vi.fn(async (): Promise<ProcessReply> => ({ job, replayed: true }));
    expect(await resumeRun(deps(process), await detail(id), clock, policy)).toBe("waiting");
    expect(await detail(id)).toMatchObject({
      id: "c".repeat(32),
      status: "in_progress",
      job: { id: job.id, status: "running", pagesDone: 2, pagesTotal: 12 },
    });
  });

  it("does nothing to a run that was touched recently", async () => {
    const { id } = await orphan(`key-${randomBytes(4).toString("hex")}`);
    const process = vi.fn(async () => outcome("b".repeat(32)));
    expect(await resumeRun(deps(process), await detail(id), clock + 1000, policy)).toBe("waiting");
    expect(process).not.toHaveBeenCalled();
    expect((await detail(id)).status).toBe("in_progress");
  });

  it("asks once when two app instances find the same stale run", async () => {
    const { id } = await orphan(`key-${randomBytes(4).toString("hex")}`);
    clock += policy.staleMs;
    const seen = await detail(id);
    const process = vi.fn(async () => outcome("c".repeat(32)));
    const results = await Promise.all([
      resumeRun(deps(process), seen, clock, policy),
      resumeRun(deps(process), seen, clock, policy),
    ]);
    expect(results.sort()).toEqual(["succeeded", "taken"]);
    expect(process).toHaveBeenCalledOnce();
  });

  it("leaves a run its owner is still processing (409) or the service cannot be reached, and asks later", async () => {
    const { id } = await orphan(`key-${randomBytes(4).toString("hex")}`);
    clock += policy.staleMs;
    const busy = vi.fn(async (): Promise<ProcessOutcome> => {
      throw new AppError("still_running");
    });
    expect(await resumeRun(deps(busy), await detail(id), clock, policy)).toBe("waiting");
    expect((await detail(id)).status).toBe("in_progress");

    const down = vi.fn(async (): Promise<ProcessOutcome> => {
      throw new AppError("service_unreachable");
    });
    // The failed attempt counts as a touch: the next one waits its turn.
    expect(await resumeRun(deps(down), await detail(id), clock + 1, policy)).toBe("waiting");
    expect(down).not.toHaveBeenCalled();
    clock += policy.staleMs;
    expect(await resumeRun(deps(down), await detail(id), clock, policy)).toBe("waiting");
    expect(down).toHaveBeenCalledOnce();
    expect((await detail(id)).status).toBe("in_progress");

    clock += policy.staleMs;
    const answer = vi.fn(async () => outcome("d".repeat(32)));
    expect(await resumeRun(deps(answer), await detail(id), clock, policy)).toBe("succeeded");
    expect((await detail(id)).status).toBe("succeeded");
  });

  it("records a final failure the service replays, with its trace id", async () => {
    const { id } = await orphan(`key-${randomBytes(4).toString("hex")}`);
    clock += policy.staleMs;
    const failed = vi.fn(async (): Promise<ProcessOutcome> => {
      throw new AppError("providers_failed", { traceId: "e".repeat(32) });
    });
    expect(await resumeRun(deps(failed), await detail(id), clock, policy)).toBe("failed");
    expect(await detail(id)).toMatchObject({
      id: "e".repeat(32),
      status: "failed",
      errorCode: "providers_failed",
    });
  });

  it("ends a run without a key as interrupted, in plain words, once no call can still run", async () => {
    const { id } = await orphan(undefined);
    const process = vi.fn(async () => outcome("f".repeat(32)));
    clock += policy.staleMs;
    expect(await resumeRun(deps(process), await detail(id), clock, policy)).toBe("waiting");
    clock += policy.abandonAfterMs;
    expect(await resumeRun(deps(process), await detail(id), clock, policy)).toBe("interrupted");
    expect(process).not.toHaveBeenCalled();
    expect(await detail(id)).toMatchObject({
      status: "failed",
      errorCode: "interrupted",
      errorMessage: INTERRUPTED.message,
    });
  });

  it("lists stale runs for the sweeper, oldest first, and not finished or fresh ones", async () => {
    const stale = await ledger.listStaleRuns(clock - policy.staleMs + 1, 100);
    expect(stale.every((r) => r.status === "in_progress" && r.processStartedAt !== null)).toBe(
      true,
    );
    const { id } = await orphan(`key-${randomBytes(4).toString("hex")}`);
    expect((await ledger.listStaleRuns(clock, 100)).map((r) => r.localId)).not.toContain(id);
    clock += policy.staleMs;
    expect(
      (await ledger.listStaleRuns(clock - policy.staleMs + 1, 100)).map((r) => r.localId),
    ).toContain(id);
  });
});
