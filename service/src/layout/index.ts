// The layout layer (INTERFACE.md, "Text recognition layout"): a page's words
// laid out into lines and blocks in reading order, column by column, before
// any text is joined. Every provider's pages go through it (ocr-page.ts), and
// table and invoice extraction stand on its blocks. The regions read in order
// are the engine's own blocks when it has a page analysis (engine-blocks.ts),
// and otherwise the XY-cut's (columns.ts).
import type { BBox, OcrBlock, OcrSpan } from "@/lib/kernel/contract";
import { readingRegions } from "./columns";
import { cutProse, engineRegions } from "./engine-blocks";
import { height, joinSpans, median, union, verticalOverlap } from "./geometry";
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
/** A word read late joins a block it is this level with (share of its height)… */
const SAME_LINE = 0.5;
/** …at most this many word heights beside it: closer than a column's gutter (columns.ts). */
const NEAR = 1.2;

/**
 * `engineBlocks`: the words (the same objects as in `words`) grouped into the
 * engine's blocks, in the engine's reading order; words in none of them are
 * laid out by the XY-cut and set among the blocks where they stand.
 */
export function layoutWords(
  words: readonly OcrSpan[],
  engineBlocks?: readonly (readonly OcrSpan[])[],
): PageLayout {
  const wordHeight = median(words.map((w) => height(w.bbox)));
  const blocks: OcrBlock[] = [];
  const ordered: OcrSpan[] = [];
  const regions = engineBlocks
    ? engineRegions(withLeftovers(engineBlocks, words, wordHeight)).flatMap((region) =>
        cutProse(region, (part) => readingRegions(part, wordHeight)),
      )
    : readingRegions(words, wordHeight);
  for (const region of regions) {
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

/**
 * The engine's blocks with the words they miss (read afterwards, from what
 * its page analysis left unread): a word inside a block's box joins it; the
 * rest are laid out by the XY-cut, each of its regions a block set before the
 * first block that starts below it and shares some of its width (a column of
 * amounts read late then joins its rows as a table's column would).
 */
function withLeftovers(
  regions: readonly (readonly OcrSpan[])[],
  words: readonly OcrSpan[],
  wordHeight: number,
): OcrSpan[][] {
  const placed = new Set(regions.flat());
  const boxes = regions.map((region) => union(region.map((w) => w.bbox)));
  const result = regions.map((region) => [...region]);
  const left: OcrSpan[] = [];
  for (const word of words) {
    if (placed.has(word)) continue;
    const x = (word.bbox.x0 + word.bbox.x1) / 2;
    const y = (word.bbox.y0 + word.bbox.y1) / 2;
    let at = boxes.findIndex((b) => x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1);
    // Or a block it carries on a line of, a word space or two away ("CITY MARKET").
    if (at === -1) {
      const gap = (b: BBox) => Math.max(b.x0 - word.bbox.x1, word.bbox.x0 - b.x1);
      const near = boxes
        .map((b, i) => ({ i, gap: gap(b), level: verticalOverlap(word.bbox, b) }))
        .filter((c) => c.level >= SAME_LINE && c.gap <= NEAR * wordHeight)
        .sort((a, b) => a.gap - b.gap);
      at = near[0]?.i ?? -1;
    }
    if (at === -1) left.push(word);
    else result[at]?.push(word);
  }
  for (const extra of readingRegions(left, wordHeight)) {
    const box = union(extra.map((w) => w.bbox));
    const at = result.findIndex((region) => {
      const other = union(region.map((w) => w.bbox));
      return other.y0 > box.y0 && other.x0 < box.x1 && box.x0 < other.x1;
    });
    if (at === -1) result.push(extra);
    else result.splice(at, 0, extra);
  }
  return result;
}

function toBlock(lines: OcrSpan[]): OcrBlock {
  const { text, bbox } = joinSpans(lines, "\n");
  return { text, bbox, lines };
}
