import type { RunStatus } from "@/lib/ledger/types";

const LOOK: Record<RunStatus, { label: string; badge: string; dot: string }> = {
  succeeded: {
    label: "Done",
    badge: "bg-emerald-50 text-emerald-800 ring-emerald-600/25",
    dot: "bg-emerald-500",
  },
  failed: { label: "Failed", badge: "bg-red-50 text-red-800 ring-red-600/25", dot: "bg-red-500" },
  not_processed: {
    label: "Not processed",
    badge: "bg-slate-100 text-slate-700 ring-slate-500/25",
    dot: "bg-slate-400",
  },
  cancelled: {
    label: "Cancelled",
    badge: "bg-slate-100 text-slate-700 ring-slate-500/25",
    dot: "bg-slate-500",
  },
  in_progress: {
    label: "In progress",
    badge: "bg-amber-50 text-amber-900 ring-amber-600/30",
    dot: "bg-amber-500 motion-safe:animate-pulse",
  },
};

/** A run's outcome as a pill. */
export function RunStatusBadge({ status }: { status: RunStatus }) {
  const look = LOOK[status];
  return (
    <span
      data-testid="run-status"
      data-status={status}
      className={`inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-1 font-medium text-xs ring-1 ring-inset ${look.badge}`}
    >
      <span aria-hidden="true" className={`size-1.5 rounded-full ${look.dot}`} />
      {look.label}
    </span>
  );
}
