import Link from "next/link";
import type { RunSummary } from "@/lib/ledger/types";
import { formatCost } from "@/lib/result/describe-meta";
import { formatAgo, formatTime, runTitle } from "./format";
import { RunStatusBadge } from "./run-status-badge";

/** The buyer's own runs, newest first: a card per run, a link to each result. */
export function MyDocumentsList({
  runs,
  unitLabel,
  now,
}: {
  runs: RunSummary[];
  unitLabel: string;
  now: number;
}) {
  return (
    <ul
      className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
      data-testid="my-documents"
    >
      {runs.map((run) => {
        const title = runTitle(run);
        return (
          <li
            key={run.localId}
            data-testid="my-document"
            data-run-id={run.id}
            className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3.5 sm:px-5"
          >
            <div className="min-w-0 flex-1 basis-60">
              <p className="truncate font-medium text-slate-900">
                <Link
                  href={`/runs/${encodeURIComponent(run.id)}`}
                  className="hover:text-indigo-700 hover:underline"
                >
                  {title}
                </Link>
              </p>
              <p className="mt-0.5 truncate text-slate-500 text-sm">
                {run.categoryName ?? "Category"} ·{" "}
                <time
                  dateTime={new Date(run.createdAt).toISOString()}
                  title={formatTime(run.createdAt)}
                >
                  {formatAgo(run.createdAt, now)}
                </time>
              </p>
              {(run.status === "failed" ||
                run.status === "not_processed" ||
                run.status === "cancelled") &&
              run.errorMessage ? (
                <p
                  className={`mt-1 text-sm ${run.status === "failed" ? "text-red-700" : "text-slate-600"}`}
                  data-testid="my-document-error"
                >
                  {run.errorMessage}
                </p>
              ) : null}
            </div>
            <div className="flex items-center gap-3">
              <span className="text-slate-700 text-sm tabular-nums" data-testid="my-document-cost">
                {run.cost === null ? "—" : formatCost(run.cost, unitLabel)}
              </span>
              <RunStatusBadge status={run.status} />
            </div>
            {run.traceId ? (
              <p className="basis-full truncate font-mono text-slate-500 text-xs">
                <span className="sr-only">Trace id </span>
                {run.traceId}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
