import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Grant } from "@/lib/api/documents";
import { isJobReply, type JobAnswer, type ProcessReplyAnswer } from "@/lib/api/jobs";
import { useAppEnvironment } from "@/lib/testing/app-env";
import { jar } from "@/lib/testing/cookie-jar";
import { startService, type TestService } from "@/service/test/helpers";
import {
  type PageReader,
  pageReader,
  pagesPdf,
  readersRouter,
  testJobsConfig,
  waitFor,
} from "@/service/test/job-helpers";
import { PDF } from "@/service/test/process-helpers";

vi.mock("next/headers", async () => (await import("@/lib/testing/cookie-jar")).nextHeaders);

type Context = { params: Promise<{ id: string }> };
type Handler = (request: Request, context: Context) => Promise<Response>;
let svc: TestService;
let reader: PageReader;
let grantRoute: Handler;
let processRoute: Handler;
let jobRoute: { GET: Handler; DELETE: Handler };
let ledger: Awaited<ReturnType<typeof import("@/lib/ledger")["getLedger"]>>;
const alice = new Map<string, string>();
const bob = new Map<string, string>();

beforeAll(async () => {
  reader = pageReader("pages", [], { delayMs: 150 });
  svc = await startService({
    router: readersRouter([reader]),
    jobsConfig: testJobsConfig({ asyncOverPages: 50 }),
  });
  await useAppEnvironment(svc.url, svc.key);
  grantRoute = (await import("./categories/[id]/uploads/route")).POST;
  processRoute = (await import("./categories/[id]/process/route")).POST;
  jobRoute = await import("./runs/[id]/job/route");
  ledger = await (await import("@/lib/ledger")).getLedger();
}, 30_000);
afterAll(async () => {
  await svc?.close();
});

function as(
  buyer: Map<string, string>,
  handler: Handler,
  url: string,
  init: RequestInit,
  id: string,
) {
  jar.current = buyer;
  return handler(new Request(`http://app${url}`, init), { params: Promise.resolve({ id }) });
}

const postJson = (
  buyer: Map<string, string>,
  handler: Handler,
  route: string,
  body: unknown,
  headers = {},
) =>
  as(
    buyer,
    handler,
    `/api/categories/${PDF}/${route}`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    },
    PDF,
  );

/** A buyer's upload of a PDF of `pages` pages: a grant through the app, then the PUT. */
async function upload(buyer: Map<string, string>, pages: number, label: string): Promise<Grant> {
  const bytes = pagesPdf(pages, label);
  const response = await postJson(buyer, grantRoute, "uploads", {
    contentType: "application/pdf",
    fileName: `${label}.pdf`,
    size: bytes.length,
  });
  expect(response.status).toBe(200);
  const grant = (await response.json()) as Grant;
  const put = await fetch(grant.uploadUrl, {
    method: "PUT",
    headers: { "Content-Type": "application/pdf" },
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  return grant;
}

async function processAs(buyer: Map<string, string>, grant: Grant, pages?: number) {
  const response = await postJson(
    buyer,
    processRoute,
    "process",
    { document: grant.s3Uri, mimeType: "application/pdf", ...(pages ? { pages } : {}) },
    { "Idempotency-Key": `key-${Math.random()}` },
  );
  return { response, answer: (await response.json()) as ProcessReplyAnswer };
}

const readJob = (buyer: Map<string, string>, runId: string, after = 0) =>
  as(buyer, jobRoute.GET, `/api/runs/${runId}/job?after=${after}`, { method: "GET" }, runId);
const cancelJob = (buyer: Map<string, string>, runId: string) =>
  as(buyer, jobRoute.DELETE, `/api/runs/${runId}/job`, { method: "DELETE" }, runId);

/** Starts a job for `buyer` and gives its first answer. */
async function startJob(buyer: Map<string, string>, pages: number, label: string) {
  const grant = await upload(buyer, pages, label);
  const { response, answer } = await processAs(buyer, grant, pages);
  expect(response.status, JSON.stringify(answer)).toBe(202);
  if (!isJobReply(answer)) throw new Error("no job");
  const { job } = answer;
  expect(response.headers.get("location")).toBe(`/api/runs/${job.runId}/job`);
  return job;
}

describe("a long document as a job, through the app", () => {
  it("follows the job page by page to the run a synchronous answer records", async () => {
    const started = await startJob(alice, 6, "Long");
    expect(started).toMatchObject({ pagesTotal: 6, pages: [] });
    expect(started.runId).toMatch(/^[0-9a-f]{32}$/);
    // The run is found by its trace id at once, in progress with its job.
    const recorded = await ledger.findRun(started.runId);
    expect(recorded).toMatchObject({ status: "in_progress", job: { id: started.jobId } });

    // Each read brings only the pages after the last one seen, in order.
    const seen: { number: number; text: string }[] = [];
    const done = await waitFor(
      async () => {
        const response = await readJob(alice, started.runId, seen.at(-1)?.number ?? 0);
        expect(response.status).toBe(200);
        const job = (await response.json()) as JobAnswer;
        for (const page of job.pages) {
          expect(page.number).toBeGreaterThan(seen.at(-1)?.number ?? 0);
          seen.push(page);
        }
        return job.status === "succeeded" ? job : undefined;
      },
      20_000,
      "the job to succeed",
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]?.text).toContain("Long 1 of the document");
    expect(done.result?.kind).toBe("ocr");
    const text = String(done.result?.data.text);
    for (let page = 1; page <= 6; page++) expect(text).toContain(`Long ${page} of the document`);

    // Recorded exactly as a synchronous answer: data, meta, cost, latency, failover, trace.
    const run = await ledger.findRun(started.runId);
    expect(run).toMatchObject({
      status: "succeeded",
      traceId: started.runId,
      httpStatus: 200,
      cost: done.result?.meta.estimated_cost,
      latencyMs: done.result?.meta.latency_ms,
      failoverDepth: 0,
      provider: "pages",
      job: { id: started.jobId, status: "succeeded", pagesDone: 6, pagesTotal: 6 },
    });
    expect(run?.data).toEqual(done.result?.data);
    expect(run?.meta?.trace_id).toBe(started.runId);

    // Read again later: from the ledger, the same answer.
    const again = (await (await readJob(alice, started.runId)).json()) as JobAnswer;
    expect(again.status).toBe("succeeded");
    expect(again.result?.data).toEqual(done.result?.data);
  });

  it("answers another buyer, or nobody, as it answers an unknown id", async () => {
    const started = await startJob(alice, 5, "Private");
    for (const buyer of [bob, new Map<string, string>()]) {
      const read = await readJob(buyer, started.runId);
      expect(read.status).toBe(404);
      expect(JSON.stringify(await read.json())).not.toContain(started.jobId);
      expect((await cancelJob(buyer, started.runId)).status).toBe(404);
    }
    expect((await readJob(alice, "f".repeat(32))).status).toBe(404);
    // Bob's DELETE changed nothing: Alice's job still ends well.
    await waitFor(
      async () =>
        ((await (await readJob(alice, started.runId)).json()) as JobAnswer).status === "succeeded",
      20_000,
    );
  });

  it("cancels the buyer's own job: the run ends as cancelled, the pages read shown", async () => {
    const release = reader.hold(3);
    try {
      const started = await startJob(alice, 8, "Stop");
      await waitFor(
        async () =>
          ((await (await readJob(alice, started.runId)).json()) as JobAnswer).pagesDone >= 2,
        20_000,
      );
      const response = await cancelJob(alice, started.runId);
      expect(response.status).toBe(200);
      const cancelled = (await response.json()) as JobAnswer;
      expect(cancelled).toMatchObject({ status: "cancelled", pagesDone: 2, pagesTotal: 8 });
      expect(cancelled.pages.map((p) => p.number)).toEqual([1, 2]);
      const run = await ledger.findRun(started.runId);
      expect(run).toMatchObject({
        status: "cancelled",
        errorCode: "cancelled",
        job: { status: "cancelled", pagesDone: 2 },
      });
      // Cancelled is final: a second DELETE and a read answer the same, from the ledger.
      const again = (await (await cancelJob(alice, started.runId)).json()) as JobAnswer;
      expect(again.status).toBe("cancelled");
      expect(((await (await readJob(alice, started.runId)).json()) as JobAnswer).status).toBe(
        "cancelled",
      );
    } finally {
      release();
    }
  });

  it("processes a short document synchronously, without a job", async () => {
    const grant = await upload(alice, 2, "Short");
    const { response, answer } = await processAs(alice, grant, 2);
    expect(response.status).toBe(200);
    if (isJobReply(answer)) throw new Error("a short document became a job");
    expect(String(answer.data.text)).toContain("Short 2");
  });
});
