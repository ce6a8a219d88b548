import Link from "next/link";
import { formatTime, runTitle } from "@/components/ledger/format";
import { RunStatusBadge } from "@/components/ledger/run-status-badge";
import type { RunSummary } from "@/lib/ledger/types";
import { formatCost, formatLatency } from "@/lib/result/describe-meta";

const th = "px-3 py-2.5 text-left font-medium text-slate-500 text-xs uppercase tracking-wide";
const td = "px-3 py-3 align-top";

/** Recent runs: a table on wide screens, cards on a phone. */
export function RunsTable({ runs, unitLabel }: { runs: RunSummary[]; unitLabel: string }) {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="hidden w-full text-sm md:table" data-testid="runs-table">
        <caption className="sr-only">Runs, newest first</caption>
        <thead className="border-slate-200 border-b bg-slate-50">
          <tr>
            <th scope="col" className={th}>
              When
            </th>
            <th scope="col" className={th}>
              Run
            </th>
            <th scope="col" className={th}>
              Outcome
            </th>
            <th scope="col" className={`${th} text-right`}>
              Cost
            </th>
            <th scope="col" className={`${th} text-right`}>
              Latency
            </th>
            <th scope="col" className={`${th} text-right`}>
              Failover
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {runs.map((run) => (
            <tr
              key={run.localId}
              data-testid="run-row"
              data-run-id={run.id}
              className="hover:bg-slate-50/70"
            >
              <td className={`${td} whitespace-nowrap text-slate-600 tabular-nums`}>
                {formatTime(run.createdAt)}
              </td>
              <td className={`${td} max-w-0 w-1/2`}>
                <Link
                  href={`/support/runs/${encodeURIComponent(run.id)}`}
                  className="block truncate font-medium text-indigo-700 hover:underline"
                >
                  {runTitle(run)}
                </Link>
                <p className="truncate text-slate-500 text-xs">
                  {run.categoryName ?? run.categoryId} · <span className="font-mono">{run.id}</span>
                </p>
                {run.status === "failed" ||
                run.status === "not_processed" ||
                run.status === "cancelled" ? (
                  <RunError run={run} />
                ) : null}
              </td>
              <td className={td}>
                <RunStatusBadge status={run.status} />
              </td>
              <td className={`${td} whitespace-nowrap text-right tabular-nums`}>
                {run.cost === null ? "—" : formatCost(run.cost, unitLabel)}
              </td>
              <td className={`${td} whitespace-nowrap text-right tabular-nums`}>
                {run.latencyMs === null ? "—" : formatLatency(run.latencyMs)}
              </td>
              <td className={`${td} text-right tabular-nums`}>{run.failoverDepth ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-slate-100 md:hidden" data-testid="runs-cards">
        {runs.map((run) => (
          <li key={run.localId} className="px-4 py-3.5">
            <div className="flex items-start justify-between gap-3">
              <Link
                href={`/support/runs/${encodeURIComponent(run.id)}`}
                className="min-w-0 truncate font-medium text-indigo-700 hover:underline"
              >
                {runTitle(run)}
              </Link>
              <RunStatusBadge status={run.status} />
            </div>
            <p className="mt-0.5 truncate text-slate-500 text-xs">
              {run.categoryName ?? run.categoryId} · {formatTime(run.createdAt)}
            </p>
            <p className="mt-1 truncate font-mono text-slate-500 text-xs">{run.id}</p>
            {run.cost !== null || run.latencyMs !== null ? (
              <p className="mt-1 text-slate-700 text-xs tabular-nums">
                {run.cost === null ? "—" : formatCost(run.cost, unitLabel)} ·{" "}
                {run.latencyMs === null ? "—" : formatLatency(run.latencyMs)} · failover{" "}
                {run.failoverDepth ?? 0}
              </p>
            ) : null}
            {run.status === "failed" ||
            run.status === "not_processed" ||
            run.status === "cancelled" ? (
              <RunError run={run} />
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function RunError({ run }: { run: RunSummary }) {
  return (
    <p
      className={`mt-1 text-xs ${run.status === "failed" ? "text-red-700" : "text-slate-600"}`}
      data-testid="run-error"
    >
      {[run.httpStatus, run.errorCode].filter(Boolean).join(" ")}
      {run.errorMessage ? ` — ${run.errorMessage}` : ""}
    </p>
  );
}
