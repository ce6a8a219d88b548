"use client";
// The upload engine on screen: the queue of files (checks, grant → PUT →
// process, retries), each row's progress, the result below, and the runs
// ledger of this browser. DocumentUploader loads this module with the first
// file (or as soon as a person heads for the drop zone), so a page nobody
// uploads on never downloads it.
import Link from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { JobProgress } from "@/components/result/run/job-progress";
import { QueryProvider } from "@/lib/query/query-provider";
import type { QueueEntry } from "@/lib/upload/queue-state";
import { useUploadQueue } from "@/lib/upload/use-upload-queue";
import { UploadQueue } from "./upload-queue";
import { useResultView } from "./use-result-view";

/** Files added together, with the language chosen at the time. */
export interface FileBatch {
  id: number;
  files: readonly File[];
  languageHints: string[];
}

export interface UploadSessionProps {
  categoryId: string;
  categoryName: string;
  accepted: readonly string[];
  maxBytes: number;
  unitLabel?: string;
  msPerPage?: number;
  runHref: (traceId: string) => string;
  /** Files waiting for the queue, in the order they came; each batch is taken once. */
  incoming: readonly FileBatch[];
  onTaken: (ids: number[]) => void;
  /** Where the rows go: under the drop zone, inside the uploader's own section. */
  queueSlot: HTMLElement;
}

/**
 * The engine with its TanStack Query provider, which comes in this chunk: the
 * uploader is the app's only user of TanStack Query, so no page loads it
 * before a file is on its way. The client itself is one per tab (getQueryClient).
 */
export function UploadSession(props: UploadSessionProps) {
  return (
    <QueryProvider>
      <Session {...props} />
    </QueryProvider>
  );
}

function Session({
  categoryId,
  categoryName,
  accepted,
  maxBytes,
  unitLabel,
  msPerPage,
  runHref,
  incoming,
  onTaken,
  queueSlot,
}: UploadSessionProps) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const queue = useUploadQueue({ categoryId, accepted, maxBytes });
  const { addFiles, resultOf, fileOf } = queue;

  // A ref, not state: Strict Mode runs this effect twice, and a batch must be added once.
  const taken = useRef(new Set<number>());
  useEffect(() => {
    const fresh = incoming.filter((batch) => !taken.current.has(batch.id));
    if (fresh.length === 0) return;
    for (const batch of fresh) {
      taken.current.add(batch.id);
      addFiles(batch.files, batch.languageHints);
    }
    onTaken(fresh.map((batch) => batch.id));
  }, [incoming, addFiles, onTaken]);

  // The result view is only needed once something finishes: its chunk is fetched while the
  // files upload (not with this module, nor after the answer), so the answer draws at once.
  const resultView = useResultView(queue.entries.length > 0);

  const canShow = useCallback((entry: QueueEntry) => resultOf(entry.id) !== undefined, [resultOf]);

  // Unless the person picked one, show the newest result the page still has.
  const shown =
    queue.entries.find((e) => e.id === selectedId && canShow(e)) ??
    queue.entries.findLast((e) => e.stage === "done" && canShow(e));
  const shownResult = shown ? resultOf(shown.id) : undefined;

  // The newest document being read as a job shows its pages as they are read.
  const reading = queue.entries.findLast((e) => e.stage === "processing" && e.job !== null);
  const readingJob = reading ? queue.jobOf(reading.id) : undefined;

  const resultLink = (entry: QueueEntry) =>
    entry.stage === "done" && entry.meta ? (
      <Link
        href={runHref(entry.meta.trace_id)}
        className="font-medium text-indigo-700 text-xs underline-offset-2 hover:underline"
      >
        Open result page
      </Link>
    ) : null;

  return (
    <>
      {createPortal(
        <UploadQueue
          entries={queue.entries}
          unitLabel={unitLabel}
          msPerPage={msPerPage}
          selectedId={shown?.id ?? null}
          canRetry={queue.canRetry}
          canShow={canShow}
          onCancel={queue.cancel}
          onRetry={queue.retry}
          onRemove={queue.remove}
          onShow={setSelectedId}
          resultLink={resultLink}
          onCancelJob={queue.cancelJob}
          cancellingId={queue.cancellingId}
        />,
        queueSlot,
      )}
      {reading?.job ? (
        <JobProgress
          title={reading.name}
          job={
            readingJob ?? {
              status: reading.job.pagesDone > 0 ? "running" : "queued",
              pagesDone: reading.job.pagesDone,
              pagesTotal: reading.job.pagesTotal,
              pages: [],
            }
          }
          note={reading.note}
          actions={
            <Link
              href={runHref(reading.job.runId)}
              className="font-medium text-indigo-700 text-xs underline-offset-2 hover:underline"
            >
              Open its page
            </Link>
          }
        />
      ) : null}
      {shown && shownResult ? (
        <section aria-labelledby="result-heading" className="space-y-4" data-testid="upload-result">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2
              id="result-heading"
              className="min-w-0 truncate font-semibold text-lg text-slate-900"
            >
              Result: {shown.name}
            </h2>
            {resultLink(shown)}
          </div>
          {resultView.module ? (
            <resultView.module.ResultView
              result={shownResult}
              file={fileOf(shown.id)}
              fileName={shown.name}
              unitLabel={unitLabel}
              support={{
                idempotencyKey: shown.idempotencyKey,
                objectKey: shown.objectKey ?? undefined,
                time: shown.finishedAt ?? undefined,
                categoryName,
                categoryId,
                fileName: shown.name,
              }}
            />
          ) : (
            <ResultViewMissing failed={resultView.failed} onRetry={resultView.retry} />
          )}
        </section>
      ) : null}
    </>
  );
}

/** While the result view's chunk is on its way; if it could not be fetched, a way to try again. */
function ResultViewMissing({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  if (!failed) return <p className="text-slate-500 text-sm">Loading the result…</p>;
  return (
    <div
      role="alert"
      className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm sm:p-4"
      data-testid="result-view-error"
    >
      <p className="font-medium text-red-800">The result didn't finish loading</p>
      <p className="mt-1 text-slate-700">
        Your document was read and its result is kept. Check your connection, then try again.
      </p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-3 inline-flex h-8 items-center justify-center rounded-md bg-indigo-600 px-3 font-medium text-white text-xs shadow-sm hover:bg-indigo-700"
      >
        Try again
      </button>
    </div>
  );
}
