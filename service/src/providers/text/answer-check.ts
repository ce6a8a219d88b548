// How sure an OCR answer is (INTERFACE.md, "Quality failover"): the mean word
// confidence, weighted by word length, and one sanity check on the text: how
// many "words" hold no letter or digit at all, which is what an engine reads
// into noise, rules and specks. An answer below either bound is unsure, and
// the router tries the next provider. The bounds come from the calibration
// bench (bench/calibration.ts): see docs/quality.md.
import type { OcrData } from "@/lib/kernel/contract";
import type { AnswerCheck } from "../interface/types";

export interface AnswerBounds {
  /** Least mean word confidence (0–1) of a sure answer. */
  minConfidence: number;
  /** Largest share of words without a letter or digit in a sure answer. */
  maxJunk: number;
}

export const DEFAULT_BOUNDS: AnswerBounds = { minConfidence: 0.8, maxJunk: 0.25 };

const HAS_ALPHANUMERIC = /[\p{L}\p{N}]/u;

export function checkOcrAnswer(data: OcrData, bounds: AnswerBounds = DEFAULT_BOUNDS): AnswerCheck {
  const words = data.pages.flatMap((p) => p.words);
  if (words.length === 0) return { confident: false, score: 0, reason: "no text found" };
  let weight = 0;
  let sum = 0;
  let junk = 0;
  for (const word of words) {
    const length = [...word.text].length;
    weight += length;
    sum += word.confidence * length;
    if (!HAS_ALPHANUMERIC.test(word.text)) junk += 1;
  }
  const confidence = weight === 0 ? 0 : sum / weight;
  const junkShare = junk / words.length;
  const score = confidence * (1 - junkShare);
  if (confidence < bounds.minConfidence) {
    return { confident: false, score, reason: `low confidence ${confidence.toFixed(2)}` };
  }
  if (junkShare > bounds.maxJunk) {
    const percent = Math.round(junkShare * 100);
    return { confident: false, score, reason: `${percent}% of words are not words` };
  }
  return { confident: true, score };
}
