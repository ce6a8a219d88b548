import type { Availability } from "@/lib/routing/types";

const TONE: Record<Availability, { badge: string; dot: string }> = {
  active: { badge: "bg-emerald-50 text-emerald-800 ring-emerald-600/25", dot: "bg-emerald-500" },
  coming_soon: { badge: "bg-amber-50 text-amber-900 ring-amber-600/30", dot: "bg-amber-500" },
  unavailable: { badge: "bg-slate-100 text-slate-700 ring-slate-500/25", dot: "bg-slate-400" },
};

/** A category's status as a pill. The words come from describeStatus (lib/routing/status). */
export function StatusBadge({
  availability,
  label,
}: {
  availability: Availability;
  label: string;
}) {
  const tone = TONE[availability];
  return (
    <span
      data-testid="status-badge"
      className={`inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-1 font-medium text-xs ring-1 ring-inset ${tone.badge}`}
    >
      <span aria-hidden="true" className={`size-1.5 rounded-full ${tone.dot}`} />
      {label}
    </span>
  );
}
