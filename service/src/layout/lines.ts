// Words → lines: a word joins the line whose last word it overlaps most in
// height (at least half the shorter one), so a line that drifts a little, as
// on a slightly tilted photo, stays one line. Lines come out top to bottom,
// their words left to right.
import type { OcrSpan } from "@/lib/kernel/contract";
import { joinSpans, verticalOverlap } from "./geometry";

/** Least vertical overlap (share of the shorter word) for two words to share a line. */
const SAME_LINE = 0.5;

export function groupLines(words: readonly OcrSpan[]): OcrSpan[][] {
  const byX = [...words].sort((a, b) => a.bbox.x0 - b.bbox.x0);
  const lines: OcrSpan[][] = [];
  for (const word of byX) {
    let best: OcrSpan[] | undefined;
    let bestOverlap = SAME_LINE;
    for (const line of lines) {
      const last = line[line.length - 1];
      // A line only grows to the right: a word under its end starts another line.
      if (!last || word.bbox.x0 < last.bbox.x1 - (last.bbox.y1 - last.bbox.y0)) continue;
      const overlap = verticalOverlap(word.bbox, last.bbox);
      if (overlap >= bestOverlap) {
        best = line;
        bestOverlap = overlap;
      }
    }
    if (best) best.push(word);
    else lines.push([word]);
  }
  const centre = (line: readonly OcrSpan[]) => {
    const box = joinSpans(line, " ").bbox;
    return (box.y0 + box.y1) / 2;
  };
  return lines
    .map((line) => ({ line, y: centre(line) }))
    .sort((a, b) => a.y - b.y)
    .map(({ line }) => line);
}
