// Where table and invoice providers get a document's words: a PDF's text layer
// (its scanned pages read by OCR), or OCR of an image.
import type { OcrData, OcrPage, ResultPage } from "@/lib/kernel/contract";
import type { Provider, ProviderInput, ProviderOutput } from "../providers/types";
import { sniffDocument } from "./sniff";

export interface WordSources {
  /** Reads PDFs: the text layer, scanned pages by OCR (pdf-text). */
  pdf: Provider<OcrData>;
  /** Reads images by OCR. */
  image: Provider<OcrData>;
  /**
   * The image engine's word boxes are estimates (PaddleOCR finds lines and
   * shares a line's width among its words by length).
   */
  estimatedWordBoxes?: boolean;
  /** Closes an engine only these sources use (the shared ones close with their own providers). */
  close?: () => Promise<void>;
}

/** Whether either source runs here. */
export async function wordSourcesAvailable(sources: WordSources): Promise<boolean> {
  return (await sources.pdf.available()) || (await sources.image.available());
}

/** The document's words, from the source for what the bytes really are. */
export async function readWords(
  sources: WordSources,
  input: ProviderInput,
): Promise<{ words: ProviderOutput<OcrData>; image: boolean }> {
  const image = (await sniffDocument(input.bytes)) === "image";
  return { words: await (image ? sources.image : sources.pdf).run(input), image };
}

/** The pages of an answer built from words: their number, size and resolution, without the words. */
export function resultPages(pages: readonly OcrPage[]): ResultPage[] {
  return pages.map(({ number, width, height, dpi }) => ({ number, width, height, dpi }));
}
