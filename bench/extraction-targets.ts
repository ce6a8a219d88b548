// Issue 16's speed targets for the invoice and table benches, judged alike:
// over a text layer at most PDF_MS a page; over OCR at most OCR_RATIO × the
// OCR alone of the same page (the median of the ratios).
import { median } from "./harness";

export const PDF_MS = 100;
export const OCR_RATIO = 1.2;

export interface TimedRun {
  /** Milliseconds per page. */
  ms: number;
  /** The OCR alone of the same page, when it was read by OCR. */
  ocrMs?: number;
}

/** Median time per page, the median ratio to the OCR alone (read by OCR), and whether the targets are met. */
export function judgeSpeed(
  runs: readonly TimedRun[],
  overOcr: boolean,
  answersRight: boolean,
): { ms: number; ratio?: number; met: boolean } {
  const ms = median(runs.map((r) => r.ms));
  if (!overOcr) return { ms, met: answersRight && ms <= PDF_MS };
  const ratio = median(runs.map((r) => r.ms / (r.ocrMs ?? r.ms)));
  return { ms, ratio, met: answersRight && ratio <= OCR_RATIO };
}

/** A ratio as the tables print it, or a dash when there is none. */
export const ratioColumn = (ratio: number | undefined) =>
  ratio === undefined ? "–" : `${ratio.toFixed(2)}×`;
