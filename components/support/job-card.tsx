// A run's job in the support console: its state, pages read of pages in all,
// its id (to look it up in the service's logs), and the text of each page read
// so far while it runs.
import type { RunJob } from "@/lib/ledger/types";
import type { JobPage } from "@/lib/routing/types";

const STATUS_TEXT: Record<NonNullable<RunJob["status"]>, string> = {
  queued: "Queued",
  running: "Running",
  succeeded: "Succeeded",
  failed: "Failed",
  cancelled: "Cancelled",
};

export function JobCard({
  job,
  pages,
  unreachable,
}: {
  job: RunJob;
  /** The pages read so far, when the job was read live (it runs). */
  pages?: readonly JobPage[];
  /** The service could not be asked just now: the figures are the ledger's last. */
  unreachable: boolean;
}) {
  const done = job.pagesDone ?? 0;
  const total = job.pagesTotal ?? 0;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const rows: [string, string, boolean][] = [
    ["Job status", job.status ? STATUS_TEXT[job.status] : "Unknown", false],
    ["Pages", `${done} of ${total} read`, false],
    ["Job id", job.id, true],
  ];
  return (
    <div className="space-y-3" data-testid="job-card" data-status={job.status ?? "unknown"}>
      <dl className="grid gap-x-6 gap-y-2.5 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([label, value, mono]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd
              className={`min-w-0 break-all text-slate-900 ${mono ? "font-mono text-[13px]" : ""}`}
              data-testid={`job-${label.toLowerCase().replace(/[^a-z]+/g, "-")}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div
        role="progressbar"
        aria-label="Pages read"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="h-2 overflow-hidden rounded-full bg-violet-100"
      >
        <div className="h-full rounded-full bg-violet-600" style={{ width: `${percent}%` }} />
      </div>
      {unreachable ? (
        <p className="text-amber-800 text-xs">
          The service could not be asked just now; these figures are the last ones recorded.
        </p>
      ) : null}
      {pages && pages.length > 0 ? (
        <ol
          className="max-h-96 space-y-3 overflow-auto rounded-lg bg-slate-50 p-3"
          aria-label="Pages read so far"
          data-testid="job-card-pages"
        >
          {pages.map((page) => (
            <li key={page.number} data-page={page.number}>
              <p className="font-medium text-slate-500 text-xs">Page {page.number}</p>
              <pre className="mt-1 whitespace-pre-wrap break-words font-sans text-slate-800 text-sm">
                {page.text.trim() || "(no text on this page)"}
              </pre>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
