// One page of "Text recognition data" (INTERFACE.md), built the same way by
// every engine: the words laid out into lines and blocks in reading order
// (service/src/layout); line, block and page text, confidence and boxes
// derived from the words, so all providers answer alike.
import type { OcrBlock, OcrSpan } from "@/lib/kernel/contract";
import { layoutWords } from "../layout";
import { mean } from "../layout/geometry";

/** An OcrPage without its place in the document (number, dpi). */
export interface RecognizedPage {
  width: number;
  height: number;
  text: string;
  confidence: number;
  lines: OcrSpan[];
  words: OcrSpan[];
  blocks: OcrBlock[];
  /**
   * Degrees clockwise the image was turned to be read with its lines across
   * (a page scanned sideways or upside down); the boxes stay on the image as
   * sent. Absent when it was read as sent.
   */
  rotation?: 90 | 180 | 270;
}

export interface RecognizeOptions {
  /** Tesseract language string, e.g. `eng` or `eng+deu`. */
  language: string;
  /** Resolution of a rasterised PDF page; images let the engine estimate it. */
  dpi?: number;
  /**
   * Light text on dark was already made dark on light (page preparation,
   * preprocess/inverted.ts): Tesseract need not read each unsure line again
   * inverted, which costs much of a noisy photo's time; every kind
   * of page of the text benches reads as well without it (docs/quality.md).
   */
  lightOnDarkPrepared?: boolean;
  signal: AbortSignal;
}

/** Reads one image (PNG, JPEG, TIFF, WebP, BMP) into a page. */
export type PageRecognizer = (image: Buffer, options: RecognizeOptions) => Promise<RecognizedPage>;

/** Engine confidences are 0–100 (or -1 for "none"); ours are 0–1. */
export function toUnitConfidence(percent: number): number {
  if (!Number.isFinite(percent) || percent <= 0) return 0;
  return Math.min(1, percent / 100);
}

/**
 * `lines` are the words as the engine grouped them (its lines are not kept:
 * the layout layer regroups them); empty words are dropped. `blocks`, the same
 * words grouped into the blocks of the engine's page analysis in its reading
 * order, when it has one: the layout reads the page in that order.
 */
export function buildPage(
  width: number,
  height: number,
  lines: readonly (readonly OcrSpan[])[],
  blocks?: readonly (readonly OcrSpan[])[],
): RecognizedPage {
  const trimmed = new Map<OcrSpan, OcrSpan>();
  for (const word of lines.flat()) {
    const text = word.text.trim();
    if (text.length > 0) trimmed.set(word, { ...word, text });
  }
  const words = [...trimmed.values()];
  const engineBlocks = blocks?.map((block) => block.flatMap((w) => trimmed.get(w) ?? []));
  const layout = layoutWords(words, engineBlocks);
  return {
    width,
    height,
    text: layout.text,
    confidence: mean(words.map((w) => w.confidence)),
    lines: layout.lines,
    words: layout.words,
    blocks: layout.blocks,
  };
}

/** Pages of a document are separated by a blank line in its `text`. */
export function documentText(pages: readonly { text: string }[]): string {
  return pages.map((p) => p.text).join("\n\n");
}
