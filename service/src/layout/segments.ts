// A line split into segments where a wide gap parts its words: the cells of a
// row, as stream tables (tables/stream.ts) and invoices (invoices/rows.ts) both
// read a page, line by line from groupLines on the words sheared level.
import type { OcrSpan } from "@/lib/kernel/contract";

/** A gap wider than this many word heights ends a segment. */
export const SEGMENT_GAP = 1.2;

/** Words of one line split at gaps wider than `gap`. */
export function segments(line: readonly OcrSpan[], gap: number): OcrSpan[][] {
  const out: OcrSpan[][] = [];
  for (const word of line) {
    const last = out.at(-1);
    const previous = last?.at(-1);
    if (last && previous && word.bbox.x0 - previous.bbox.x1 <= gap) last.push(word);
    else out.push([word]);
  }
  return out;
}
