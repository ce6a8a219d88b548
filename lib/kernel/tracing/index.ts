// Tracing both programs share (OpenTelemetry), through the API alone: the W3C
// `traceparent` read and written here by hand, so that an incoming one in upper case is
// still continued (INTERFACE.md, "Trace ids"), which the SDK's propagator would drop.
// Until sdk.ts starts the SDK, the API's tracer makes no spans, exports nothing and opens
// no connection, while trace ids still travel with every call.
import {
  type Context,
  isSpanContextValid,
  ROOT_CONTEXT,
  type Span,
  type SpanContext,
  SpanStatusCode,
  TraceFlags,
  trace,
} from "@opentelemetry/api";

export interface TracingConfig {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base address; unset, nothing is exported. */
  endpoint?: string;
  /** OTEL_EXPORTER_OTLP_HEADERS, e.g. a collector's API key. */
  headers: Readonly<Record<string, string>>;
  /** The spans' `service.name`: which program made them. */
  serviceName: string;
}

export interface Tracing {
  /** Exports the spans still buffered, then stops. */
  shutdown(): Promise<void>;
}

/** `k1=v1,k2=v2` (OTEL_EXPORTER_OTLP_HEADERS), values percent-decoded. */
export function parseOtlpHeaders(text: string): Record<string, string> | undefined {
  const headers: Record<string, string> = {};
  for (const pair of text.split(",")) {
    if (!pair.trim()) continue;
    const at = pair.indexOf("=");
    if (at <= 0) return undefined;
    try {
      headers[decodeURIComponent(pair.slice(0, at).trim())] = decodeURIComponent(
        pair.slice(at + 1).trim(),
      );
    } catch {
      return undefined;
    }
  }
  return headers;
}

// version-traceid-parentid-flags; version ff is invalid, all-zero ids are invalid.
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/** The caller's span a `traceparent` header names, or undefined when it is not a valid one. */
export function parseTraceparent(
  header: string | string[] | null | undefined,
): SpanContext | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? TRACEPARENT.exec(value.trim().toLowerCase()) : null;
  if (!match) return undefined;
  const [, version, traceId, spanId, flags] = match;
  if (version === "ff" || !traceId || !spanId || !flags) return undefined;
  // Version 00 has exactly four fields.
  if (version === "00" && match[5] !== undefined) return undefined;
  const parent = {
    traceId,
    spanId,
    traceFlags: Number.parseInt(flags, 16) & TraceFlags.SAMPLED,
    isRemote: true,
  };
  return isSpanContextValid(parent) ? parent : undefined;
}

/** The `traceparent` header naming `span` as the parent of the next hop. */
export function formatTraceparent({ traceId, spanId, traceFlags }: SpanContext): string {
  return `00-${traceId}-${spanId}-${(traceFlags & TraceFlags.SAMPLED) === 0 ? "00" : "01"}`;
}

/** The context a `traceparent` continues: the caller's span as the parent of the next. */
export function contextOfTraceparent(
  header: string | string[] | null | undefined,
  base: Context = ROOT_CONTEXT,
): Context {
  const parent = parseTraceparent(header);
  return parent ? trace.setSpanContext(base, parent) : base;
}

/** Ends `span` as failed with `error`'s message. */
export function failSpan(span: Span, error: unknown): void {
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message : String(error),
  });
}
