// A run as support sees it over the API and in "export JSON": everything kept
// but the buyer's session id, which is nobody's business but the cookie's.
import type { RunDetail, RunSummary } from "./types";

/** What /api/support/runs answers per run (lib/api/runs.ts). */
export type PublicRun<T extends RunSummary | RunDetail = RunDetail> = Omit<T, "sessionId">;

export function toPublicRun<T extends RunSummary | RunDetail>(run: T): PublicRun<T> {
  const { sessionId: _, ...rest } = run;
  return rest;
}

export function exportFileName(run: RunSummary): string {
  return `run-${run.id.replace(/[^\w.-]/g, "_").slice(0, 80)}.json`;
}
