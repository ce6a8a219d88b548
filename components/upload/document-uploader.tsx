"use client";
// A category's whole upload flow on one screen: pick a language, add files,
// watch each through Upload → Process → Result, and read the result below.
import Link from "next/link";
import { lazy, Suspense, useCallback, useId, useState } from "react";
import { DEFAULT_ACCEPTED_TYPES, DEFAULT_MAX_BYTES } from "@/lib/upload/media-types";
import type { QueueEntry } from "@/lib/upload/queue-state";
import { useUploadQueue } from "@/lib/upload/use-upload-queue";
import { DropZone } from "./drop-zone";
import { DEFAULT_LANGUAGES, type LanguageOption } from "./languages";
import { UploadQueue } from "./upload-queue";

// The result view is only needed once something finished: keep it out of the page's first load.
// React.lazy rather than next/dynamic, whose loader code (about 2.5 kB compressed) would ship
// with the page; a result only exists in the browser, so the server never renders it.
const ResultView = lazy(() =>
  import("@/components/result/result-view").then((m) => ({ default: m.ResultView })),
);

export interface DocumentUploaderProps {
  categoryId: string;
  categoryName: string;
  /** Media types the category takes; the service's answer stays the final word. */
  accepted?: readonly string[];
  maxBytes?: number;
  /** Label of the cost unit (INTERFACE.md: USD). */
  unitLabel?: string;
  /** Language choices; an empty list hides the choice. */
  languages?: readonly LanguageOption[];
  /** Where a finished run can be opened again, e.g. `/runs/<trace_id>`. */
  runHref?: (traceId: string) => string;
}

const defaultRunHref = (traceId: string) => `/runs/${encodeURIComponent(traceId)}`;

export function DocumentUploader({
  categoryId,
  categoryName,
  accepted = DEFAULT_ACCEPTED_TYPES,
  maxBytes = DEFAULT_MAX_BYTES,
  unitLabel,
  languages = DEFAULT_LANGUAGES,
  runHref = defaultRunHref,
}: DocumentUploaderProps) {
  const languageId = useId();
  const [language, setLanguage] = useState("");
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const queue = useUploadQueue({ categoryId, accepted, maxBytes });
  const { addFiles, resultOf, fileOf } = queue;

  const onFiles = useCallback(
    (files: File[]) => addFiles(files, language ? [language] : []),
    [addFiles, language],
  );
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
    <div className="space-y-6" data-testid="document-uploader">
      <section aria-labelledby="upload-heading" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="upload-heading" className="font-semibold text-lg text-slate-900">
            Add documents
          </h2>
          {languages.length > 0 ? (
            <div className="flex items-center gap-2">
              <label htmlFor={languageId} className="text-slate-700 text-sm">
                Language of the text
              </label>
              <select
                id={languageId}
                value={language}
                onChange={(e) => setLanguage(e.target.value)}
                className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm shadow-sm"
              >
                <option value="">Not sure</option>
                {languages.map((l) => (
                  <option key={l.code} value={l.code}>
                    {l.label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </div>
        <DropZone accepted={accepted} maxBytes={maxBytes} onFiles={onFiles} />
        <UploadQueue
          entries={queue.entries}
          unitLabel={unitLabel}
          selectedId={shown?.id ?? null}
          canRetry={queue.canRetry}
          canShow={canShow}
          onCancel={queue.cancel}
          onRetry={queue.retry}
          onRemove={queue.remove}
          onShow={setSelectedId}
          resultLink={resultLink}
        />
      </section>

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
    </div>
  );
}
