// The tracing both programs share: `traceparent` read and written, and the SDK, which
// exports to a collector only when it is given one.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { context, trace } from "@opentelemetry/api";
import { afterEach, describe, expect, it } from "vitest";
import { formatTraceparent, parseTraceparent, type Tracing } from "./index";
import { startTracing } from "./sdk";

const TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
const SPAN = "00f067aa0ba902b7";

describe("traceparent", () => {
  it("reads the caller's span, in either case, and writes it back", () => {
    for (const header of [`00-${TRACE}-${SPAN}-01`, `00-${TRACE.toUpperCase()}-${SPAN}-01`]) {
      const parent = parseTraceparent(header);
      expect(parent).toMatchObject({ traceId: TRACE, spanId: SPAN, isRemote: true });
      expect(parent && formatTraceparent(parent)).toBe(`00-${TRACE}-${SPAN}-01`);
    }
    expect(parseTraceparent(`01-${TRACE}-${SPAN}-00-future`)?.traceFlags).toBe(0);
  });

  it("refuses malformed, all-zero and version ff headers", () => {
    for (const header of [
      undefined,
      "garbage",
      `00-${"0".repeat(32)}-${SPAN}-01`,
      `00-${TRACE}-${"0".repeat(16)}-01`,
      `ff-${TRACE}-${SPAN}-01`,
      `00-${TRACE}-${SPAN}-01-extra`,
    ]) {
      expect(parseTraceparent(header)).toBeUndefined();
    }
  });
});

describe("startTracing", () => {
  let tracing: Tracing | undefined;
  afterEach(async () => {
    await tracing?.shutdown();
    tracing = undefined;
  });

  it("without a collector makes no span, yet carries the active one through awaits", async () => {
    tracing = startTracing({ serviceName: "test", headers: {} });
    const tracer = trace.getTracer("test");
    const parent = trace.setSpanContext(context.active(), {
      traceId: TRACE,
      spanId: SPAN,
      traceFlags: 1,
      isRemote: true,
    });
    const seen = await tracer.startActiveSpan("work", {}, parent, async (span) => {
      expect(span.isRecording()).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return trace.getSpanContext(context.active());
    });
    expect(seen).toMatchObject({ traceId: TRACE, spanId: SPAN });
  });

  it("with a collector exports each span to <endpoint>/v1/traces with its headers", async () => {
    const posts: { url?: string; headers: IncomingHttpHeaders; body: string }[] = [];
    const collector = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        posts.push({ url: req.url, headers: req.headers, body });
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end("{}");
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = collector.address() as AddressInfo;
      tracing = startTracing({
        endpoint: `http://127.0.0.1:${port}/`,
        headers: { "x-collector-key": "k1" },
        serviceName: "docroute-test",
      });
      trace.getTracer("test").startSpan("exported").end();
      await tracing.shutdown();
      tracing = undefined;
      expect(posts).toHaveLength(1);
      expect(posts[0]?.url).toBe("/v1/traces");
      expect(posts[0]?.headers["x-collector-key"]).toBe("k1");
      expect(posts[0]?.body).toContain("exported");
      expect(posts[0]?.body).toContain("docroute-test");
    } finally {
      await new Promise<void>((resolve) => collector.close(() => resolve()));
    }
  });
});
