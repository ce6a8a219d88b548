"use client";
// One page of the person's own document (PDF, TIFF) in a canvas under the
// boxes. It is drawn only once it comes near the screen, so a long document
// costs what is looked at, and drawn again only when shown much larger.
import { useEffect, useRef } from "react";
import type { PageImages } from "./page-images";

/** Device pixels across at most: sharp on a large screen, bounded in memory. */
const MAX_WIDTH = 2400;
/** Drawn again only when the page is shown this much wider than it was drawn. */
const REDRAW_GROWTH = 1.2;

export function PageCanvas({
  pages,
  index,
  onDrawn,
  onFailed,
}: {
  pages: PageImages;
  /** 0-based page of the document. */
  index: number;
  onDrawn: () => void;
  onFailed: () => void;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  const callbacks = useRef({ onDrawn, onFailed });
  callbacks.current = { onDrawn, onFailed };

  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    let near = false;
    let drawnWidth = 0;
    let drawing: AbortController | undefined;
    const draw = () => {
      if (!near) return;
      const ratio = window.devicePixelRatio || 1;
      const width = Math.min(MAX_WIDTH, Math.round(canvas.clientWidth * ratio));
      if (width <= 0 || (drawnWidth > 0 && width <= drawnWidth * REDRAW_GROWTH)) return;
      drawing?.abort();
      const controller = new AbortController();
      drawing = controller;
      pages.draw(index, canvas, width, controller.signal).then(
        () => {
          drawnWidth = width;
          canvas.dataset.drawn = "true";
          callbacks.current.onDrawn();
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn(`[result] page ${index + 1} cannot be drawn:`, error);
          callbacks.current.onFailed();
        },
      );
    };
    const visibility = new IntersectionObserver(
      (entries) => {
        near = entries.some((entry) => entry.isIntersecting);
        draw();
      },
      // A screen's height ahead, so a page is ready as it scrolls in; in a page
      // list, ahead in the list's own scroller (lazy-mount.tsx).
      { root: canvas.closest("[data-page-scroller]"), rootMargin: "100% 0px" },
    );
    const size = new ResizeObserver(draw);
    visibility.observe(canvas);
    size.observe(canvas);
    return () => {
      visibility.disconnect();
      size.disconnect();
      drawing?.abort();
    };
  }, [pages, index]);

  return (
    <canvas
      ref={ref}
      data-testid="page-canvas"
      data-page={index + 1}
      className="absolute inset-0 block h-full w-full rounded-lg"
    />
  );
}
