"use client";
// One recognised page with its word boxes (text recognition).
import type { OcrPage } from "@/lib/kernel/contract";
import { formatConfidence, isLowConfidence, lowConfidenceCount } from "./ocr-text";
import { BoxRect, PageSheet } from "./page-sheet";

export function PageView({
  page,
  imageUrl,
  showBoxes,
  onImageError,
}: {
  page: OcrPage;
  /** An object URL of the person's own file, for an image the browser can draw. */
  imageUrl: string | null;
  showBoxes: boolean;
  onImageError?: () => void;
}) {
  const low = lowConfidenceCount(page);
  const label = `Page ${page.number}: ${page.words.length} recognised word${page.words.length === 1 ? "" : "s"}${
    low > 0 ? `, ${low} read with low confidence` : ""
  }.`;
  return (
    <PageSheet
      width={page.width}
      height={page.height}
      label={label}
      imageUrl={imageUrl}
      onImageError={onImageError}
      drawn={page.words.map((word) => ({ text: word.text, bbox: word.bbox, stretch: true }))}
    >
      {showBoxes ? (
        <g data-testid="word-boxes">
          {page.words.map((word, i) => {
            const lowWord = isLowConfidence(word);
            return (
              <BoxRect
                // biome-ignore lint/suspicious/noArrayIndexKey: words have no id; the list never reorders.
                key={i}
                bbox={word.bbox}
                data-low-confidence={lowWord || undefined}
                className={
                  lowWord
                    ? "fill-amber-400/35 stroke-amber-600 [stroke-dasharray:4_3]"
                    : "fill-indigo-500/10 stroke-indigo-500/80"
                }
                strokeWidth={lowWord ? 2 : 1.25}
                title={`${word.text} — ${formatConfidence(word.confidence)} confidence`}
              />
            );
          })}
        </g>
      ) : null}
    </PageSheet>
  );
}
