"use client";
// Text recognition: the document's pages with their word boxes beside the
// text read from them, and what a person takes away (ocr-actions.tsx).
import { useId, useState } from "react";
import type { DataViewProps } from "@/components/result/data-view";
import { RawData } from "@/components/result/json/raw-data";
import { PageNote } from "@/components/result/page/page-note";
import { usePagePictures } from "@/components/result/page/use-page-image";
import { baseName } from "@/lib/export/download";
import type { OcrData } from "@/lib/kernel/contract";
import {
  documentText,
  formatConfidence,
  LOW_CONFIDENCE,
  lowConfidenceCount,
} from "@/lib/result/ocr-text";
import { OcrActions } from "./ocr-actions";
import { OcrPages, type PickedWord } from "./ocr-pages";

export function OcrResult({ data, result, original, fileName }: DataViewProps<OcrData>) {
  const switchId = useId();
  const [index, setIndex] = useState(0);
  const [showBoxes, setShowBoxes] = useState(true);
  const [picked, setPicked] = useState<PickedWord | null>(null);
  const pictures = usePagePictures(original);

  const pages = data.pages;
  const page = pages[Math.min(index, pages.length - 1)];
  const stem = baseName(fileName);
  const allText = documentText(data);
  const actions = (
    <OcrActions
      data={data}
      text={allText}
      result={result}
      stem={stem}
      original={original}
      images={pictures.images}
    />
  );

  if (!page) {
    return (
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="font-semibold text-base text-slate-900">Recognised text</h2>
        <TextBlock text={data.text} />
        {actions}
      </section>
    );
  }

  const low = pages.reduce((sum, p) => sum + lowConfidenceCount(p), 0);
  const pickedPage = picked ? pages.find((p) => p.number === picked.page) : undefined;
  const pickedWord = picked ? pickedPage?.words[picked.word] : undefined;
  const note = pictures.note;
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
          <OcrPages
            pages={pages}
            pictures={pictures}
            showBoxes={showBoxes}
            index={index}
            onIndex={setIndex}
            picked={picked}
            onPick={(next) =>
              setPicked((now) => (now?.page === next.page && now.word === next.word ? null : next))
            }
          />
          <p
            className="mt-2 min-h-5 text-slate-700 text-sm"
            aria-live="polite"
            data-testid="picked-word"
          >
            {pickedWord && picked
              ? `“${pickedWord.text}”: ${formatConfidence(pickedWord.confidence)} confidence, page ${picked.page}`
              : showBoxes
                ? "Tap or click a word's box to see what was read there."
                : ""}
          </p>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-slate-600 text-xs">
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
              {low > 0 ? `: ${low} in all` : ""}
            </li>
            <PageNote note={note} original={original} />
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
          {actions}
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
