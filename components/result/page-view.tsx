"use client";
// One recognised page: the person's own image under it when the browser can
// show it, otherwise a blank sheet of the page's size with the words written
// where they were found. Word boxes are drawn in the page's own pixels, so
// they line up whatever size the picture is shown at.
import type { OcrPage } from "@/lib/contract";
import { formatConfidence, isLowConfidence, lowConfidenceCount } from "./ocr-text";

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
  const { width, height } = page;
  const low = lowConfidenceCount(page);
  const label = `Page ${page.number}: ${page.words.length} recognised word${page.words.length === 1 ? "" : "s"}${
    low > 0 ? `, ${low} read with low confidence` : ""
  }.`;
  if (!(width > 0 && height > 0)) {
    return (
      <p className="rounded-lg border border-slate-200 border-dashed p-6 text-center text-slate-500 text-sm">
        The service did not say how large this page is, so it cannot be drawn.
      </p>
    );
  }
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
      data-testid="page-view"
      className="block h-auto w-full rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <rect width={width} height={height} fill="white" />
      {imageUrl ? (
        <image
          href={imageUrl}
          width={width}
          height={height}
          preserveAspectRatio="none"
          onError={onImageError}
        />
      ) : (
        <g fill="#334155">
          {page.words.map((word, i) => {
            const h = word.bbox.y1 - word.bbox.y0;
            const w = word.bbox.x1 - word.bbox.x0;
            if (!(h > 0 && w > 0)) return null;
            return (
              <text
                // biome-ignore lint/suspicious/noArrayIndexKey: words have no id; the list never reorders.
                key={i}
                x={word.bbox.x0}
                y={word.bbox.y1 - h * 0.18}
                fontSize={h * 0.85}
                textLength={w}
                lengthAdjust="spacingAndGlyphs"
                fontFamily="ui-sans-serif, system-ui, sans-serif"
              >
                {word.text}
              </text>
            );
          })}
        </g>
      )}
      {showBoxes ? (
        <g data-testid="word-boxes">
          {page.words.map((word, i) => {
            const lowWord = isLowConfidence(word);
            return (
              <rect
                // biome-ignore lint/suspicious/noArrayIndexKey: as above.
                key={i}
                x={word.bbox.x0}
                y={word.bbox.y0}
                width={Math.max(0, word.bbox.x1 - word.bbox.x0)}
                height={Math.max(0, word.bbox.y1 - word.bbox.y0)}
                data-low-confidence={lowWord || undefined}
                className={
                  lowWord
                    ? "fill-amber-400/35 stroke-amber-600 [stroke-dasharray:4_3]"
                    : "fill-indigo-500/10 stroke-indigo-500/80"
                }
                strokeWidth={lowWord ? 2 : 1.25}
                vectorEffect="non-scaling-stroke"
              >
                <title>{`${word.text} — ${formatConfidence(word.confidence)} confidence`}</title>
              </rect>
            );
          })}
        </g>
      ) : null}
    </svg>
  );
}
