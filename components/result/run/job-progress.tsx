// A long document being read as a job: "Page 12 of 100", a bar, and the text of
// every page read so far, as it arrives. Presentational: the upload queue and
// the run page each poll the job and pass what they read.
import type { ReactNode } from "react";
import type { JobAnswer } from "@/lib/api/jobs";

export function jobProgressLabel(job: Pick<JobAnswer, "status" | "pagesDone" | "pagesTotal">) {
  if (job.status === "queued") {
    return job.pagesTotal > 0 ? `Waiting to start · ${job.pagesTotal} pages` : "Waiting to start";
  }
  return `Page ${job.pagesDone} of ${job.pagesTotal}`;
}

export function JobProgress({
  title,
  job,
  actions,
  note,
  headingLevel = 2,
}: {
  /** The document's name. */
  title: string;
  job: Pick<JobAnswer, "status" | "pagesDone" | "pagesTotal" | "pages">;
  /** Cancel, when this viewer may. */
  actions?: ReactNode;
  /** A passing problem worth a word ("Can't reach the server, trying again…"). */
  note?: string | null;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  const { pagesDone, pagesTotal, pages } = job;
  const percent = pagesTotal > 0 ? Math.round((pagesDone / pagesTotal) * 100) : 0;
  const label = jobProgressLabel(job);
  return (
    <section
      aria-label={`Reading ${title}`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="job-progress"
      data-status={job.status}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Heading className="truncate font-semibold text-base text-slate-900">
            Reading {title}
          </Heading>
          <p
            className="mt-1 font-medium text-slate-900 text-xl tabular-nums"
            data-testid="job-progress-label"
          >
            {label}
          </p>
        </div>
        {actions}
      </div>
      <div
        role="progressbar"
        aria-label={`Pages of ${title} read`}
        aria-valuemin={0}
        aria-valuemax={pagesTotal}
        aria-valuenow={pagesDone}
        aria-valuetext={`${pagesDone} of ${pagesTotal} pages read`}
        className="mt-3 h-2 overflow-hidden rounded-full bg-violet-100"
      >
        <div
          className="h-full rounded-full bg-violet-600 transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
      {note ? (
        <p className="mt-2 text-amber-800 text-xs" data-testid="job-progress-note">
          {note}
        </p>
      ) : null}
      <p className="mt-2 text-slate-600 text-sm">
        Each page appears below as soon as it is read. You can leave this page: the document is read
        on, and its result waits under My documents.
      </p>
      {pages.length > 0 ? (
        <ol
          className="mt-4 max-h-[32rem] space-y-4 overflow-auto rounded-lg bg-slate-50 p-3"
          aria-label="Pages read so far"
          data-testid="job-pages"
        >
          {pages.map((page) => (
            <li key={page.number} data-testid="job-page" data-page={page.number}>
              <p className="font-medium text-slate-500 text-xs uppercase tracking-wide">
                Page {page.number}
              </p>
              {page.text.trim() ? (
                <pre
                  className="mt-1 whitespace-pre-wrap break-words font-sans text-slate-800 text-sm leading-relaxed"
                  data-testid="job-page-text"
                >
                  {page.text}
                </pre>
              ) : (
                <p className="mt-1 text-slate-500 text-sm">No text was found on this page.</p>
              )}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
