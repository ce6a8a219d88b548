// Jobs over real HTTP (INTERFACE.md, "Jobs"): 202 and Location, polling to the same data
// the synchronous call gives, pages visible while the rest run, cancelling, batches, and
// another API key's 404. Webhooks and callback addresses: webhooks.test.ts; a job taken
// over from a dead instance: job-queue.test.ts.
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  batchSchema,
  jobSchema,
  type OcrData,
  processResultSchema,
  validationErrorSchema,
} from "@/lib/kernel/contract";
import { startService, type TestService } from "./helpers";
import {
  getJob,
  OTHER_KEY,
  type PageReader,
  pageReader,
  pagesPdf,
  pollJob,
  readersRouter,
  testJobsConfig,
  waitFor,
} from "./job-helpers";
import { PDF, processPath, UNKNOWN, uploadBytes } from "./process-helpers";

const ASYNC = { Prefer: "respond-async" };

describe("jobs", () => {
  let svc: TestService;
  let reader: PageReader;

  beforeAll(async () => {
    reader = pageReader("pages");
    svc = await startService({
      router: readersRouter([reader]),
      jobsConfig: testJobsConfig({ asyncOverPages: 4 }),
    });
  });
  afterAll(async () => {
    await svc?.close();
  });

  async function upload(pages: number, label?: string) {
    return uploadBytes(svc, PDF, pagesPdf(pages, label), "application/pdf");
  }

  const body = (doc: { s3_uri: string }) => ({
    input: { document: doc.s3_uri, mime_type: "application/pdf" },
  });

  async function submit(
    pages: number,
    init: { headers?: Record<string, string>; key?: string } = {},
  ) {
    const doc = await upload(pages);
    const res = await svc.postJson(processPath(PDF), body(doc), {
      headers: ASYNC,
      ...init,
    });
    expect(res.status, await res.clone().text()).toBe(202);
    return jobSchema.parse(await res.json());
  }

  it("answers 202 with the job, Location and Preference-Applied to Prefer: respond-async", async () => {
    const doc = await upload(2);
    const res = await svc.postJson(processPath(PDF), body(doc), { headers: ASYNC });
    expect(res.status, await res.clone().text()).toBe(202);
    const job = jobSchema.parse(await res.json());
    expect(res.headers.get("location")).toBe(`/v1/jobs/${job.id}`);
    expect(res.headers.get("preference-applied")).toBe("respond-async");
    expect(res.headers.get("x-request-id")).toBe(job.trace_id);
    expect(job).toMatchObject({
      status: "queued",
      category_id: PDF,
      batch_id: null,
      pages_done: 0,
      pages_total: 2,
      started_at: null,
      finished_at: null,
    });
    await pollJob(svc, job.id, (j) => j.status === "succeeded");
  });

  it("finishes with the same data as the synchronous call, read page by page", async () => {
    const doc = await upload(3, "Same");
    const sync = await svc.postJson(processPath(PDF), body(doc));
    expect(sync.status, await sync.clone().text()).toBe(200);
    const expected = processResultSchema.parse(await sync.json());

    const callsBefore = reader.calls.length;
    const res = await svc.postJson(processPath(PDF), body(doc), { headers: ASYNC });
    expect(res.status).toBe(202);
    const { id } = jobSchema.parse(await res.json());
    const job = await pollJob(svc, id, (j) => j.status === "succeeded");
    // A finished job parses as a synchronous answer.
    const result = processResultSchema.parse(job);
    expect(result.data).toEqual(expected.data);
    expect(job.pages_done).toBe(3);
    expect(job.partial).toBeUndefined();
    expect(result.meta).toMatchObject({
      estimated_cost: 0.003,
      failover_depth: 0,
      trace_id: job.trace_id,
      provider: "pages",
      pages: 3,
    });
    expect(result.meta.attempts?.map((a) => a.page)).toEqual([1, 2, 3]);
    // One call a page, each for that page alone.
    expect(reader.calls.slice(callsBefore).map((c) => c.pages)).toEqual([[1], [2], [3]]);
  });

  it("routes a one-page document whole, and counts its page", async () => {
    const before = reader.calls.length;
    const job = await submit(1);
    const done = await pollJob(svc, job.id, (j) => j.status === "succeeded");
    expect(done).toMatchObject({ pages_done: 1, pages_total: 1 });
    expect((done.data as OcrData).pages.map((p) => p.number)).toEqual([1]);
    expect(reader.calls.slice(before).map((c) => c.pages)).toEqual([undefined]);
  });

  it("routes a document whole where no provider reads single pages", async () => {
    const whole = { ...pageReader("whole"), selectsPages: false };
    const other = await startService({
      router: readersRouter([whole]),
      jobsConfig: testJobsConfig(),
    });
    try {
      const doc = await uploadBytes(other, PDF, pagesPdf(3), "application/pdf");
      const res = await other.postJson(processPath(PDF), body(doc), { headers: ASYNC });
      const { id } = jobSchema.parse(await res.json());
      const done = await pollJob(other, id, (j) => j.status !== "queued" && j.status !== "running");
      expect(done).toMatchObject({ status: "succeeded", pages_done: 3 });
      expect((done.data as OcrData).pages).toHaveLength(3);
      expect(whole.calls.map((c) => c.pages)).toEqual([undefined]);
    } finally {
      await other.close();
    }
  });

  it("makes a job of a long document without being asked, and answers a short one as before", async () => {
    const long = await upload(5);
    const res = await svc.postJson(processPath(PDF), body(long));
    expect(res.status, await res.clone().text()).toBe(202);
    expect(res.headers.get("preference-applied")).toBeNull();
    const job = jobSchema.parse(await res.json());
    expect(res.headers.get("location")).toBe(`/v1/jobs/${job.id}`);
    await pollJob(svc, job.id, (j) => j.status === "succeeded");

    const short = await upload(4);
    const answer = await svc.postJson(processPath(PDF), body(short));
    expect(answer.status).toBe(200);
    expect(processResultSchema.parse(await answer.json()).meta.pages).toBe(4);
  });

  it("shows the pages read so far while the rest run", async () => {
    const release = reader.hold(3);
    try {
      const job = await submit(4);
      const running = await pollJob(svc, job.id, (j) => j.pages_done === 2);
      expect(running.status).toBe("running");
      expect(running.started_at).not.toBeNull();
      const partial = running.partial as OcrData;
      expect(partial.pages.map((p) => p.number)).toEqual([1, 2]);
      expect(partial.text).toMatch(/Page 1 of the document\s+Page 2 of the document/);
      expect(running.data).toBeUndefined();
      release();
      const done = await pollJob(svc, job.id, (j) => j.status === "succeeded");
      expect((done.data as OcrData).pages.map((p) => p.number)).toEqual([1, 2, 3, 4]);
    } finally {
      release();
    }
  });

  it("cancels a running job: the page being read is abandoned, the pages read stay", async () => {
    const release = reader.hold(2);
    try {
      const before = reader.calls.length;
      const calls = () => reader.calls.slice(before);
      const job = await submit(4);
      await waitFor(
        () => calls().some((c) => c.pages?.[0] === 2 && c.outcome === "running"),
        10_000,
        "page 2 to be read",
      );
      const res = await svc.fetch(`/v1/jobs/${job.id}`, { method: "DELETE" });
      expect(res.status, await res.clone().text()).toBe(200);
      const cancelled = jobSchema.parse(await res.json());
      expect(cancelled.status).toBe("cancelled");
      expect(cancelled.finished_at).not.toBeNull();
      expect((cancelled.partial as OcrData).pages.map((p) => p.number)).toEqual([1]);
      // The page in hand is given up at once, and nothing more is read.
      await waitFor(
        () => calls().some((c) => c.pages?.[0] === 2 && c.outcome === "aborted"),
        5_000,
        "page 2 to be abandoned",
      );
      await new Promise((resolve) => setTimeout(resolve, 700));
      const later = await getJob(svc, job.id);
      expect(later).toMatchObject({ status: "cancelled", pages_done: 1 });
      expect(calls().some((c) => c.pages?.[0] === 3)).toBe(false);
      // Cancelling again changes nothing.
      const again = await svc.fetch(`/v1/jobs/${job.id}`, { method: "DELETE" });
      expect(again.status).toBe(200);
    } finally {
      release();
    }
  });

  it("answers 409 to cancelling a job that has finished", async () => {
    const job = await submit(2);
    await pollJob(svc, job.id, (j) => j.status === "succeeded");
    const res = await svc.fetch(`/v1/jobs/${job.id}`, { method: "DELETE" });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      detail: "The job has already succeeded; there is nothing to cancel.",
    });
  });

  it("answers 404 to another API key, and to an id that names no job", async () => {
    const job = await submit(2);
    for (const method of ["GET", "DELETE"]) {
      const res = await svc.fetch(`/v1/jobs/${job.id}`, { method, key: OTHER_KEY });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ detail: "Job not found" });
    }
    expect((await svc.fetch(`/v1/jobs/${UNKNOWN}`)).status).toBe(404);
    const malformed = await svc.fetch("/v1/jobs/not-a-job");
    expect(malformed.status).toBe(422);
    const [item] = validationErrorSchema.parse(await malformed.json()).detail;
    expect(item).toMatchObject({ type: "uuid_parsing", loc: ["path", "job_id"] });
    expect((await svc.fetch(`/v1/jobs/${job.id}`, { key: null })).status).toBe(401);
    // Still the owner's, and not cancelled by the other key.
    const own = await pollJob(svc, job.id, (j) => j.status === "succeeded");
    expect(own.status).toBe("succeeded");
  });

  it("refuses what the synchronous call refuses before making a job", async () => {
    const res = await svc.postJson(
      processPath(PDF),
      { input: { document: "s3://nowhere/x.pdf", mime_type: "application/pdf" } },
      { headers: ASYNC },
    );
    expect(res.status).toBe(422);
    const [item] = validationErrorSchema.parse(await res.json()).detail;
    expect(item?.loc).toEqual(["body", "input", "document"]);
  });

  it("replays the 202 of an Idempotency-Key with the same job", async () => {
    const doc = await upload(2);
    const headers = { ...ASYNC, "Idempotency-Key": "job-once" };
    const first = await svc.postJson(processPath(PDF), body(doc), { headers });
    const second = await svc.postJson(processPath(PDF), body(doc), { headers });
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect(await second.text()).toBe(await first.text());
  });

  it("answers jobs and batches as the OpenAPI document describes them", async () => {
    const doc = (await (await svc.fetch("/openapi.json", { key: null })).json()) as {
      components: { schemas: Record<string, object> };
    };
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema({ $id: "doc", components: doc.components });
    const valid = (name: string, body: unknown) => {
      const validate = ajv.getSchema(`doc#/components/schemas/${name}`);
      if (!validate) throw new Error(`no schema ${name}`);
      expect(validate(body), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    };
    const job = await submit(2);
    valid("Job", job);
    valid("Job", await pollJob(svc, job.id, (j) => j.status === "succeeded"));
    const doc1 = await upload(1);
    const batch = await svc.postJson(`/v1/categories/${PDF}/batches`, { documents: [body(doc1)] });
    valid("Batch", await batch.json());
    valid("BatchRequest", { documents: [body(doc1)], callback_url: "https://example.com/hook" });
  });

  describe("batches", () => {
    it("makes a job of each document and lists them together", async () => {
      const docs = await Promise.all([upload(2), upload(3), upload(1)]);
      const res = await svc.postJson(`/v1/categories/${PDF}/batches`, {
        documents: docs.map(body),
      });
      expect(res.status, await res.clone().text()).toBe(202);
      const batch = batchSchema.parse(await res.json());
      expect(res.headers.get("location")).toBe(`/v1/batches/${batch.id}`);
      expect(batch.jobs.map((j) => j.pages_total)).toEqual([2, 3, 1]);
      expect(batch.jobs.every((j) => j.batch_id === batch.id)).toBe(true);

      const done = await waitFor(async () => {
        const read = await svc.fetch(`/v1/batches/${batch.id}`);
        expect(read.status).toBe(200);
        const current = batchSchema.parse(await read.json());
        return current.counts.succeeded === 3 ? current : undefined;
      });
      expect(done.counts).toEqual({ queued: 0, running: 0, succeeded: 3, failed: 0, cancelled: 0 });
      // Lists carry no data; each job does.
      expect(done.jobs.every((j) => j.data === undefined)).toBe(true);
      const first = await getJob(svc, done.jobs[0]?.id ?? "");
      expect((first.data as OcrData).pages).toHaveLength(2);

      const other = await svc.fetch(`/v1/batches/${batch.id}`, { key: OTHER_KEY });
      expect(other.status).toBe(404);
    });

    it("lists the problems of every document in one 422, and makes no job", async () => {
      const good = await upload(1);
      const res = await svc.postJson(`/v1/categories/${PDF}/batches`, {
        documents: [
          body(good),
          { input: { document: "s3://nowhere/x.pdf", mime_type: "application/pdf" } },
          { input: { document: good.s3_uri } },
        ],
      });
      expect(res.status).toBe(422);
      const locs = validationErrorSchema.parse(await res.json()).detail.map((d) => d.loc);
      expect(locs).toEqual([["body", "documents", 2, "input", "mime_type"]]);
      const empty = await svc.postJson(`/v1/categories/${PDF}/batches`, { documents: [] });
      expect(empty.status).toBe(422);
      const missing = await svc.postJson(`/v1/categories/${PDF}/batches`, {
        documents: [{ input: { document: "s3://nowhere/x.pdf", mime_type: "application/pdf" } }],
      });
      expect(missing.status).toBe(422);
      const [item] = validationErrorSchema.parse(await missing.json()).detail;
      expect(item?.loc).toEqual(["body", "documents", 0, "input", "document"]);
    });
  });
});
