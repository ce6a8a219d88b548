// The app's spans: each traced route handler's server span, a child of the browser's
// call (the `traceparent` lib/api/fetch.ts sends), and the client span of each call to
// the Routing Service, whose `traceparent` the service continues. So a buyer's drop is
// one trace, whose id is the `meta.trace_id` the buyer and support see.
import "server-only";
import {
  context,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
  ATTR_URL_PATH,
} from "@opentelemetry/semantic-conventions";
import { failSpan, formatTraceparent, parseTraceparent } from "@/lib/kernel/tracing";

const tracer = trace.getTracer("docroute.app");

/** `handle` in the server span of `route` (its pattern, e.g. `/api/categories/[id]/process`). */
export function traceRoute(
  request: Request,
  route: string,
  handle: () => Promise<Response>,
): Promise<Response> {
  const incoming = parseTraceparent(request.headers.get("traceparent"));
  const active = trace.getSpanContext(context.active());
  // Next.js's own span of this request is the parent when it continued the same call;
  // otherwise the browser's call is.
  const parent =
    incoming && active?.traceId !== incoming.traceId
      ? trace.setSpanContext(ROOT_CONTEXT, incoming)
      : context.active();
  const attributes = {
    [ATTR_HTTP_REQUEST_METHOD]: request.method,
    [ATTR_HTTP_ROUTE]: route,
    [ATTR_URL_PATH]: new URL(request.url).pathname,
  };
  const options = { kind: SpanKind.SERVER, attributes };
  return tracer.startActiveSpan(`${request.method} ${route}`, options, parent, (span) =>
    ended(span, handle(), (response) => {
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, response.status);
      if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    }),
  );
}

/**
 * `call` in a client span to the Routing Service at `origin`; `call` gets the
 * `traceparent` to send (none when no trace runs: the service then starts one).
 */
export function traceServiceCall<T extends { statusCode: number }>(
  method: string,
  origin: URL,
  path: string,
  call: (traceparent: Record<string, string>) => Promise<T>,
): Promise<T> {
  const attributes = {
    [ATTR_HTTP_REQUEST_METHOD]: method,
    [ATTR_SERVER_ADDRESS]: origin.hostname,
    [ATTR_SERVER_PORT]: Number(origin.port) || (origin.protocol === "https:" ? 443 : 80),
    [ATTR_URL_PATH]: path.split("?")[0] ?? path,
  };
  return tracer.startActiveSpan(method, { kind: SpanKind.CLIENT, attributes }, (span) => {
    const here = span.spanContext();
    const header: Record<string, string> = /^0+$/.test(here.traceId)
      ? {}
      : { traceparent: formatTraceparent(here) };
    return ended(span, call(header), (response) => {
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, response.statusCode);
      // A client span fails on any error status (OpenTelemetry's HTTP conventions).
      if (response.statusCode >= 400) span.setStatus({ code: SpanStatusCode.ERROR });
    });
  });
}

/** The trace id of the span running now, if one is (for log lines). */
export function currentTraceId(): string | undefined {
  const current = trace.getSpanContext(context.active());
  return current && !/^0+$/.test(current.traceId) ? current.traceId : undefined;
}

async function ended<T>(span: Span, work: Promise<T>, record: (value: T) => void): Promise<T> {
  try {
    const value = await work;
    record(value);
    return value;
  } catch (error) {
    failSpan(span, error);
    throw error;
  } finally {
    span.end();
  }
}
