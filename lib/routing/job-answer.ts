// A job as the browser gets it (lib/api/jobs.ts): only the pages it has not
// seen, the answer once done with the buyer's plain-words meta, and a failure
// in the app's words.
import type { JobAnswer } from "@/lib/api/jobs";
import { buyerMeta } from "./buyer-meta";
import type { JobView } from "./types";

export function jobAnswer(runId: string, view: JobView, after = 0): JobAnswer {
  const { outcome, failure } = view;
  return {
    runId,
    jobId: view.id,
    status: view.status,
    pagesDone: view.pagesDone,
    pagesTotal: view.pagesTotal,
    pages: outcome ? [] : view.pages.filter((page) => page.number > after),
    ...(outcome
      ? { result: { kind: outcome.kind, data: outcome.data, meta: buyerMeta(outcome.meta) } }
      : {}),
    ...(failure ? { failure: failure.toBody() } : {}),
  };
}
