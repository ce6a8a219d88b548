// The app server's start on Node (instrumentation.ts): the environment is parsed
// here (lib/env.ts), so a bad or missing setting stops the instance at start with
// every problem named, instead of on a request. Its own module, so the Edge
// build of instrumentation.ts never sees process.exit.
import "server-only";

export async function checkEnvironmentOrExit(): Promise<void> {
  try {
    await import("@/lib/env");
  } catch (error) {
    console.error(`The web app cannot start: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
