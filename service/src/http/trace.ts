// Trace ids: W3C trace-ids (32 lowercase hex). An incoming `traceparent` is continued.
// Each request has a server span, made as the request arrives (Fastify's genReqId), so
// the request id, `meta.trace_id` and the span's trace id are one: a run found by its
// trace id is the trace an operator sees. Handlers run inside that span's context, so
// the router's attempt spans are its children.
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import {
  type Context,
  context,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_PATH,
} from "@opentelemetry/semantic-conventions";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { contextOfTraceparent, parseTraceparent } from "@/lib/kernel/tracing";

export const tracer = trace.getTracer("docroute-service");

export function traceIdFromTraceparent(header: string | string[] | undefined): string | undefined {
  return parseTraceparent(header)?.traceId;
}

export function newTraceId(): string {
  return randomBytes(16).toString("hex");
}

/** The server span of each request in flight, and the context its handler runs in. */
const spans = new WeakMap<IncomingMessage, { span: Span; context: Context }>();

/** Fastify's genReqId: the request id IS the trace id, that of the request's server span. */
export function genTraceId(request: IncomingMessage): string {
  const parent = contextOfTraceparent(request.headers.traceparent);
  const path = (request.url ?? "/").split("?")[0] ?? "/";
  const span = tracer.startSpan(
    request.method ?? "HTTP",
    {
      kind: SpanKind.SERVER,
      attributes: { [ATTR_HTTP_REQUEST_METHOD]: request.method ?? "_OTHER", [ATTR_URL_PATH]: path },
    },
    parent,
  );
  spans.set(request, { span, context: trace.setSpan(parent, span) });
  // Without a tracer provider the span is the caller's (or none): its id, or a new one.
  const { traceId } = span.spanContext();
  return /^0+$/.test(traceId) ? newTraceId() : traceId;
}

/** The context of the request's server span (the root context when tracing is off). */
export function requestContext(request: FastifyRequest): Context {
  return spans.get(request.raw)?.context ?? context.active();
}

/**
 * Names each server span after its route, ends it with the status, and runs every
 * route's handler in its context. Registered before any route (onRoute sees only the
 * routes added after it).
 */
export function traceRequests(app: FastifyInstance): void {
  app.addHook("onRoute", (route: RouteOptions) => {
    const handler = route.handler;
    route.handler = function traced(this: FastifyInstance, request, reply) {
      return context.with(requestContext(request), () => handler.call(this, request, reply));
    };
  });
  app.addHook("onResponse", async (request, reply) => {
    const entry = spans.get(request.raw);
    if (!entry) return;
    spans.delete(request.raw);
    const route = request.routeOptions.url;
    if (route) {
      entry.span.updateName(`${request.method} ${route}`);
      entry.span.setAttribute(ATTR_HTTP_ROUTE, route);
    }
    entry.span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, reply.statusCode);
    // A server span fails on a 5xx only (OpenTelemetry's HTTP conventions).
    if (reply.statusCode >= 500) entry.span.setStatus({ code: SpanStatusCode.ERROR });
    entry.span.end();
  });
  app.addHook("onRequestAbort", async (request) => {
    const entry = spans.get(request.raw);
    if (!entry) return;
    spans.delete(request.raw);
    entry.span.setAttribute("docroute.client_aborted", true);
    entry.span.end();
  });
}
