"use client";
// Text recognition: the page with its word boxes beside the text read from it.
import { useId, useState } from "react";
import { secondaryButton } from "@/components/button-styles";
import type { OcrData, ProcessResult } from "@/lib/contract";
import { CopyButton } from "./copy-button";
import { baseName, downloadText } from "./download";
import { JsonViewer } from "./json-viewer";
import { documentText, formatConfidence, LOW_CONFIDENCE, lowConfidenceCount } from "./ocr-text";
import { PageView } from "./page-view";
import { useObjectUrl } from "./use-object-url";

/** Types every browser draws in an SVG <image>; TIFF is not one of them. */
const DRAWABLE = new Set(["image/png", "image/jpeg", "image/webp", "image/bmp", "image/gif"]);

const toolButton =
  "inline-flex h-9 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 font-medium text-slate-700 text-sm shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";

export function OcrResult({
  data,
  result,
  file,
  fileName,
}: {
  data: OcrData;
  /** The whole answer, for the .json download. */
  result: ProcessResult;
  file?: Blob | null;
  fileName?: string;
}) {
  const switchId = useId();
  const pageSelectId = useId();
  const [index, setIndex] = useState(0);
  const [showBoxes, setShowBoxes] = useState(true);
  const [imageFailed, setImageFailed] = useState(false);
  const drawable = Boolean(file && DRAWABLE.has(file.type)) && !imageFailed;
  const imageUrl = useObjectUrl(drawable ? file : null);

  const pages = data.pages;
  const page = pages[Math.min(index, pages.length - 1)];
  const stem = baseName(fileName);
  const allText = documentText(data);

  if (!page) {
    return (
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="font-semibold text-base text-slate-900">Recognised text</h2>
        <TextBlock text={data.text} />
        <ResultActions text={allText} result={result} stem={stem} />
      </section>
    );
  }

  const low = lowConfidenceCount(page);
  // Only an image file is the picture of page 1; PDF pages are drawn from their words.
  const pageImage = index === 0 && imageUrl ? imageUrl : null;
  return (
    <div className="space-y-6" data-testid="ocr-result">
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <section
          aria-labelledby="document-heading"
          className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="document-heading" className="font-semibold text-base text-slate-900">
              Document
            </h2>
            <label htmlFor={switchId} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                id={switchId}
                type="checkbox"
                role="switch"
                aria-checked={showBoxes}
                checked={showBoxes}
                onChange={(e) => setShowBoxes(e.target.checked)}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                className="relative inline-flex h-5 w-9 shrink-0 items-center rounded-full bg-slate-300 transition peer-checked:bg-indigo-600 peer-focus-visible:outline-2 peer-focus-visible:outline-indigo-600 peer-focus-visible:outline-offset-2 peer-checked:[&>span]:translate-x-4"
              >
                <span className="ml-0.5 size-4 rounded-full bg-white shadow transition" />
              </span>
              <span className="text-slate-700">Show word boxes</span>
            </label>
          </div>
          {pages.length > 1 ? (
            <nav aria-label="Pages" className="mt-3 flex items-center gap-2">
              <button
                type="button"
                className={toolButton}
                onClick={() => setIndex((i) => Math.max(0, i - 1))}
                aria-label="Previous page"
                disabled={index === 0}
              >
                <span aria-hidden="true">←</span> Previous
              </button>
              <label htmlFor={pageSelectId} className="sr-only">
                Page
              </label>
              <select
                id={pageSelectId}
                value={index}
                onChange={(e) => setIndex(Number(e.target.value))}
                className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm shadow-sm"
              >
                {pages.map((p, i) => (
                  <option key={p.number} value={i}>
                    Page {p.number} of {pages.length}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className={toolButton}
                onClick={() => setIndex((i) => Math.min(pages.length - 1, i + 1))}
                aria-label="Next page"
                disabled={index === pages.length - 1}
              >
                Next <span aria-hidden="true">→</span>
              </button>
            </nav>
          ) : null}
          <div className="mt-3">
            <PageView
              page={page}
              imageUrl={pageImage}
              showBoxes={showBoxes}
              onImageError={() => setImageFailed(true)}
            />
          </div>
          <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-slate-600 text-xs">
            <li className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="size-3 rounded-sm border border-indigo-500 bg-indigo-500/10"
              />
              Recognised word
            </li>
            <li className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="size-3 rounded-sm border border-amber-600 border-dashed bg-amber-400/35"
              />
              Low confidence (under {formatConfidence(LOW_CONFIDENCE)})
              {low > 0 ? `: ${low} on this page` : ""}
            </li>
            {pageImage ? null : (
              <li className="basis-full text-slate-500">{drawnPageNote(file?.type)}</li>
            )}
          </ul>
        </section>

        <section
          aria-labelledby="text-heading"
          className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="text-heading" className="font-semibold text-base text-slate-900">
              Text{pages.length > 1 ? ` on page ${page.number}` : ""}
            </h2>
            <p className="text-slate-500 text-xs">
              Language {data.language || "not given"} · confidence{" "}
              {formatConfidence(page.confidence)}
            </p>
          </div>
          <TextBlock text={page.text} />
          <ResultActions text={allText} result={result} stem={stem} />
        </section>
      </div>

      <details className="group rounded-xl border border-slate-200 bg-white shadow-sm">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-3 font-medium text-slate-800 text-sm hover:bg-slate-50 sm:px-5">
          Raw data (JSON)
          <svg
            aria-hidden="true"
            viewBox="0 0 16 16"
            className="size-4 text-slate-400 transition-transform group-open:rotate-180"
          >
            <path d="m4 6 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
          </svg>
        </summary>
        <div className="border-slate-100 border-t p-4 sm:p-5">
          <JsonViewer value={result} />
        </div>
      </details>
    </div>
  );
}

function drawnPageNote(fileType: string | undefined): string {
  if (fileType === "application/pdf") {
    return "PDF pages are drawn here from the words that were read; your file itself is unchanged.";
  }
  if (fileType === "image/tiff") {
    return "Browsers cannot show TIFF images, so the page is drawn from the words that were read.";
  }
  return "The page is drawn from the words that were read.";
}

function TextBlock({ text }: { text: string }) {
  return text.trim() ? (
    <pre
      data-testid="recognised-text"
      className="mt-3 max-h-[32rem] overflow-auto whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 font-sans text-slate-800 text-sm leading-relaxed"
    >
      {text}
    </pre>
  ) : (
    <p className="mt-3 rounded-lg bg-slate-50 p-3 text-slate-500 text-sm">
      No text was found on this page.
    </p>
  );
}

function ResultActions({
  text,
  result,
  stem,
}: {
  text: string;
  result: ProcessResult;
  stem: string;
}) {
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <CopyButton text={text} label="Copy text" className={secondaryButton} />
      <button
        type="button"
        className={secondaryButton}
        onClick={() => downloadText(`${stem}.txt`, text, "text/plain;charset=utf-8")}
      >
        Download .txt
      </button>
      <button
        type="button"
        className={secondaryButton}
        onClick={() =>
          downloadText(`${stem}.json`, `${JSON.stringify(result, null, 2)}\n`, "application/json")
        }
      >
        Download .json
      </button>
    </div>
  );
}
