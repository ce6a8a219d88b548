// Runs once when an app server starts (Next.js instrumentation): an instance
// missing a setting it must share with the others stops here, naming it,
// instead of serving requests that would fail one instance in two.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { stopUnlessShared } = await import("@/lib/shared-settings");
  stopUnlessShared(process.env);
}
