// The layout layer (INTERFACE.md, "Text recognition layout"): a page's words
// laid out into lines and blocks in reading order, column by column, before
// any text is joined. Every provider's pages go through it (ocr-page.ts), and
// table and invoice extraction stand on its blocks.
import type { OcrBlock, OcrSpan } from "@/lib/kernel/contract";
import { readingRegions } from "./columns";
import { height, joinSpans, median } from "./geometry";
import { groupLines } from "./lines";

export interface PageLayout {
  /** In reading order. */
  blocks: OcrBlock[];
  /** Every block's lines, in reading order. */
  lines: OcrSpan[];
  /** The words themselves, in reading order. */
  words: OcrSpan[];
  /** Lines joined by line breaks, blocks in order. */
  text: string;
}

/** A gap between lines taller than this many word heights starts a new block. */
const BLOCK_GAP = 0.75;

export function layoutWords(words: readonly OcrSpan[]): PageLayout {
  const wordHeight = median(words.map((w) => height(w.bbox)));
  const blocks: OcrBlock[] = [];
  const ordered: OcrSpan[] = [];
  for (const region of readingRegions(words, wordHeight)) {
    let block: OcrSpan[] = [];
    let previous: OcrSpan | undefined;
    for (const lineWords of groupLines(region)) {
      const line = joinSpans(lineWords, " ");
      if (previous && line.bbox.y0 - previous.bbox.y1 > BLOCK_GAP * wordHeight) {
        blocks.push(toBlock(block));
        block = [];
      }
      block.push(line);
      ordered.push(...lineWords);
      previous = line;
    }
    if (block.length > 0) blocks.push(toBlock(block));
  }
  const lines = blocks.flatMap((b) => b.lines);
  return { blocks, lines, words: ordered, text: blocks.map((b) => b.text).join("\n") };
}

function toBlock(lines: OcrSpan[]): OcrBlock {
  const { text, bbox } = joinSpans(lines, "\n");
  return { text, bbox, lines };
}
