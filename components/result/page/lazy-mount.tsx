"use client";
// A page of a long document is put on the screen only as it comes near the
// visible part of its scroller (a screen's height ahead): a hundred pages of
// word boxes would otherwise all be built at once. Until then, a placeholder
// of the page's shape keeps the scroll length right.
import { type ReactNode, useEffect, useRef, useState } from "react";

export function LazyMount({
  root,
  eager,
  width,
  height,
  children,
}: {
  /** The scroller the page sits in; null: the viewport. */
  root: Element | null;
  /** Shown at once (the first page). */
  eager: boolean;
  width: number;
  height: number;
  children: ReactNode;
}) {
  const [shown, setShown] = useState(eager);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const placeholder = ref.current;
    if (shown || !placeholder) return;
    if (typeof IntersectionObserver === "undefined") {
      setShown(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setShown(true);
      },
      { root, rootMargin: "100% 0px" },
    );
    observer.observe(placeholder);
    return () => observer.disconnect();
  }, [shown, root]);
  if (shown) return children;
  return (
    <div
      ref={ref}
      aria-hidden="true"
      style={{ aspectRatio: width > 0 && height > 0 ? `${width} / ${height}` : "3 / 4" }}
      className="w-full rounded-lg border border-slate-200 border-dashed bg-slate-50"
    />
  );
}
