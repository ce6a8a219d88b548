// The service's traces, caught by an in-memory exporter: a process call's server span
// continues the caller's `traceparent`, the router's attempts are its children (one
// span each, with provider, number, failover depth, score and outcome), a job's turn
// and each page it reads are in the trace of the request that made it, and the trace
// id is the `meta.trace_id` the caller gets back.
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import {
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobSchema, processResultSchema } from "@/lib/kernel/contract";
import type { Tracing } from "@/lib/kernel/tracing";
import { startTracing } from "@/lib/kernel/tracing/sdk";
import { startService, type TestService } from "./helpers";
import {
  pageReader,
  pagesPdf,
  pollJob,
  readersRouter,
  testJobsConfig,
  waitFor,
} from "./job-helpers";
import {
  OCR,
  PDF,
  processPath,
  testProvider,
  testRouter,
  uploadBytes,
  uploadFixture,
} from "./process-helpers";

const exporter = new InMemorySpanExporter();
let tracing: Tracing;

beforeAll(() => {
  tracing = startTracing({ serviceName: "docroute-service", headers: {} }, [
    new SimpleSpanProcessor({ exporter }),
  ]);
});
afterAll(async () => {
  await tracing?.shutdown();
});
beforeEach(() => exporter.reset());

const CALLER_SPAN = "00f067aa0ba902b7";
const newTraceId = () => crypto.randomUUID().replaceAll("-", "");
const traceparent = (traceId: string) => `00-${traceId}-${CALLER_SPAN}-01`;

const spansOf = (traceId: string) =>
  exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const idOf = (span: ReadableSpan) => span.spanContext().spanId;

/** The trace's server span of `route`, once it has ended (after the answer was sent). */
function serverSpan(traceId: string, route: string): Promise<ReadableSpan> {
  return waitFor(
    () =>
      spansOf(traceId).find(
        (span) => span.kind === SpanKind.SERVER && span.attributes["http.route"] === route,
      ),
    5_000,
    `the server span of ${route}`,
  );
}

const attemptsOf = (traceId: string) =>
  spansOf(traceId)
    .filter((span) => span.name.startsWith("attempt "))
    .sort(
      (a, b) => Number(a.attributes["docroute.attempt"]) - Number(b.attributes["docroute.attempt"]),
    );

describe("a process call's trace", () => {
  let svc: TestService;
  let image: Awaited<ReturnType<typeof uploadFixture>>;
  const logs: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const down = testProvider("down", { fail: true });
    const up = testProvider("up");
    svc = await startService({
      router: testRouter([down, up]),
      env: { LOG_LEVEL: "info" },
      logStream: { write: (line) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
    });
    image = await uploadFixture(svc, OCR, "invoice.png", "image/png");
  });
  afterAll(async () => {
    await svc?.close();
  });

  const processImage = (headers: Record<string, string> = {}) =>
    svc.postJson(
      processPath(OCR),
      { input: { document: image.s3_uri, mime_type: "image/png" } },
      { headers },
    );

  it("continues the caller's traceparent: server span, then one span per attempt, in meta.trace_id", async () => {
    const traceId = newTraceId();
    const res = await processImage({ traceparent: traceparent(traceId) });
    expect(res.status).toBe(200);
    const { meta } = processResultSchema.parse(await res.json());
    expect(meta.trace_id).toBe(traceId);

    const server = await serverSpan(traceId, "/v1/categories/:category_id/process");
    expect(parentOf(server)).toBe(CALLER_SPAN);
    expect(server.name).toBe("POST /v1/categories/:category_id/process");
    expect(server.attributes["http.response.status_code"]).toBe(200);

    // The first provider fails, the second answers: a failover, two attempt spans.
    const attempts = attemptsOf(traceId);
    expect(attempts.map((span) => span.name)).toEqual(["attempt down", "attempt up"]);
    for (const span of attempts) expect(parentOf(span)).toBe(idOf(server));
    const [failed, answered] = attempts;
    expect(failed?.attributes).toMatchObject({
      "docroute.provider": "down",
      "docroute.attempt": 1,
      "docroute.failover_depth": 0,
      "docroute.outcome": "error",
    });
    expect(failed?.status).toMatchObject({ code: SpanStatusCode.ERROR, message: "down is down" });
    expect(answered?.attributes).toMatchObject({
      "docroute.provider": "up",
      "docroute.attempt": 2,
      "docroute.failover_depth": 1,
      "docroute.outcome": "ok",
    });
    expect(answered?.status.code).not.toBe(SpanStatusCode.ERROR);
    // The routing score each was picked by; the better-ranked one was tried first.
    const [first, second] = attempts.map((span) => span.attributes["docroute.score"]);
    expect(typeof first).toBe("number");
    expect(typeof second).toBe("number");
    expect(Number(first)).toBeGreaterThanOrEqual(Number(second));
    expect(meta.failover_depth).toBe(1);
    // The request's log lines carry the same id.
    expect(logs.filter((line) => line.trace_id === traceId).length).toBeGreaterThan(0);
  });

  it("starts a trace when the caller sent none, whose id is meta.trace_id", async () => {
    const res = await processImage();
    expect(res.status).toBe(200);
    const { meta } = processResultSchema.parse(await res.json());
    const server = await serverSpan(meta.trace_id, "/v1/categories/:category_id/process");
    expect(server.parentSpanContext).toBeUndefined();
    expect(res.headers.get("x-request-id")).toBe(meta.trace_id);
    expect(attemptsOf(meta.trace_id)).toHaveLength(2);
  });

  it("keeps concurrent calls' attempts in their own traces", async () => {
    const ids = [newTraceId(), newTraceId(), newTraceId()];
    const answers = await Promise.all(
      ids.map((id) => processImage({ traceparent: traceparent(id) })),
    );
    for (const [i, res] of answers.entries()) {
      expect(res.status).toBe(200);
      const id = ids[i] ?? "";
      const server = await serverSpan(id, "/v1/categories/:category_id/process");
      const attempts = attemptsOf(id);
      expect(attempts).toHaveLength(2);
      for (const span of attempts) expect(parentOf(span)).toBe(idOf(server));
    }
  });
});

describe("a job's trace", () => {
  let svc: TestService;

  beforeAll(async () => {
    svc = await startService({
      router: readersRouter([pageReader("pages")]),
      jobsConfig: testJobsConfig({ asyncOverPages: 2 }),
    });
  });
  afterAll(async () => {
    await svc?.close();
  });

  it("has the turn and one span per page read under the request that made the job", async () => {
    const doc = await uploadBytes(svc, PDF, pagesPdf(3), "application/pdf");
    const traceId = newTraceId();
    const res = await svc.postJson(
      processPath(PDF),
      { input: { document: doc.s3_uri, mime_type: "application/pdf" } },
      { headers: { traceparent: traceparent(traceId) } },
    );
    expect(res.status, await res.clone().text()).toBe(202);
    const job = jobSchema.parse(await res.json());
    expect(job.trace_id).toBe(traceId);
    await pollJob(svc, job.id, (j) => j.status === "succeeded");

    const server = await serverSpan(traceId, "/v1/categories/:category_id/process");
    const turn = await waitFor(
      () => spansOf(traceId).find((span) => span.name === "job turn"),
      5_000,
      "the turn's span",
    );
    expect(parentOf(turn)).toBe(idOf(server));
    expect(turn.attributes).toMatchObject({
      "docroute.job_id": job.id,
      "docroute.turn_end": "finished",
    });

    const pages = spansOf(traceId).filter((span) => span.name === "job page");
    expect(pages.map((span) => span.attributes["docroute.page"]).sort()).toEqual([1, 2, 3]);
    for (const page of pages) {
      expect(parentOf(page)).toBe(idOf(turn));
      expect(page.attributes["docroute.provider"]).toBe("pages");
      // Each page's attempt is a child of that page's span.
      const attempts = attemptsOf(traceId).filter((span) => parentOf(span) === idOf(page));
      expect(attempts.map((span) => span.attributes["docroute.outcome"])).toEqual(["ok"]);
    }
  });
});
