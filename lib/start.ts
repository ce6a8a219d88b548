// The app server's start on Node (instrumentation.ts): the environment is parsed
// here (lib/env.ts), so a bad or missing setting stops the instance at start with
// every problem named, instead of on a request; then tracing starts, when a
// collector is configured. Its own module, so the Edge build of
// instrumentation.ts never sees process.exit.
import "server-only";

export async function checkEnvironmentOrExit(): Promise<void> {
  try {
    await import("@/lib/env");
  } catch (error) {
    console.error(`The web app cannot start: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}

/** Traces: exported to the collector OTEL_EXPORTER_OTLP_ENDPOINT names, if it names one. */
export async function startTracing(): Promise<void> {
  const { env } = await import("@/lib/env");
  const { startTracing: start } = await import("@/lib/kernel/tracing/sdk");
  const tracing = start({
    endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
    headers: env.OTEL_EXPORTER_OTLP_HEADERS,
    serviceName: "docroute-app",
  });
  // The spans still buffered go out before the server stops.
  process.once("beforeExit", () => void tracing.shutdown());
}
