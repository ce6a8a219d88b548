import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Pagination } from "@/components/pagination";
import { StatePanel } from "@/components/state-panel";
import { FiltersForm } from "@/components/support/filters-form";
import { LookupForm } from "@/components/support/lookup-form";
import { RunCharts } from "@/components/support/run-charts";
import { RunsTable } from "@/components/support/runs-table";
import { requireStaff } from "@/lib/auth";
import { env } from "@/lib/env";
import { getLedger, parseRunQuery, runQueryParams } from "@/lib/ledger";
import { settleUnprocessedRuns } from "@/lib/ledger/upkeep";

export const metadata: Metadata = { title: "Support console" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SupportPage({ searchParams }: Props) {
  const params = await searchParams;
  const here = new URLSearchParams(
    Object.entries(params).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])),
  );
  await requireStaff(`/support${here.size ? `?${here}` : ""}`);
  const ledger = await getLedger();
  await settleUnprocessedRuns(ledger);

  const q = typeof params.q === "string" ? params.q.trim() : "";
  if (q) {
    const found = await ledger.lookupRun(q);
    if (found) redirect(`/support/runs/${encodeURIComponent(found.id)}`);
  }

  const query = parseRunQuery(params);
  const [page, categories, stats] = await Promise.all([
    ledger.listRuns(query.filters, query.page, query.size),
    ledger.listRunCategories(),
    ledger.runStats(query.filters),
  ]);
  const filtered = Object.keys(query.filters).length > 0;

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8 sm:px-6 sm:py-10">
      <section aria-labelledby="lookup-heading">
        <h1
          id="lookup-heading"
          className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl"
        >
          Find a run
        </h1>
        <p className="mt-1 text-slate-600 text-sm">
          Paste the trace id a customer sent you. An Idempotency-Key or an object key works too.
        </p>
        <div className="mt-4">
          <LookupForm value={q} />
        </div>
        {q ? (
          <div
            role="alert"
            data-testid="lookup-unknown"
            className="mt-3 rounded-lg bg-amber-50 px-4 py-3 text-amber-900 text-sm ring-1 ring-amber-600/20 ring-inset"
          >
            <p className="font-medium">
              No run has the id{" "}
              <code className="break-all rounded bg-amber-100 px-1 font-mono">
                {q.slice(0, 200)}
              </code>
              .
            </p>
            <p className="mt-0.5">
              Check it was copied whole (a trace id is 32 characters). Runs older than the retention
              period are deleted.
            </p>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="charts-heading">
        <h2 id="charts-heading" className="font-semibold text-lg text-slate-900">
          At a glance
          <span className="ml-2 font-normal text-slate-500 text-sm">
            {query.filters.from === undefined ? "last 7 days" : "selected range"}
            {stats.truncated ? " (most recent 20,000 runs)" : ""}
          </span>
        </h2>
        <div className="mt-3">
          <RunCharts stats={stats} unitLabel={env.COST_UNIT_LABEL} />
        </div>
      </section>

      <section aria-labelledby="runs-heading" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="runs-heading" className="font-semibold text-lg text-slate-900">
            Recent runs
          </h2>
          <p className="text-slate-500 text-sm" data-testid="runs-total">
            {page.total} {page.total === 1 ? "run" : "runs"}
            {filtered ? " match" : ""}
          </p>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <FiltersForm filters={query.filters} categories={categories} />
        </div>
        {query.problems.length > 0 ? (
          <p role="alert" className="rounded-lg bg-amber-50 px-4 py-3 text-amber-900 text-sm">
            Some filters were not understood and are left out:{" "}
            {query.problems.map((p) => `${p.field}: ${p.message}`).join("; ")}.
          </p>
        ) : null}
        {page.items.length === 0 ? (
          <StatePanel
            title={filtered ? "No runs match these filters" : "No runs yet"}
            testId="runs-empty"
          >
            <p>
              {filtered
                ? "Widen the time range or clear a filter."
                : "Runs appear here as soon as someone sends a document."}
            </p>
          </StatePanel>
        ) : (
          <RunsTable runs={page.items} unitLabel={env.COST_UNIT_LABEL} />
        )}
        <Pagination
          page={page.page}
          pages={page.pages}
          hrefFor={(n) => `/support?${runQueryParams(query.filters, n)}`}
        />
      </section>
    </div>
  );
}
