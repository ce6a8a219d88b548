"use client";
// A page of the document as an SVG in the page's own pixels, over the page
// itself: the person's own image when the browser can show it, a PDF or TIFF
// page drawn in a canvas under the SVG, otherwise (the document is gone, or
// cannot be drawn) a blank sheet with the text that was read written where it
// was found. Overlays (word, field or table boxes) come as children, in the
// same pixels, so they line up whatever size the picture is shown at.
import { type ReactNode, useState } from "react";
import type { BBox } from "@/lib/kernel/contract";
import type { PageImages } from "@/lib/page-images/page-images";
import { PageCanvas } from "./page-canvas";

/** Text written on a drawn sheet. `stretch` fills the box (a word); otherwise it only shrinks to fit. */
export interface DrawnText {
  text: string;
  bbox: BBox;
  stretch?: boolean;
}

/** A page of the person's PDF or TIFF to draw under the boxes. */
export interface SheetPage {
  pages: PageImages;
  /** 0-based page of the document. */
  index: number;
}

export function PageSheet({
  width,
  height,
  label,
  imageUrl,
  onImageError,
  page,
  drawn,
  children,
}: {
  width: number;
  height: number;
  /** What the picture shows, for screen readers. */
  label: string;
  /** An object URL of the person's own file, for an image the browser can draw. */
  imageUrl: string | null;
  onImageError?: () => void;
  /** The page of the person's own PDF or TIFF, when the page has it. */
  page?: SheetPage | null | undefined;
  /** Written on the sheet while there is no picture of the page. */
  drawn: readonly DrawnText[];
  children?: ReactNode;
}) {
  const [drawnPage, setDrawnPage] = useState<{ key: string; state: "drawn" | "failed" } | null>(
    null,
  );
  const usable = page && page.index < page.pages.count ? page : null;
  // The state of this page's drawing; another page (or document) starts again.
  const key = usable ? `${usable.index}` : "";
  const state = usable && drawnPage?.key === key ? drawnPage.state : "pending";
  const underneath = usable && state !== "failed" ? usable : null;
  if (!(width > 0 && height > 0)) {
    return (
      <p className="rounded-lg border border-slate-200 border-dashed p-6 text-center text-slate-500 text-sm">
        The service did not say how large this page is, so it cannot be drawn.
      </p>
    );
  }
  const source = imageUrl ? "image" : underneath && state === "drawn" ? "document" : "words";
  const sheet = (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
      data-testid="page-view"
      data-page-source={source}
      className={`relative block h-auto w-full rounded-lg ${
        underneath ? "" : "border border-slate-200 bg-white shadow-sm"
      }`}
    >
      {underneath ? null : <rect width={width} height={height} fill="white" />}
      {source === "document" ? null : imageUrl ? (
        <image
          href={imageUrl}
          width={width}
          height={height}
          preserveAspectRatio="none"
          onError={onImageError}
        />
      ) : (
        <g fill="#334155">
          {drawn.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: drawn text has no id; the list never reorders.
            <DrawnTextItem key={i} item={item} />
          ))}
        </g>
      )}
      {children}
    </svg>
  );
  if (usable && state === "failed") {
    return (
      <div>
        {sheet}
        <p className="mt-1 text-slate-500 text-xs" data-testid="page-not-drawn">
          This page could not be drawn from your file, so it is drawn from the words that were read.
        </p>
      </div>
    );
  }
  if (!underneath) return sheet;
  return (
    <div className="relative rounded-lg border border-slate-200 bg-white shadow-sm">
      <PageCanvas
        pages={underneath.pages}
        index={underneath.index}
        expectInk={drawn.length > 0}
        onDrawn={() => setDrawnPage({ key, state: "drawn" })}
        onFailed={() => setDrawnPage({ key, state: "failed" })}
      />
      {sheet}
    </div>
  );
}

/** An average glyph is about this wide for its font size, in a sans-serif face. */
const GLYPH_WIDTH = 0.55;

function DrawnTextItem({ item: { text, bbox, stretch } }: { item: DrawnText }) {
  const h = bbox.y1 - bbox.y0;
  const w = bbox.x1 - bbox.x0;
  if (!(h > 0 && w > 0) || !text) return null;
  // A box taller than a line (an address, a table row) gets text of a line's size at its top.
  const fontSize = stretch ? h * 0.85 : Math.min(h * 0.85, 28);
  const tooWide = text.length * fontSize * GLYPH_WIDTH > w;
  return (
    <text
      x={bbox.x0}
      y={stretch ? bbox.y1 - h * 0.18 : bbox.y0 + fontSize}
      fontSize={fontSize}
      textLength={stretch || tooWide ? w : undefined}
      lengthAdjust={stretch || tooWide ? "spacingAndGlyphs" : undefined}
      fontFamily="ui-sans-serif, system-ui, sans-serif"
    >
      {text}
    </text>
  );
}

/** A box over the page, in its pixels. */
export function BoxRect({
  bbox,
  className,
  strokeWidth = 1.25,
  title,
  ...rest
}: {
  bbox: BBox;
  className: string;
  strokeWidth?: number;
  title?: string;
} & Record<`data-${string}`, string | boolean | undefined>) {
  return (
    <rect
      x={bbox.x0}
      y={bbox.y0}
      width={Math.max(0, bbox.x1 - bbox.x0)}
      height={Math.max(0, bbox.y1 - bbox.y0)}
      className={className}
      strokeWidth={strokeWidth}
      vectorEffect="non-scaling-stroke"
      {...rest}
    >
      {title ? <title>{title}</title> : null}
    </rect>
  );
}
