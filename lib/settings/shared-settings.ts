// Settings every app instance must share once several run: a PostgreSQL ledger
// (DATABASE_URL) means they do. A generated session secret or an in-memory rate
// limit would then differ per instance (a buyer's cookie works on one and not
// the next; each instance allows the whole limit), so each must be set. Checked
// with the rest of the environment (lib/env.ts), which instrumentation.ts parses
// at start: an instance missing one stops there, naming it.

const POSTGRES = /^postgres(ql)?:\/\//i;

/** What is missing, one line per variable; empty when nothing is. */
export function sharedSettingsProblems(env: Record<string, string | undefined>): string[] {
  const set = (name: string) => Boolean(env[name]?.trim());
  if (!POSTGRES.test(env.DATABASE_URL?.trim() ?? "")) return [];
  const why = "must be set when DATABASE_URL is PostgreSQL (app instances share it)";
  const problems: string[] = [];
  if (!set("SESSION_SECRET")) {
    problems.push(`SESSION_SECRET: ${why}, so that every instance accepts a buyer's cookie`);
  }
  if (!set("REDIS_URL")) {
    problems.push(`REDIS_URL: ${why}, so that the instances count one rate limit`);
  }
  if (!set("ROUTING_API_KEY")) {
    problems.push(`ROUTING_API_KEY: ${why}, the Routing Service key every instance sends`);
  }
  return problems;
}
