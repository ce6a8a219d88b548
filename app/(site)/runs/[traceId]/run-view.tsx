"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { primaryButton } from "@/components/button-styles";
import { ResultView } from "@/components/result/result-view";
import { StatePanel } from "@/components/state-panel";
import { TraceId } from "@/components/trace-id";
import { loadRun, type StoredRun } from "@/lib/runs/browser-runs";

type Lookup = { state: "reading" } | { state: "found"; run: StoredRun } | { state: "missing" };

/** A finished run, read from this browser (the run ledger will serve it later). */
export function RunView({ traceId, unitLabel }: { traceId: string; unitLabel: string }) {
  const [lookup, setLookup] = useState<Lookup>({ state: "reading" });
  // Storage exists only in the browser: read it after the server's render.
  useEffect(() => {
    const run = loadRun(traceId);
    setLookup(run ? { state: "found", run } : { state: "missing" });
  }, [traceId]);

  if (lookup.state === "reading") {
    return (
      <div role="status" aria-live="polite" className="space-y-4">
        <span className="sr-only">Loading the result…</span>
        <div aria-hidden="true" className="h-4 w-56 animate-pulse rounded bg-slate-200/80" />
        <div aria-hidden="true" className="h-8 w-72 animate-pulse rounded bg-slate-200/80" />
        <div aria-hidden="true" className="h-40 animate-pulse rounded-xl bg-white shadow-sm" />
      </div>
    );
  }

  if (lookup.state === "missing") {
    return (
      <>
        <Breadcrumbs trail={[{ href: "/", label: "Categories" }]} current="Result" />
        <div className="mt-6">
          <StatePanel
            title="This result isn't on this device"
            headingLevel={1}
            testId="run-not-found"
            actions={
              <Link href="/" className={primaryButton}>
                See all categories
              </Link>
            }
          >
            <p>
              Results are kept in the browser that processed the document. Open this link there, or
              process the document again.
            </p>
            <TraceId traceId={traceId} />
          </StatePanel>
        </div>
      </>
    );
  }

  const { run } = lookup;
  const categoryHref = `/categories/${encodeURIComponent(run.categoryId)}`;
  const savedAt = new Date(run.savedAt);
  return (
    <>
      <Breadcrumbs
        trail={[
          { href: "/", label: "Categories" },
          { href: categoryHref, label: run.categoryName ?? "Category" },
        ]}
        current="Result"
      />
      <div className="mt-6 mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">
            {run.fileName ?? "Result"}
          </h1>
          <p className="mt-1 text-slate-600 text-sm">
            {run.categoryName ?? "Processed"} ·{" "}
            <time dateTime={run.savedAt}>
              {Number.isNaN(savedAt.getTime()) ? run.savedAt : savedAt.toLocaleString()}
            </time>
          </p>
        </div>
        <Link href={categoryHref} className="font-medium text-indigo-700 text-sm hover:underline">
          Process another document →
        </Link>
      </div>
      <ResultView
        result={run.result}
        fileName={run.fileName}
        unitLabel={unitLabel}
        support={{
          traceId: run.traceId,
          idempotencyKey: run.idempotencyKey,
          objectKey: run.objectKey,
          time: savedAt,
          categoryName: run.categoryName,
          categoryId: run.categoryId,
          fileName: run.fileName,
        }}
      />
    </>
  );
}
