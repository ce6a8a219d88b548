import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { primaryButton } from "@/components/button-styles";
import { LedgerRunView } from "@/components/ledger/ledger-run-view";
import { StatePanel } from "@/components/state-panel";
import { env } from "@/lib/env";
import { openRunForPage } from "@/lib/ledger/access";
import { RefreshWhilePending } from "../refresh-while-pending";
import { RunView } from "./run-view";

type Props = { params: Promise<{ traceId: string }> };

export const metadata: Metadata = { title: "Result" };
export const dynamic = "force-dynamic";

export default async function RunPage({ params }: Props) {
  const { traceId } = await params;
  if (!/^[\w.:-]{1,128}$/.test(traceId)) notFound();
  // The run ledger first: its owner or signed-in staff only. A run it does not
  // know (the ledger was unavailable) may still be kept in this browser.
  const found = await openRunForPage(traceId);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      {found.state === "open" ? (
        <>
          <LedgerRunView run={found.run} unitLabel={env.COST_UNIT_LABEL} />
          <RefreshWhilePending pending={found.run.status === "in_progress"} />
        </>
      ) : found.state === "refused" ? (
        <>
          <Breadcrumbs trail={[{ href: "/", label: "Categories" }]} current="Result" />
          <div className="mt-6">
            <StatePanel
              title="This result isn't yours to open"
              headingLevel={1}
              tone="warning"
              testId="run-refused"
              actions={
                <Link href="/documents" className={primaryButton}>
                  My documents
                </Link>
              }
            >
              <p>
                Results can only be opened from the browser that sent the document. If you need help
                with it, give the trace id to support.
              </p>
            </StatePanel>
          </div>
        </>
      ) : (
        <RunView traceId={traceId} unitLabel={env.COST_UNIT_LABEL} />
      )}
    </div>
  );
}
