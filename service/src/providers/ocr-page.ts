// One page of "Text recognition data" (INTERFACE.md), built the same way by
// every engine: words grouped into lines; line and page text, confidence and
// boxes derived from the words, so all providers answer alike.
import type { BBox, OcrSpan } from "@/lib/contract";

/** An OcrPage without its place in the document (number, dpi). */
export interface RecognizedPage {
  width: number;
  height: number;
  text: string;
  confidence: number;
  lines: OcrSpan[];
  words: OcrSpan[];
}

export interface RecognizeOptions {
  /** Tesseract language string, e.g. `eng` or `eng+deu`. */
  language: string;
  /** Resolution of a rasterised PDF page; images let the engine estimate it. */
  dpi?: number;
  signal: AbortSignal;
}

/** Reads one image (PNG, JPEG, TIFF, WebP, BMP) into a page. */
export type PageRecognizer = (image: Buffer, options: RecognizeOptions) => Promise<RecognizedPage>;

/** Engine confidences are 0–100 (or -1 for "none"); ours are 0–1. */
export function toUnitConfidence(percent: number): number {
  if (!Number.isFinite(percent) || percent <= 0) return 0;
  return Math.min(1, percent / 100);
}

function union(boxes: readonly BBox[]): BBox {
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

/** `lines` are the words of each line in reading order; empty words and lines are dropped. */
export function buildPage(
  width: number,
  height: number,
  lines: readonly (readonly OcrSpan[])[],
): RecognizedPage {
  const pageLines: OcrSpan[] = [];
  const words: OcrSpan[] = [];
  for (const line of lines) {
    const lineWords = line
      .map((w) => ({ ...w, text: w.text.trim() }))
      .filter((w) => w.text.length > 0);
    if (lineWords.length === 0) continue;
    words.push(...lineWords);
    pageLines.push({
      text: lineWords.map((w) => w.text).join(" "),
      confidence: mean(lineWords.map((w) => w.confidence)),
      bbox: union(lineWords.map((w) => w.bbox)),
    });
  }
  return {
    width,
    height,
    text: pageLines.map((l) => l.text).join("\n"),
    confidence: mean(words.map((w) => w.confidence)),
    lines: pageLines,
    words,
  };
}

/** Pages of a document are separated by a blank line in its `text`. */
export function documentText(pages: readonly { text: string }[]): string {
  return pages.map((p) => p.text).join("\n\n");
}
