"use client";
// One box on the page at a time, shown while the thing it belongs to (a
// field, a line item, a table) is under the pointer or has keyboard focus,
// or after it was tapped or clicked: a phone has no pointer to hover with, so
// a tap pins the box until another thing is tapped.
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
  /** A tap (or a click): the box stays until another thing is tapped. */
  onClick: () => void;
}

export function useHighlight(): {
  active: Highlight | null;
  handlers: (target: Highlight) => HighlightHandlers;
} {
  const [current, setCurrent] = useState<Highlight | null>(null);
  const [pinned, setPinned] = useState<Highlight | null>(null);
  const handlers = useCallback((target: Highlight): HighlightHandlers => {
    const show = () => setCurrent(target);
    // Leaving one thing clears only its own box, not one another took over.
    const hide = () => setCurrent((now) => (now?.id === target.id ? null : now));
    // A tap also focuses what holds the thing (a table's grid) just before it
    // clicks: the tapped thing wins, and stays once the pointer's box goes.
    const pin = () => {
      setPinned(target);
      setCurrent(target);
    };
    return { onMouseEnter: show, onMouseLeave: hide, onFocus: show, onBlur: hide, onClick: pin };
  }, []);
  return { active: current ?? pinned, handlers };
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
