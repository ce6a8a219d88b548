// Who may open a run: its owner (the buyer session that made it) or signed-in
// support staff. Anyone else gets nothing, the same as an unknown id, so a
// trace id alone reveals nothing.
import "server-only";
import { getBuyerSessionId } from "@/lib/auth/buyer-session";
import { getStaffSession } from "@/lib/auth/staff-session";
import { getLedger } from "./index";
import type { RunDetail, RunSummary } from "./types";

export type Viewer = "owner" | "staff";

export async function openRun(id: string): Promise<{ run: RunDetail; viewer: Viewer } | null> {
  const run = await (await getLedger()).findRun(id);
  if (!run) return null;
  const viewer = await viewerOf(run);
  return viewer ? { run, viewer } : null;
}

export async function viewerOf(run: Pick<RunSummary, "sessionId">): Promise<Viewer | null> {
  if ((await getBuyerSessionId()) === run.sessionId) return "owner";
  return (await getStaffSession()) ? "staff" : null;
}

/** The buyer's own runs, newest first; none without a session. */
export async function listMyRuns(): Promise<RunSummary[]> {
  const sessionId = await getBuyerSessionId();
  return sessionId ? (await getLedger()).listBuyerRuns(sessionId) : [];
}

export type RunForPage =
  | { state: "open"; run: RunDetail; viewer: Viewer }
  | { state: "refused" }
  | { state: "missing" };

/** For /runs/<id>: the run when this visitor may see it, "refused" when it is someone else's. */
export async function openRunForPage(id: string): Promise<RunForPage> {
  const run = await (await getLedger()).findRun(id);
  if (!run) return { state: "missing" };
  const viewer = await viewerOf(run);
  return viewer ? { state: "open", run, viewer } : { state: "refused" };
}
