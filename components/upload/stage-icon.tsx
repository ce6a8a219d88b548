import type { QueueEntry } from "@/lib/upload/queue-state";

/** A file, tinted by how its run went. */
export function StageIcon({ stage }: { stage: QueueEntry["stage"] }) {
  const tone =
    stage === "failed"
      ? "bg-red-50 text-red-600"
      : stage === "done"
        ? "bg-emerald-50 text-emerald-600"
        : "bg-slate-100 text-slate-500";
  return (
    <span
      aria-hidden="true"
      className={`mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-lg ${tone}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      >
        <path d="M5 2.5h6.5L15 6v11.5H5z" />
        <path d="M11.5 2.5V6H15" />
      </svg>
    </span>
  );
}
