// Reading text-recognition data for display and download.
import type { OcrData, OcrPage, OcrSpan } from "@/lib/kernel/contract";

/** Words read with less confidence than this stand out on the page. */
export const LOW_CONFIDENCE = 0.6;

export function isLowConfidence(span: Pick<OcrSpan, "confidence">): boolean {
  return span.confidence < LOW_CONFIDENCE;
}

export function lowConfidenceCount(page: OcrPage): number {
  return page.words.filter(isLowConfidence).length;
}

/** The whole document's text, pages apart, for Copy and the .txt download. */
export function documentText(data: OcrData): string {
  if (data.pages.length <= 1) return (data.pages[0]?.text ?? data.text).trim();
  return data.pages.map((page) => `--- Page ${page.number} ---\n${page.text.trim()}`).join("\n\n");
}

/** "93%" */
export function formatConfidence(confidence: number): string {
  return `${Math.round(confidence * 100)}%`;
}
