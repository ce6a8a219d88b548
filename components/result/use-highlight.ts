"use client";
// One box on the page at a time, shown while the thing it belongs to (a
// field, a line item, a table) is under the pointer or has keyboard focus.
import { useCallback, useState } from "react";
import type { BBox } from "@/lib/kernel/contract";

export interface Highlight {
  /** Stable id of the thing, e.g. "field:total" or "table:0". */
  id: string;
  label: string;
  page: number;
  bbox: BBox;
}

export interface HighlightHandlers {
  onMouseEnter: () => void;
  onMouseLeave: () => void;
  onFocus: () => void;
  onBlur: () => void;
}

export function useHighlight(): {
  active: Highlight | null;
  handlers: (target: Highlight) => HighlightHandlers;
} {
  const [active, setActive] = useState<Highlight | null>(null);
  const handlers = useCallback((target: Highlight): HighlightHandlers => {
    const show = () => setActive(target);
    // Leaving one thing clears only its own box, not one another took over.
    const hide = () => setActive((now) => (now?.id === target.id ? null : now));
    return { onMouseEnter: show, onMouseLeave: hide, onFocus: show, onBlur: hide };
  }, []);
  return { active, handlers };
}

/** The page on screen: the highlighted thing's, else the one the person chose. */
export function shownPageIndex(
  pages: readonly { number: number }[],
  chosen: number,
  active: Highlight | null,
): number {
  const fromActive = active ? pages.findIndex((p) => p.number === active.page) : -1;
  return fromActive >= 0 ? fromActive : Math.min(chosen, Math.max(0, pages.length - 1));
}
