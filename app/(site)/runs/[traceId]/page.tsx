import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LedgerRunView } from "@/components/ledger/ledger-run-view";
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
  // The run ledger first: its owner or signed-in staff only. Anyone else gets
  // what an unknown id gets: a run this browser may have kept itself.
  const found = await openRunForPage(traceId);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      {found.state === "open" ? (
        <>
          <LedgerRunView run={found.run} unitLabel={env.COST_UNIT_LABEL} />
          <RefreshWhilePending pending={found.run.status === "in_progress"} />
        </>
      ) : (
        <RunView traceId={traceId} unitLabel={env.COST_UNIT_LABEL} />
      )}
    </div>
  );
}
