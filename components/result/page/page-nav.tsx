"use client";
// Previous, a page list and next, for a result of several pages.
import { useId } from "react";

export const toolButton =
  "inline-flex h-9 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 font-medium text-slate-700 text-sm shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";

export function PageNav({
  numbers,
  index,
  onChange,
}: {
  /** The pages' own numbers, in order. */
  numbers: readonly number[];
  index: number;
  onChange: (index: number) => void;
}) {
  const selectId = useId();
  if (numbers.length < 2) return null;
  return (
    <nav aria-label="Pages" className="mt-3 flex items-center gap-2">
      <button
        type="button"
        className={toolButton}
        onClick={() => onChange(Math.max(0, index - 1))}
        aria-label="Previous page"
        disabled={index === 0}
      >
        <span aria-hidden="true">←</span> Previous
      </button>
      <label htmlFor={selectId} className="sr-only">
        Page
      </label>
      <select
        id={selectId}
        value={index}
        onChange={(e) => onChange(Number(e.target.value))}
        className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm shadow-sm"
      >
        {numbers.map((number, i) => (
          <option key={number} value={i}>
            Page {number} of {numbers.length}
          </option>
        ))}
      </select>
      <button
        type="button"
        className={toolButton}
        onClick={() => onChange(Math.min(numbers.length - 1, index + 1))}
        aria-label="Next page"
        disabled={index === numbers.length - 1}
      >
        Next <span aria-hidden="true">→</span>
      </button>
    </nav>
  );
}
