// The OpenTelemetry SDK, started once by each program (the service's main.ts, the app's
// instrumentation.ts) when it has somewhere to send spans.
import { context, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, type SpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { ATTR_SERVICE_NAME } from "@opentelemetry/semantic-conventions";
import type { Tracing, TracingConfig } from "./index";

/**
 * Registers the async context that carries the active span through awaits (so trace
 * ids reach the next hop even when nothing is exported) and the W3C propagator; then a
 * tracer provider with `processors` (tests pass an in-memory exporter's) and, with an
 * endpoint, an OTLP/HTTP exporter. Neither: no span is made, nothing leaves the process.
 */
export function startTracing(config: TracingConfig, processors: SpanProcessor[] = []): Tracing {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  // For what reads headers itself (Next.js's own spans); ours go through ./index.ts.
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const spanProcessors = [...processors];
  if (config.endpoint) {
    // The signal's path is added to the base address (OTLP exporter specification).
    const url = `${config.endpoint.replace(/\/+$/, "")}/v1/traces`;
    const exporter = new OTLPTraceExporter({ url, headers: { ...config.headers } });
    spanProcessors.push(new BatchSpanProcessor({ exporter }));
  }
  const provider =
    spanProcessors.length > 0
      ? new TracerProvider({
          resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.serviceName }),
          spanProcessors,
        })
      : undefined;
  if (provider) trace.setGlobalTracerProvider(provider);
  return {
    async shutdown() {
      await provider?.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
