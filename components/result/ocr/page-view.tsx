"use client";
import { BoxRect, PageSheet, type SheetPage } from "@/components/result/page/page-sheet";
// One recognised page with its word boxes (text recognition). A word's box
// says its text and confidence under the pointer; a tap or click on it picks
// it (a phone has no pointer to hover with), and the picked word's box stands out.
import type { OcrPage } from "@/lib/kernel/contract";
import { formatConfidence, isLowConfidence, lowConfidenceCount } from "@/lib/result/ocr-text";

export function PageView({
  page,
  imageUrl,
  sheetPage,
  showBoxes,
  onImageError,
  picked,
  onPick,
}: {
  page: OcrPage;
  /** An object URL of the person's own file, for an image the browser can draw. */
  imageUrl: string | null;
  /** The page of the person's PDF or TIFF to draw under the boxes. */
  sheetPage?: SheetPage | null;
  showBoxes: boolean;
  onImageError?: () => void;
  /** The word picked on this page (its index in `page.words`). */
  picked?: number | undefined;
  onPick?: (word: number) => void;
}) {
  const low = lowConfidenceCount(page);
  const label = `Page ${page.number}: ${page.words.length} recognised word${page.words.length === 1 ? "" : "s"}${
    low > 0 ? `, ${low} read with low confidence` : ""
  }.`;
  const pickedWord = picked === undefined ? undefined : page.words[picked];
  return (
    <PageSheet
      width={page.width}
      height={page.height}
      label={label}
      imageUrl={imageUrl}
      onImageError={onImageError}
      page={sheetPage}
      drawn={page.words.map((word) => ({ text: word.text, bbox: word.bbox, stretch: true }))}
    >
      {showBoxes ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: picking a word is for pointers and fingers; its text is in the text beside the page for everyone.
        <g
          data-testid="word-boxes"
          className={onPick ? "cursor-pointer" : undefined}
          onClick={(event) => {
            const index = Number((event.target as Element).getAttribute("data-word"));
            if (onPick && Number.isInteger(index)) onPick(index);
          }}
        >
          {page.words.map((word, i) => {
            const lowWord = isLowConfidence(word);
            return (
              <BoxRect
                // biome-ignore lint/suspicious/noArrayIndexKey: words have no id; the list never reorders.
                key={i}
                bbox={word.bbox}
                data-word={String(i)}
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
      {pickedWord ? (
        <BoxRect
          bbox={pickedWord.bbox}
          data-testid="picked-word-box"
          className="pointer-events-none fill-amber-300/30 stroke-amber-600"
          strokeWidth={3}
        />
      ) : null}
    </PageSheet>
  );
}
