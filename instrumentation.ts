// Runs once when an app server starts (Next.js instrumentation): on Node, the
// app's environment is checked (lib/start.ts), including the settings instances
// must share (lib/settings/shared-settings.ts), then traces start when
// OTEL_EXPORTER_OTLP_ENDPOINT is set.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const start = await import("@/lib/start");
    await start.checkEnvironmentOrExit();
    await start.startTracing();
  }
}
