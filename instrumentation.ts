// Runs once when an app server starts (Next.js instrumentation): on Node, the
// app's environment is checked (lib/start.ts), including the settings instances
// must share (lib/settings/shared-settings.ts).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    await (await import("@/lib/start")).checkEnvironmentOrExit();
  }
}
