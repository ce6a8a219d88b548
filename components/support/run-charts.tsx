import { formatTime } from "@/components/ledger/format";
import type { RunStats } from "@/lib/ledger";
import { formatCost, formatLatency } from "@/lib/result/describe-meta";
import { BarChart } from "./bar-chart";
import { ChartCard } from "./chart-card";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const percent = (part: number, whole: number) =>
  whole === 0 ? "0%" : `${Math.round((part / whole) * 100)}%`;

/** Four small pictures of the runs in view: volume and failures, latency, cost, failover. */
export function RunCharts({ stats, unitLabel }: { stats: RunStats; unitLabel: string }) {
  const bucketLabel =
    stats.bucketMs >= 86_400_000 ? "day" : stats.bucketMs > 3_600_000 ? "6 hours" : "hour";
  const latencyLabels = stats.latency.edges.map((e, i, all) =>
    i === all.length - 1
      ? `≥ ${formatLatency(e)}`
      : `${formatLatency(e)}–${formatLatency(all[i + 1] ?? e)}`,
  );
  const costLabels = stats.cost.edges.map((e, i, all) =>
    i === all.length - 1
      ? `≥ ${formatCost(e, unitLabel)}`
      : `${formatCost(e, unitLabel)}–${formatCost(all[i + 1] ?? e, unitLabel)}`,
  );
  const done = stats.latency.counts.reduce((a, b) => a + b, 0);
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="run-charts">
      <ChartCard
        title="Runs and failures"
        summary={`${plural(stats.total, "run")}, ${stats.failures} failed (${percent(stats.failures, stats.total)})${stats.notProcessed ? `, ${stats.notProcessed} not processed` : ""}, per ${bucketLabel}`}
      >
        <BarChart
          label={`Runs per ${bucketLabel}: ${stats.total} in all, ${stats.failures} failed`}
          bars={stats.overTime.map((b) => ({
            key: b.start,
            value: b.runs,
            failed: b.failures,
            title: `${formatTime(b.start)}: ${b.runs} runs, ${b.failures} failed`,
          }))}
          first={formatTime(stats.from).slice(5, 16)}
          last={formatTime(stats.to).slice(5, 16)}
        />
        <p className="mt-2 flex gap-3 text-[11px] text-slate-600">
          <span className="flex items-center gap-1">
            <span aria-hidden="true" className="size-2 rounded-sm bg-indigo-500" />
            runs
          </span>
          <span className="flex items-center gap-1">
            <span aria-hidden="true" className="size-2 rounded-sm bg-red-500" />
            failed
          </span>
        </p>
      </ChartCard>
      <ChartCard title="Latency" summary={`${plural(done, "finished run")} by service time`}>
        {done === 0 ? (
          <Empty />
        ) : (
          <BarChart
            label={`Latency of ${done} runs: ${latencyLabels.map((l, i) => `${l}: ${stats.latency.counts[i]}`).join(", ")}`}
            bars={stats.latency.counts.map((n, i) => ({
              key: i,
              value: n,
              title: `${latencyLabels[i]}: ${n} runs`,
            }))}
            first={formatLatency(stats.latency.edges[0] ?? 0)}
            last={`≥ ${formatLatency(stats.latency.edges.at(-1) ?? 0)}`}
          />
        )}
      </ChartCard>
      <ChartCard title="Cost per run" summary={`Estimated cost, ${unitLabel}`}>
        {done === 0 ? (
          <Empty />
        ) : (
          <BarChart
            label={`Cost of ${done} runs: ${costLabels.map((l, i) => `${l}: ${stats.cost.counts[i]}`).join(", ")}`}
            bars={stats.cost.counts.map((n, i) => ({
              key: i,
              value: n,
              title: `${costLabels[i]}: ${n} runs`,
            }))}
            first={formatCost(stats.cost.edges[0] ?? 0, "")}
            last={`≥ ${formatCost(stats.cost.edges.at(-1) ?? 0, "")}`}
          />
        )}
      </ChartCard>
      <ChartCard
        title="Failover rate by provider"
        summary="Share of answers that came after a failover"
      >
        {stats.providers.length === 0 ? (
          <Empty />
        ) : (
          <ul className="space-y-2.5" data-testid="provider-failover">
            {stats.providers.slice(0, 6).map((p) => (
              <li key={p.provider}>
                <div className="flex justify-between gap-2 text-xs">
                  <span className="truncate font-medium text-slate-700">{p.provider}</span>
                  <span className="shrink-0 text-slate-500 tabular-nums">
                    {percent(p.failedOver, p.runs)} of {p.runs}
                  </span>
                </div>
                <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden="true">
                  <div
                    className="h-2 rounded-full bg-amber-500"
                    style={{ width: percent(p.failedOver, p.runs) }}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </ChartCard>
    </div>
  );
}

function Empty() {
  return (
    <p className="py-10 text-center text-slate-500 text-sm">No finished runs in this range.</p>
  );
}
