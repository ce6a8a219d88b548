"use client";
// Text recognition: the page with its word boxes beside the text read from it.
import { useId, useState } from "react";
import { secondaryButton } from "@/components/button-styles";
import type { OcrData, ProcessResult } from "@/lib/kernel/contract";
import { CopyButton } from "./copy-button";
import { baseName, downloadJson, downloadText } from "./download";
import { documentText, formatConfidence, LOW_CONFIDENCE, lowConfidenceCount } from "./ocr-text";
import { PageNav } from "./page-nav";
import { PageView } from "./page-view";
import { RawData } from "./raw-data";
import { drawnPageNote, usePageImage } from "./use-page-image";

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
  const [index, setIndex] = useState(0);
  const [showBoxes, setShowBoxes] = useState(true);
  const { imageUrl, onImageError } = usePageImage(file);

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
          <PageNav numbers={pages.map((p) => p.number)} index={index} onChange={setIndex} />
          <div className="mt-3">
            <PageView
              page={page}
              imageUrl={pageImage}
              showBoxes={showBoxes}
              onImageError={onImageError}
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

      <RawData result={result} />
    </div>
  );
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
      <button type="button" className={secondaryButton} onClick={() => downloadJson(stem, result)}>
        Download .json
      </button>
    </div>
  );
}
