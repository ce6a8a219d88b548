import Link from "next/link";
import type { ReactNode } from "react";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { primaryButton } from "@/components/button-styles";
import { ResultView } from "@/components/result/result-view";
import { FailedRun } from "@/components/result/run/failed-run";
import { StatePanel } from "@/components/state-panel";
import { ERROR_TEXT, isAppErrorCode } from "@/lib/errors";
import { processMetaSchema } from "@/lib/kernel/contract/documents";
import type { Viewer } from "@/lib/ledger/access";
import { CANCELLED_TEXT, type RunDetail } from "@/lib/ledger/types";
import { NOT_PROCESSED_TEXT } from "@/lib/ledger/unprocessed";
import { buyerMeta } from "@/lib/routing/buyer-meta";
import { formatTime, runSupportContext } from "./format";
import { RunStatusBadge } from "./run-status-badge";

/**
 * A run from the ledger, as its owner (or staff) sees it on /runs/<id>.
 * `pending` replaces the "still processing" panel (a job's progress, read live).
 */
export function LedgerRunView({
  run,
  unitLabel,
  viewer = "owner",
  pending,
}: {
  run: RunDetail;
  unitLabel: string;
  viewer?: Viewer;
  pending?: ReactNode;
}) {
  const categoryHref = `/categories/${encodeURIComponent(run.categoryId)}`;
  const id = encodeURIComponent(run.id);
  // The buyer's own document comes back at once; staff ask for it, as every view is recorded.
  const original = run.objectKey
    ? viewer === "owner"
      ? { endpoint: `/api/runs/${id}/original`, auto: true }
      : { endpoint: `/api/support/runs/${id}/original`, auto: false }
    : undefined;
  const support = runSupportContext(run);
  const meta = processMetaSchema.safeParse(run.meta);
  const code = isAppErrorCode(run.errorCode) ? run.errorCode : "internal";
  return (
    <>
      <Breadcrumbs
        trail={[
          { href: "/", label: "Categories" },
          { href: "/documents", label: "My documents" },
        ]}
        current="Result"
      />
      <div className="mt-6 mb-6 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="truncate font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">
              {run.fileName ?? "Result"}
            </h1>
            <RunStatusBadge status={run.status} />
          </div>
          <p className="mt-1 text-slate-600 text-sm">
            {run.categoryName ?? "Processed"} ·{" "}
            <time dateTime={new Date(run.createdAt).toISOString()}>
              {formatTime(run.createdAt)}
            </time>
          </p>
        </div>
        <Link href={categoryHref} className="font-medium text-indigo-700 text-sm hover:underline">
          Process another document →
        </Link>
      </div>
      {run.status === "succeeded" && run.data && run.kind && meta.success ? (
        <ResultView
          result={{ kind: run.kind, data: run.data, meta: buyerMeta(meta.data) }}
          fileName={run.fileName ?? undefined}
          unitLabel={unitLabel}
          support={support}
          original={original}
        />
      ) : run.status === "failed" ? (
        <FailedRun
          failure={{
            code,
            title: ERROR_TEXT[code].title,
            message: run.errorMessage ?? ERROR_TEXT[code].message,
            ...(run.traceId ? { traceId: run.traceId } : {}),
          }}
          support={support}
          actions={
            <Link href={categoryHref} className={primaryButton}>
              Try again
            </Link>
          }
        />
      ) : run.status === "not_processed" ? (
        <StatePanel
          title={NOT_PROCESSED_TEXT.title}
          headingLevel={2}
          tone="warning"
          testId="run-not-processed"
          actions={
            <Link href={categoryHref} className={primaryButton}>
              Send it again
            </Link>
          }
        >
          <p>
            {run.errorMessage ??
              (run.uploadedAt === null
                ? NOT_PROCESSED_TEXT.notUploaded.message
                : NOT_PROCESSED_TEXT.uploaded.message)}
          </p>
        </StatePanel>
      ) : run.status === "cancelled" ? (
        <StatePanel
          title="Cancelled"
          headingLevel={2}
          testId="run-cancelled"
          actions={
            <Link href={categoryHref} className={primaryButton}>
              Send it again
            </Link>
          }
        >
          <p>
            {run.errorMessage ?? CANCELLED_TEXT}
            {run.job?.pagesDone != null && run.job.pagesTotal != null
              ? ` ${run.job.pagesDone} of ${run.job.pagesTotal} pages were read.`
              : ""}
          </p>
        </StatePanel>
      ) : pending ? (
        pending
      ) : (
        <StatePanel tone="pending" title="Still processing" testId="run-in-progress">
          <p>
            This document is still being processed. The result appears here by itself when it is
            ready; you can leave this page and find it later under My documents.
          </p>
        </StatePanel>
      )}
    </>
  );
}
