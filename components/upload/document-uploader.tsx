"use client";
// A category's whole upload flow on one screen: pick a language, add files,
// watch each through Upload → Process → Result, and read the result below.
//
// Only the drop zone and the language choice come with the page. The engine
// (upload-session.tsx: checks, transfers, the queue, results) is a chunk of
// its own, fetched when a person heads for the drop zone or adds a file.
// Files added before it arrives wait here and are handed over in order.
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { DEFAULT_ACCEPTED_TYPES, DEFAULT_MAX_BYTES } from "@/lib/upload/media-types";
import { hasStoredQueue } from "@/lib/upload/storage-key";
import { DropZone } from "./drop-zone";
import type { LanguageOption } from "./languages";
import type { FileBatch } from "./upload-session";
import { useUploadSession } from "./use-upload-session";

export interface DocumentUploaderProps {
  categoryId: string;
  categoryName: string;
  /** Media types the category takes; the service's answer stays the final word. */
  accepted?: readonly string[];
  maxBytes?: number;
  /** Label of the cost unit (INTERFACE.md: USD). */
  unitLabel?: string;
  /** How long a page of this category takes (its recent runs), for a long document's estimate. */
  msPerPage?: number;
  /** Language choices, from the category's `languages`; none hides the choice. */
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
  msPerPage,
  languages = [],
  runHref = defaultRunHref,
}: DocumentUploaderProps) {
  const languageId = useId();
  const [language, setLanguage] = useState("");
  const [incoming, setIncoming] = useState<FileBatch[]>([]);
  const nextBatchId = useRef(0);
  // The rows go under the drop zone; the engine renders them there through a portal.
  const [queueSlot, setQueueSlot] = useState<HTMLElement | null>(null);
  const session = useUploadSession();
  const { load } = session;

  // A refresh with files in the queue: bring their rows back at once.
  useEffect(() => {
    if (hasStoredQueue(categoryId)) load();
  }, [categoryId, load]);

  const onFiles = useCallback(
    (files: File[]) => {
      const batch = { id: nextBatchId.current++, files, languageHints: language ? [language] : [] };
      setIncoming((list) => [...list, batch]);
      load();
    },
    [language, load],
  );
  const onTaken = useCallback(
    (ids: number[]) => setIncoming((list) => list.filter((batch) => !ids.includes(batch.id))),
    [],
  );

  const Session = session.module?.UploadSession;
  const waiting = incoming.reduce((n, batch) => n + batch.files.length, 0);
  return (
    <div className="space-y-6" data-testid="document-uploader">
      <section
        aria-labelledby="upload-heading"
        className="space-y-4"
        // Someone heading for the drop zone or the language is about to add files.
        onPointerEnter={load}
        onFocus={load}
        onDragEnter={load}
      >
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
        {/* display: contents, so the rows lay out as the section's own children. */}
        <div ref={setQueueSlot} className="contents">
          {Session ? null : <WaitingFiles count={waiting} failed={session.failed} onRetry={load} />}
        </div>
      </section>
      {Session && queueSlot ? (
        <Session
          categoryId={categoryId}
          categoryName={categoryName}
          accepted={accepted}
          maxBytes={maxBytes}
          unitLabel={unitLabel}
          msPerPage={msPerPage}
          runHref={runHref}
          incoming={incoming}
          onTaken={onTaken}
          queueSlot={queueSlot}
        />
      ) : null}
    </div>
  );
}

/** Files added before the engine arrived; if it could not be fetched, a way to try again. */
function WaitingFiles({
  count,
  failed,
  onRetry,
}: {
  count: number;
  failed: boolean;
  onRetry: () => void;
}) {
  if (count === 0) return null;
  const files = count === 1 ? "Your file" : `Your ${count} files`;
  if (!failed) {
    return (
      <p role="status" className="text-slate-600 text-sm" data-testid="upload-waiting">
        Getting ready to upload… {files.toLowerCase()} will appear here in a moment.
      </p>
    );
  }
  return (
    <div
      role="alert"
      className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm sm:p-4"
      data-testid="upload-engine-error"
    >
      <p className="font-medium text-red-800">The uploader didn't finish loading</p>
      <p className="mt-1 text-slate-700">
        {files} {count === 1 ? "is" : "are"} still here and nothing has been sent. Check your
        connection, then try again.
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
