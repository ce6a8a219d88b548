import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { primaryButton } from "@/components/button-styles";
import { LedgerRunView } from "@/components/ledger/ledger-run-view";
import { LedgerUnavailable } from "@/components/ledger/ledger-unavailable";
import { StatePanel } from "@/components/state-panel";
import { TraceId } from "@/components/trace-id";
import { env } from "@/lib/env";
import { openRunForPage, type Viewer } from "@/lib/ledger/access";
import type { RunDetail } from "@/lib/ledger/types";
import { RefreshWhilePending } from "../refresh-while-pending";
import { JobRunPanel } from "./job-run-panel";

type Props = { params: Promise<{ traceId: string }> };

export const metadata: Metadata = { title: "Result" };
export const dynamic = "force-dynamic";

export default async function RunPage({ params }: Props) {
  const { traceId } = await params;
  if (!/^[\w.:-]{1,128}$/.test(traceId)) notFound();
  // From the run ledger: for its owner or signed-in staff only.
  const found = await openRunForPage(traceId);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      {found.state === "open" ? (
        <>
          <LedgerRunView
            run={found.run}
            unitLabel={env.COST_UNIT_LABEL}
            viewer={found.viewer}
            pending={jobPanel(found.run, found.viewer)}
          />
          <RefreshWhilePending
            pending={found.run.status === "in_progress" && !jobPanel(found.run, found.viewer)}
          />
        </>
      ) : (
        <>
          <Breadcrumbs trail={[{ href: "/", label: "Categories" }]} current="Result" />
          <div className="mt-6">
            {found.state === "missing" ? (
              <StatePanel
                title="No result has this address"
                headingLevel={1}
                testId="run-not-found"
                actions={
                  <Link href="/documents" className={primaryButton}>
                    My documents
                  </Link>
                }
              >
                <p>
                  Check the link, or find the document in My documents. Results are kept for{" "}
                  {env.LEDGER_RETENTION_DAYS} days.
                </p>
                <TraceId traceId={traceId} />
              </StatePanel>
            ) : (
              <LedgerUnavailable headingLevel={1} />
            )}
          </div>
        </>
      )}
    </div>
  );
}

/**
 * A job its owner follows live, page by page (and may cancel); staff follow it
 * in the support console, and here see the page refreshed as for any run.
 */
function jobPanel(run: RunDetail, viewer: Viewer) {
  if (run.status !== "in_progress" || !run.job || viewer !== "owner") return undefined;
  const { status, pagesDone, pagesTotal } = run.job;
  return (
    <JobRunPanel
      runId={run.id}
      fileName={run.fileName ?? "your document"}
      initial={{
        status: status ?? "queued",
        pagesDone: pagesDone ?? 0,
        pagesTotal: pagesTotal ?? 0,
      }}
    />
  );
}
