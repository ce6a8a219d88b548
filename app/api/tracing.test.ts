// A drop as one trace, caught by an in-memory exporter: the browser's call (the
// `traceparent` lib/api/fetch.ts makes), the app's process route, its call to the
// Routing Service, the service's request and one span per provider attempt, all under
// the `meta.trace_id` the buyer gets back. A recording proxy in front of a real service
// shows the header the service receives.

import { createServer, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { SpanKind } from "@opentelemetry/api";
import {
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Grant, ProcessAnswer } from "@/lib/api/documents";
import { newTraceparent } from "@/lib/api/fetch";
import { parseTraceparent, type Tracing } from "@/lib/kernel/tracing";
import { startTracing } from "@/lib/kernel/tracing/sdk";
import { useAppEnvironment } from "@/lib/testing/app-env";
import { jar } from "@/lib/testing/cookie-jar";
import { startService, type TestService } from "@/service/test/helpers";
import { waitFor } from "@/service/test/job-helpers";
import { fixture, OCR, testProvider, testRouter } from "@/service/test/process-helpers";

vi.mock("next/headers", async () => (await import("@/lib/testing/cookie-jar")).nextHeaders);

type Handler = (
  request: Request,
  context: { params: Promise<{ id: string }> },
) => Promise<Response>;

const exporter = new InMemorySpanExporter();
let tracing: Tracing;
let svc: TestService;
let proxy: ReturnType<typeof createServer>;
/** The headers of each call the service received, by path. */
const received: { url: string; headers: IncomingHttpHeaders }[] = [];
let grantRoute: Handler;
let processRoute: Handler;

beforeAll(async () => {
  tracing = startTracing({ serviceName: "docroute-test", headers: {} }, [
    new SimpleSpanProcessor({ exporter }),
  ]);
  const down = testProvider("down", { fail: true });
  svc = await startService({ router: testRouter([down, testProvider("up")]) });
  const upstream = new URL(svc.url);
  proxy = createServer((req, res) => {
    received.push({ url: req.url ?? "", headers: req.headers });
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  await useAppEnvironment(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, svc.key);
  grantRoute = (await import("./categories/[id]/uploads/route")).POST;
  processRoute = (await import("./categories/[id]/process/route")).POST;
}, 30_000);
afterAll(async () => {
  await new Promise<void>((resolve) => proxy?.close(() => resolve()));
  await svc?.close();
  await tracing?.shutdown();
});

const buyer = new Map<string, string>();

function post(handler: Handler, route: string, body: unknown, headers: Record<string, string>) {
  jar.current = buyer;
  const request = new Request(`http://app/api/categories/${OCR}/${route}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return handler(request, { params: Promise.resolve({ id: OCR }) });
}
const spansOf = (traceId: string) =>
  exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
const parentOf = (span: ReadableSpan | undefined) => span?.parentSpanContext?.spanId;
const idOf = (span: ReadableSpan | undefined) => span?.spanContext().spanId;

describe("a drop's trace", () => {
  it("runs from the browser's call through the app's route to the service and its attempts", async () => {
    const bytes = await fixture("invoice.png");
    const grantResponse = await post(
      grantRoute,
      "uploads",
      { contentType: "image/png", fileName: "invoice.png", size: bytes.length },
      { traceparent: newTraceparent() },
    );
    expect(grantResponse.status).toBe(200);
    const grant = (await grantResponse.json()) as Grant;
    const put = await fetch(grant.uploadUrl, {
      method: "PUT",
      headers: { "Content-Type": "image/png" },
      body: new Uint8Array(bytes),
    });
    expect(put.status).toBe(200);

    // The browser's call, as lib/api/fetch.ts sends it.
    const browser = parseTraceparent(newTraceparent());
    if (!browser) throw new Error("the browser's traceparent does not parse");
    const { traceId } = browser;
    const response = await post(
      processRoute,
      "process",
      { document: grant.s3Uri, mimeType: "image/png" },
      {
        traceparent: `00-${traceId}-${browser.spanId}-01`,
        "Idempotency-Key": `key-${Math.random()}`,
      },
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const answer = (await response.json()) as ProcessAnswer;
    // The id the buyer (and support, through the run ledger) sees is the trace's.
    expect(answer.meta.trace_id).toBe(traceId);

    const server = (span: ReadableSpan) => span.kind === SpanKind.SERVER;
    const service = await waitFor(
      () =>
        spansOf(traceId).find(
          (span) => server(span) && span.attributes["http.route"]?.toString().startsWith("/v1/"),
        ),
      5_000,
      "the service's server span",
    );
    const spans = spansOf(traceId);
    const route = spans.find(
      (span) => server(span) && span.name === "POST /api/categories/[id]/process",
    );
    const call = spans.find(
      (span) => span.kind === SpanKind.CLIENT && parentOf(span) === idOf(route),
    );
    expect(parentOf(route)).toBe(browser.spanId);
    expect(call?.attributes["http.response.status_code"]).toBe(200);

    // What the service received: the same trace, the app's call as the parent.
    const sent = received.findLast((r) => r.url.endsWith("/process"));
    const header = parseTraceparent(sent?.headers.traceparent);
    expect(header?.traceId).toBe(traceId);
    expect(header?.spanId).toBe(idOf(call));
    expect(header?.spanId).not.toBe(browser.spanId);
    expect(parentOf(service)).toBe(idOf(call));

    const attempts = spans.filter((span) => span.name.startsWith("attempt "));
    expect(attempts.map((span) => span.attributes["docroute.provider"])).toEqual(["down", "up"]);
    for (const span of attempts) expect(parentOf(span)).toBe(idOf(service));
  });
});
