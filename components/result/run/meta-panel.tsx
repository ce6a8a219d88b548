import { CopyButton } from "@/components/result/copy-button";
import type { ProcessMeta } from "@/lib/kernel/contract";
import {
  DEFAULT_COST_UNIT,
  describeFailover,
  describeOutcome,
  formatCost,
  formatLatency,
  isSuccessOutcome,
  UNSURE_OUTCOME,
} from "@/lib/result/describe-meta";
import { type SupportContext, supportDetailsText } from "@/lib/result/support-details";

const smallButton =
  "inline-flex h-8 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2.5 font-medium text-slate-700 text-xs shadow-sm hover:bg-slate-50";

function outcomeColour(outcome: string): string {
  if (isSuccessOutcome(outcome)) return "text-emerald-700";
  return outcome.toLowerCase() === UNSURE_OUTCOME ? "text-amber-700" : "text-red-700";
}

/** What a run cost, how long it took, who answered, and how to find it again. */
export function MetaPanel({
  meta,
  unitLabel = DEFAULT_COST_UNIT,
  support,
}: {
  meta: ProcessMeta;
  unitLabel?: string;
  support: SupportContext;
}) {
  const failedOver = meta.failover_depth > 0;
  const tiles: [string, string, string][] = [
    ["Estimated cost", formatCost(meta.estimated_cost, unitLabel), "meta-cost"],
    ["Time taken", formatLatency(meta.latency_ms), "meta-latency"],
    ...(meta.provider
      ? [["Provider", meta.provider, "meta-provider"] as [string, string, string]]
      : []),
    ...(meta.pages !== undefined
      ? [["Pages", String(meta.pages), "meta-pages"] as [string, string, string]]
      : []),
  ];
  return (
    <section
      aria-labelledby="run-meta-heading"
      data-testid="meta-panel"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="run-meta-heading" className="font-semibold text-base text-slate-900">
        About this run
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {tiles.map(([label, value, testId]) => (
          <div key={label} className="min-w-0 rounded-lg bg-slate-50 px-3 py-2.5">
            <dt className="text-slate-500 text-xs">{label}</dt>
            <dd
              data-testid={testId}
              className="mt-0.5 truncate font-semibold text-slate-900 text-sm tabular-nums"
              title={value}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p
        data-testid="meta-failover"
        data-failover-depth={meta.failover_depth}
        className={`mt-3 flex items-start gap-2 rounded-lg px-3 py-2 text-sm ${
          failedOver ? "bg-amber-50 text-amber-900" : "bg-emerald-50 text-emerald-900"
        }`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="mt-0.5 size-4 shrink-0"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {failedOver ? (
            <path d="M3 7h11l-3-3M17 13H6l3 3" />
          ) : (
            <path d="m4.5 10.5 3.5 3.5 7.5-8" />
          )}
        </svg>
        <span>{describeFailover(meta.failover_depth, meta.attempts, meta.provider)}.</span>
      </p>
      {meta.attempts && meta.attempts.length > 0 ? (
        <div className="mt-3">
          <h3 className="font-medium text-slate-700 text-xs uppercase tracking-wide">
            Providers tried
          </h3>
          <ol className="mt-1.5 space-y-1 text-sm" data-testid="meta-attempts">
            {meta.attempts.map((attempt, i) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: attempts are in order and never change.
                key={i}
                className="flex flex-wrap items-baseline gap-x-2 text-slate-700"
              >
                <span className="text-slate-500 tabular-nums">{i + 1}.</span>
                <span className="font-medium">{attempt.provider}</span>
                <span className={outcomeColour(attempt.outcome)}>
                  {describeOutcome(attempt.outcome)}
                </span>
                <span className="text-slate-500 tabular-nums">
                  {formatLatency(attempt.latency_ms)}
                </span>
                {attempt.error || attempt.reason ? (
                  <span className="basis-full pl-5 text-slate-500 text-xs">
                    {attempt.error ?? attempt.reason}
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-2 border-slate-100 border-t pt-3">
        <p className="min-w-0 text-slate-500 text-xs">
          Trace id{" "}
          <code
            data-testid="trace-id"
            className="select-all break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-700"
          >
            {meta.trace_id}
          </code>
        </p>
        <CopyButton text={meta.trace_id} label="Copy trace id" className={smallButton} />
        <CopyButton
          text={() => supportDetailsText({ ...support, traceId: meta.trace_id })}
          label="Copy support details"
          className={smallButton}
          testId="copy-support-details"
        />
      </div>
    </section>
  );
}
