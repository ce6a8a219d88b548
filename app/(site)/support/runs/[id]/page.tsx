import type { Metadata } from "next";
import Link from "next/link";
import { RefreshWhilePending } from "@/app/(site)/runs/refresh-while-pending";
import { secondaryButton } from "@/components/button-styles";
import { runSupportContext, runTitle } from "@/components/ledger/format";
import { RunStatusBadge } from "@/components/ledger/run-status-badge";
import { JsonViewer } from "@/components/result/json/json-viewer";
import { StatePanel } from "@/components/state-panel";
import { JobCard } from "@/components/support/job-card";
import { LookupForm } from "@/components/support/lookup-form";
import { RunFacts } from "@/components/support/run-facts";
import { RunTimeline } from "@/components/support/run-timeline";
import { SectionCard } from "@/components/support/section-card";
import { SupportResult } from "@/components/support/support-result";
import { requireStaff } from "@/lib/auth";
import { env } from "@/lib/env";
import { ERROR_TEXT, isAppErrorCode } from "@/lib/errors";
import { processMetaSchema } from "@/lib/kernel/contract";
import { findRunForStaff, followJobForStaff } from "@/lib/ledger/access";
import { buyerMeta } from "@/lib/routing/buyer-meta";
import type { JobView } from "@/lib/routing/types";

export const metadata: Metadata = { title: "Run · Support console" };

type Props = { params: Promise<{ id: string }> };

export default async function SupportRunPage({ params }: Props) {
  const { id } = await params;
  await requireStaff(`/support/runs/${encodeURIComponent(id)}`);
  const found = await findRunForStaff(id);
  // A job is read live while it runs (which also records how far it got).
  const job = found ? await followJobForStaff(found) : undefined;
  const run = job?.run;

  if (!run) {
    return (
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-10 sm:px-6">
        <LookupForm value={id} />
        <StatePanel title="Unknown id" headingLevel={1} tone="warning" testId="run-unknown">
          <p>
            No run has the id <code className="break-all font-mono">{id.slice(0, 200)}</code>. Check
            it was copied whole; runs past the retention period are deleted.
          </p>
        </StatePanel>
      </div>
    );
  }

  const meta = processMetaSchema.safeParse(run.meta);
  const now = Date.now();
  const exportHref = `/api/support/runs/${encodeURIComponent(run.id)}?download=1`;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link href="/support" className="text-slate-500 hover:text-slate-900 hover:underline">
          ← All runs
        </Link>
      </nav>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="truncate font-bold text-2xl text-slate-900 tracking-tight">
              {runTitle(run)}
            </h1>
            <RunStatusBadge status={run.status} />
          </div>
          <p className="mt-1 break-all font-mono text-slate-500 text-xs" data-testid="run-id">
            {run.id}
          </p>
        </div>
        <a href={exportHref} download className={secondaryButton} data-testid="export-json">
          Export JSON
        </a>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <SectionCard id="facts-heading" title="Run">
          <RunFacts run={run} />
        </SectionCard>
        <SectionCard id="timeline-heading" title="Timeline">
          <RunTimeline run={run} now={now} />
        </SectionCard>
      </div>

      {run.job ? (
        <SectionCard id="job-heading" title="Job">
          <JobCard
            job={job?.live ? { ...run.job, ...liveFigures(job.live) } : run.job}
            pages={job?.live?.pages}
            unreachable={job?.unreachable ?? false}
          />
        </SectionCard>
      ) : null}

      <SectionCard id="request-heading" title="Request as sent">
        {run.request === null ? (
          <p className="text-slate-500 text-sm">The run never reached the process call.</p>
        ) : (
          <JsonViewer value={run.request} label="Process request" />
        )}
        <p className="mt-2 text-slate-500 text-xs">The API key is never recorded.</p>
      </SectionCard>

      <SectionCard
        id="answer-heading"
        title="The service's answer"
        aside={
          <span className="text-slate-600 text-sm" data-testid="answer-status">
            {run.httpStatus === null ? "no HTTP answer" : `HTTP ${run.httpStatus}`}
          </span>
        }
      >
        {run.status === "failed" ? (
          <div className="space-y-3">
            <p
              className="rounded-lg bg-red-50 px-3 py-2.5 text-red-900 text-sm ring-1 ring-red-600/20 ring-inset"
              data-testid="answer-error"
            >
              {isAppErrorCode(run.errorCode) ? (
                <strong className="block font-semibold" data-testid="answer-error-title">
                  {ERROR_TEXT[run.errorCode].title}
                </strong>
              ) : null}
              <span className="font-mono">{run.errorCode}</span>
              {run.errorMessage ? ` — ${run.errorMessage}` : ""}
            </p>
            {run.errorBody !== null ? (
              <JsonViewer value={run.errorBody} label="Error body" />
            ) : null}
          </div>
        ) : run.status === "not_processed" ? (
          <p className="text-slate-600 text-sm" data-testid="answer-not-processed">
            <strong className="block font-semibold text-slate-900">Not processed</strong>
            <span className="font-mono">{run.errorCode}</span>
            {run.errorMessage ? ` — ${run.errorMessage}` : ""} The service was never asked to
            process it.
          </p>
        ) : run.status === "cancelled" ? (
          <p className="text-slate-600 text-sm" data-testid="answer-cancelled">
            <strong className="block font-semibold text-slate-900">Cancelled by the buyer</strong>
            {run.errorMessage}
          </p>
        ) : run.status === "in_progress" && run.job ? (
          <p className="text-slate-600 text-sm" data-testid="answer-pending">
            The service made a job of this document (202). Its result is recorded when the job ends;
            this page updates by itself.
          </p>
        ) : run.status === "in_progress" ? (
          <p className="text-slate-600 text-sm" data-testid="answer-pending">
            No answer yet. This page updates by itself. If the app restarted during the call, the
            service is asked again with the same Idempotency-Key.
          </p>
        ) : run.meta ? (
          <JsonViewer value={run.meta} label="meta" />
        ) : null}
      </SectionCard>

      {run.status === "succeeded" && meta.success && run.data && run.kind ? (
        <section aria-label="Result as the buyer sees it" className="space-y-3">
          <h2 className="font-semibold text-lg text-slate-900">What the buyer sees</h2>
          <SupportResult
            runId={run.id}
            hasDocument={run.objectKey !== null}
            result={{ kind: run.kind, data: run.data, meta: buyerMeta(meta.data) }}
            fileName={run.fileName ?? undefined}
            unitLabel={env.COST_UNIT_LABEL}
            support={runSupportContext(run)}
          />
        </section>
      ) : null}
      <RefreshWhilePending pending={run.status === "in_progress"} />
    </div>
  );
}

function liveFigures(live: JobView) {
  return { status: live.status, pagesDone: live.pagesDone, pagesTotal: live.pagesTotal };
}
