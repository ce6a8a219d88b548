import type { Metadata } from "next";
import Link from "next/link";
import { primaryButton } from "@/components/button-styles";
import { LedgerUnavailable } from "@/components/ledger/ledger-unavailable";
import { MyDocumentsList } from "@/components/ledger/my-documents-list";
import { PageIntro } from "@/components/page-intro";
import { StatePanel } from "@/components/state-panel";
import { env } from "@/lib/env";
import { listMyRuns } from "@/lib/ledger/access";
import { RefreshWhilePending } from "../runs/refresh-while-pending";

export const metadata: Metadata = { title: "My documents" };
export const dynamic = "force-dynamic";

export default async function MyDocumentsPage() {
  const mine = await listMyRuns();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <PageIntro eyebrow="Your history" title="My documents">
        <p>
          Every document sent from this browser, newest first. Open one to see its result again.
        </p>
      </PageIntro>
      <div className="mt-8">
        {mine.state === "unavailable" ? (
          <LedgerUnavailable />
        ) : mine.runs.length === 0 ? (
          <StatePanel
            title="No documents yet"
            testId="my-documents-empty"
            actions={
              <Link href="/" className={primaryButton}>
                Choose a category
              </Link>
            }
          >
            <p>Documents you process in this browser appear here, with their status and cost.</p>
          </StatePanel>
        ) : (
          <>
            <MyDocumentsList runs={mine.runs} unitLabel={env.COST_UNIT_LABEL} now={Date.now()} />
            <RefreshWhilePending
              pending={mine.runs.some(
                (r) => r.status === "in_progress" && r.processStartedAt !== null,
              )}
            />
          </>
        )}
      </div>
    </div>
  );
}
