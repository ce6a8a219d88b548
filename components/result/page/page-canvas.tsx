"use client";
// One page of the person's own document (PDF, TIFF) in a canvas under the
// boxes. It is drawn only once it comes near the screen, so a long document
// costs what is looked at, and drawn again only when shown much larger.
import { useEffect, useRef } from "react";
import type { PageImages } from "@/lib/page-images/page-images";

/** Device pixels across at most: sharp on a large screen, bounded in memory. */
const MAX_WIDTH = 2400;
/** Drawn again only when the page is shown this much wider than it was drawn. */
const REDRAW_GROWTH = 1.2;

export function PageCanvas({
  pages,
  index,
  expectInk,
  onDrawn,
  onFailed,
}: {
  pages: PageImages;
  /** 0-based page of the document. */
  index: number;
  /**
   * Words were read on this page, so a blank drawing is a failure (an image
   * pdf.js cannot decode here, such as JPEG 2000): the words are drawn instead.
   */
  expectInk: boolean;
  onDrawn: () => void;
  onFailed: () => void;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  const callbacks = useRef({ onDrawn, onFailed, expectInk });
  callbacks.current = { onDrawn, onFailed, expectInk };

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
          if (callbacks.current.expectInk && isBlank(canvas)) {
            console.warn(`[result] page ${index + 1} was drawn blank; its words are drawn instead`);
            callbacks.current.onFailed();
            return;
          }
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

/** Nothing but white: every pixel of a small copy is lighter than paper with ink on it. */
function isBlank(canvas: HTMLCanvasElement): boolean {
  const width = 128;
  const height = Math.max(1, Math.round((canvas.height * width) / Math.max(1, canvas.width)));
  const small = document.createElement("canvas");
  small.width = width;
  small.height = height;
  const context = small.getContext("2d", { willReadFrequently: true });
  if (!context) return false;
  context.drawImage(canvas, 0, 0, width, height);
  const { data } = context.getImageData(0, 0, width, height);
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3] ?? 0;
    const light = Math.min(data[i] ?? 255, data[i + 1] ?? 255, data[i + 2] ?? 255);
    if (alpha > 0 && light < 250) return false;
  }
  return true;
}
