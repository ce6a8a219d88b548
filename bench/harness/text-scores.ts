// How a reading of a page is scored against its truth: the character error
// rate (order matters) and the word F1 (order does not), pooled over pages.
//
// CER = Levenshtein distance / length of the truth, both with whitespace runs
// (page breaks included) collapsed to one space. Word F1 takes each text as a
// bag of whitespace-separated words, case and punctuation kept: a receipt's
// or a form's fields read in another order than the truth's are not errors to
// the person reading them, a misread word still is.
import { distance } from "fastest-levenshtein";

/** One reading's counts, summed over pages before any rate is taken. */
export interface TextScore {
  /** Levenshtein distance between the collapsed texts. */
  edits: number;
  /** Characters in the collapsed truth. */
  length: number;
  /** Words of the truth found in the reading, each counted as often as both hold it. */
  common: number;
  /** Words in the reading. */
  read: number;
  /** Words in the truth. */
  truth: number;
}

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();
const words = (text: string) => collapse(text).split(" ").filter(Boolean);

export function scoreText(truth: string, text: string): TextScore {
  const want = collapse(truth);
  const counts = new Map<string, number>();
  const truthWords = words(truth);
  for (const word of truthWords) counts.set(word, (counts.get(word) ?? 0) + 1);
  const readWords = words(text);
  let common = 0;
  for (const word of readWords) {
    const left = counts.get(word) ?? 0;
    if (left === 0) continue;
    counts.set(word, left - 1);
    common += 1;
  }
  return {
    edits: distance(want, collapse(text)),
    length: want.length,
    common,
    read: readWords.length,
    truth: truthWords.length,
  };
}

/** What a reading that failed scores: every character and word of the truth missed. */
export function missedText(truth: string): TextScore {
  return scoreText(truth, "");
}

/** Edits over length, pooled: a long page weighs more than a short one. */
export function cerOf(scores: readonly TextScore[]): number {
  const length = scores.reduce((n, s) => n + s.length, 0);
  return length === 0 ? 0 : scores.reduce((n, s) => n + s.edits, 0) / length;
}

/** 2PR / (P + R) over the pooled counts, which is 2 × common / (read + truth). */
export function wordF1Of(scores: readonly TextScore[]): number {
  const read = scores.reduce((n, s) => n + s.read, 0);
  const truth = scores.reduce((n, s) => n + s.truth, 0);
  if (read + truth === 0) return 1;
  return (2 * scores.reduce((n, s) => n + s.common, 0)) / (read + truth);
}
