import { formatDuration, formatTime } from "@/components/ledger/format";
import type { RunDetail, RunEvent } from "@/lib/ledger/types";

const EVENT_TEXT: Record<RunEvent["kind"], string> = {
  original_viewed: "Original document opened by support",
};

interface Stage {
  name: string;
  at: number | null;
  missing: string;
}

/** The stages of a run with the time each took to reach the next. */
export function RunTimeline({ run, now }: { run: RunDetail; now: number }) {
  const stages: Stage[] = [
    {
      name: "Upload granted",
      at: run.grantedAt,
      missing: "No grant (the run started at processing)",
    },
    {
      name: "Upload finished (reported by the browser)",
      at: run.uploadedAt,
      missing: "Not reported",
    },
    { name: "Processing started", at: run.processStartedAt, missing: "Not started" },
    {
      name: run.status === "failed" ? "Failed" : "Processing finished",
      at: run.processEndedAt,
      missing:
        run.status === "in_progress"
          ? "Still in progress"
          : run.status === "not_processed"
            ? "Not processed: no process call was made"
            : "—",
    },
  ];
  const reached = stages.filter((s) => s.at !== null);
  const first = reached[0]?.at ?? run.createdAt;
  const lastAt = reached.at(-1)?.at ?? first;
  return (
    <ol className="relative space-y-4 border-slate-200 border-l pl-5" data-testid="run-timeline">
      {stages.map((stage, i) => {
        const next = stages.slice(i + 1).find((s) => s.at !== null);
        const done = stage.at !== null;
        const running = run.status === "in_progress" && done && !next;
        return (
          <li key={stage.name} className="relative">
            <span
              aria-hidden="true"
              className={`-left-[26.5px] absolute top-1 size-3 rounded-full ring-4 ring-white ${
                !done ? "bg-slate-200" : stage.name === "Failed" ? "bg-red-500" : "bg-indigo-500"
              }`}
            />
            <p className={`font-medium text-sm ${done ? "text-slate-900" : "text-slate-500"}`}>
              {stage.name}
            </p>
            <p className="text-slate-500 text-xs tabular-nums">
              {stage.at !== null ? formatTime(stage.at, true) : stage.missing}
              {stage.at !== null && next?.at != null ? (
                <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">
                  +{formatDuration(next.at - stage.at)} to next
                </span>
              ) : null}
              {running ? (
                <span className="ml-2 rounded bg-amber-50 px-1.5 py-0.5 text-amber-800">
                  running for {formatDuration(now - (stage.at ?? now))}
                </span>
              ) : null}
            </p>
          </li>
        );
      })}
      <li className="text-slate-600 text-xs">
        Total {formatDuration((run.status === "in_progress" ? now : lastAt) - first)}
      </li>
      {run.events.map((event, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: events only ever append.
        <li key={i} className="relative" data-testid="run-event" data-kind={event.kind}>
          <span
            aria-hidden="true"
            className="-left-[26.5px] absolute top-1 size-3 rounded-full bg-amber-500 ring-4 ring-white"
          />
          <p className="font-medium text-slate-900 text-sm">
            {EVENT_TEXT[event.kind]}
            {event.actor ? ` (${event.actor})` : ""}
          </p>
          <p className="text-slate-500 text-xs tabular-nums">{formatTime(event.at, true)}</p>
        </li>
      ))}
    </ol>
  );
}
