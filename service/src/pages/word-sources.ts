// Where table and invoice providers get a document's words: a PDF's text layer
// (its scanned pages read by OCR), or OCR of an image.
import type { OcrData, OcrPage, ResultPage } from "@/lib/kernel/contract";
import { documentText } from "../engines/ocr-page";
import type { Provider, ProviderInput, ProviderOutput } from "../providers/interface/types";
import { sniffDocument } from "./sniff";

export interface WordSources {
  /** Reads PDFs: the text layer, scanned pages by OCR (pdf-text). */
  pdf: Provider<OcrData>;
  /**
   * Reads the pages of a PDF that have a text layer as `pdf` does, with the
   * text inside their pictures too (a letterhead or footer drawn as an image),
   * and leaves out the others: slower, asked for when the words of `pdf` lack
   * something (withPictures).
   */
  pictures?: Provider<OcrData>;
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

/**
 * `words` with their text-layer pages read again with the text inside their
 * pictures (WordSources.pictures); the same words when there is no such page.
 */
export async function withPictures(
  sources: WordSources,
  input: ProviderInput,
  words: OcrData,
): Promise<OcrData> {
  if (!sources.pictures) return words;
  // The pages were read once already: a job's progress is not told of them again.
  const { data } = await sources.pictures.run({ ...input, onPage: undefined });
  if (data.pages.length === 0) return words;
  const again = new Map(data.pages.map((page) => [page.number, page]));
  const pages = words.pages.map((page) => again.get(page.number) ?? page);
  return { ...words, text: documentText(pages), pages };
}

/** The pages of an answer built from words: their number, size and resolution, without the words. */
export function resultPages(pages: readonly OcrPage[]): ResultPage[] {
  return pages.map(({ number, width, height, dpi }) => ({ number, width, height, dpi }));
}
