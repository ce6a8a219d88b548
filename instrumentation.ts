// Runs once when an app server starts (Next.js instrumentation): the app's
// environment is parsed here (lib/env.ts), so a bad or missing setting stops
// the instance at start with every problem named, instead of on a request.
// That includes the settings instances must share (lib/shared-settings.ts).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  try {
    await import("@/lib/env");
  } catch (error) {
    console.error(`The web app cannot start: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
