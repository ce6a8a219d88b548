"use client";
// The upload engine on screen: the queue of files (checks, grant → PUT →
// process, retries), each row's progress, the result below, and the runs
// ledger of this browser. DocumentUploader loads this module with the first
// file (or as soon as a person heads for the drop zone), so a page nobody
// uploads on never downloads it.
import Link from "next/link";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { QueryProvider } from "@/lib/query/query-provider";
import type { QueueEntry } from "@/lib/upload/queue-state";
import { useUploadQueue } from "@/lib/upload/use-upload-queue";
import { UploadQueue } from "./upload-queue";

// The result view is only needed once something finished: it loads after this module.
// React.lazy rather than next/dynamic, whose loader code (about 2.5 kB compressed) would ship
// with the page; a result only exists in the browser, so the server never renders it.
const ResultView = lazy(() =>
  import("@/components/result/result-view").then((m) => ({ default: m.ResultView })),
);

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

  const canShow = useCallback((entry: QueueEntry) => resultOf(entry.id) !== undefined, [resultOf]);

  // Unless the person picked one, show the newest result the page still has.
  const shown =
    queue.entries.find((e) => e.id === selectedId && canShow(e)) ??
    queue.entries.findLast((e) => e.stage === "done" && canShow(e));
  const shownResult = shown ? resultOf(shown.id) : undefined;

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
        />,
        queueSlot,
      )}
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
          <Suspense fallback={<p className="text-slate-500 text-sm">Loading the result…</p>}>
            <ResultView
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
          </Suspense>
        </section>
      ) : null}
    </>
  );
}
