// The OCR answer check that drives quality failover: what makes an answer unsure.
import { describe, expect, it } from "vitest";
import type { OcrData } from "@/lib/kernel/contract";
import { checkOcrAnswer } from "../src/providers/text/answer-check";

const box = { x0: 0, y0: 0, x1: 10, y1: 10 };

function answer(words: [string, number][]): OcrData {
  const spans = words.map(([text, confidence]) => ({ text, confidence, bbox: box }));
  const text = words.map(([t]) => t).join(" ");
  return {
    text,
    language: "eng",
    pages: [{ number: 1, width: 100, height: 100, text, confidence: 0, lines: [], words: spans }],
  };
}

describe("checkOcrAnswer", () => {
  it("is sure of confident words", () => {
    const check = checkOcrAnswer(
      answer([
        ["Invoice", 0.95],
        ["2026-0042", 0.9],
      ]),
    );
    expect(check.confident).toBe(true);
    expect(check.reason).toBeUndefined();
    expect(check.score).toBeGreaterThan(0.9);
  });

  it("is unsure of low confidence and says how low, weighting words by length", () => {
    const check = checkOcrAnswer(
      answer([
        ["a", 0.9],
        ["Wrongly", 0.4],
        ["read", 0.5],
      ]),
    );
    expect(check.confident).toBe(false);
    // (0.9 + 7 × 0.4 + 4 × 0.5) / 12
    expect(check.reason).toBe("low confidence 0.48");
  });

  it("is unsure of text that is mostly not words", () => {
    const check = checkOcrAnswer(
      answer([
        ["|", 0.95],
        ["~=", 0.95],
        ["ok", 0.95],
        ["—", 0.9],
      ]),
    );
    expect(check.confident).toBe(false);
    expect(check.reason).toBe("75% of words are not words");
  });

  it("is unsure of a page with no text", () => {
    expect(checkOcrAnswer(answer([]))).toEqual({
      confident: false,
      score: 0,
      reason: "no text found",
    });
  });

  it("takes its bound from the caller", () => {
    const data = answer([["Invoice", 0.7]]);
    expect(checkOcrAnswer(data, { minConfidence: 0.6, maxJunk: 0.25 }).confident).toBe(true);
    expect(checkOcrAnswer(data, { minConfidence: 0.75, maxJunk: 0.25 }).confident).toBe(false);
  });
});
