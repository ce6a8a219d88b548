// Splitting a page's words into regions in reading order, column by column: a
// recursive XY-cut that only cuts where a column of text really is.
//
// The words are first cut into horizontal bands wherever a clear strip runs
// across the region. Consecutive bands that share a clear vertical strip (a
// gutter) form a section; a band with none (a title across both columns)
// starts a new one. A section is cut at its gutter only when both sides read
// as running text: at least MIN_LINES lines each with MIN_WORDS_PER_LINE words
// on average. Tables and receipts, whose cells hold a word or two, are not
// cut, so their rows read left to right. Each side is then laid out the same
// way, so three columns, or columns inside a column, work too.
import type { OcrSpan } from "@/lib/kernel/contract";
import { gaps, mean, union } from "./geometry";
import { groupLines } from "./lines";

/** A gutter is at least this many word heights wide (word spaces are about a third). */
const GUTTER = 1.2;
const MIN_LINES = 2;
const MIN_WORDS_PER_LINE = 2.5;
const MAX_DEPTH = 6;

/** Regions of words in reading order; inside one, words read line by line. */
export function readingRegions(words: readonly OcrSpan[], wordHeight: number): OcrSpan[][] {
  return split(words, wordHeight, 0);
}

function split(words: readonly OcrSpan[], h: number, depth: number): OcrSpan[][] {
  if (words.length === 0) return [];
  const region = union(words.map((w) => w.bbox));
  const regions: OcrSpan[][] = [];
  // Sections that are not cut read on from the one above: one region.
  let running: OcrSpan[] | undefined;
  for (const section of sections(bands(words), region.x0, region.x1, h)) {
    const cut = depth < MAX_DEPTH ? columnCut(section) : undefined;
    if (cut === undefined) {
      if (running) {
        running.push(...section.words);
      } else {
        running = [...section.words];
        regions.push(running);
      }
      continue;
    }
    running = undefined;
    const centre = (w: OcrSpan) => (w.bbox.x0 + w.bbox.x1) / 2;
    regions.push(
      ...split(
        section.words.filter((w) => centre(w) < cut),
        h,
        depth + 1,
      ),
    );
    regions.push(
      ...split(
        section.words.filter((w) => centre(w) >= cut),
        h,
        depth + 1,
      ),
    );
  }
  return regions;
}

/** Words cut into horizontal bands at every clear strip across them, top to bottom. */
function bands(words: readonly OcrSpan[]): OcrSpan[][] {
  const byY = [...words].sort((a, b) => a.bbox.y0 - b.bbox.y0);
  const result: OcrSpan[][] = [];
  let reach = Number.NEGATIVE_INFINITY;
  for (const word of byY) {
    const current = result[result.length - 1];
    if (current && word.bbox.y0 < reach) current.push(word);
    else result.push([word]);
    reach = Math.max(reach, word.bbox.y1);
  }
  return result;
}

type Interval = [number, number];

interface Section {
  words: OcrSpan[];
  /** Clear vertical strips every band of the section shares. */
  gutters: Interval[];
}

/** Consecutive bands grouped while they share a clear vertical strip at least a gutter wide. */
function sections(list: readonly OcrSpan[][], x0: number, x1: number, h: number): Section[] {
  const min = GUTTER * h;
  const clear = (band: readonly OcrSpan[]) =>
    gaps(
      band.map((w) => [w.bbox.x0, w.bbox.x1] as const),
      x0,
      x1,
      min,
    );
  const result: Section[] = [];
  let current: Section | undefined;
  for (const band of list) {
    const shared = current ? intersect(current.gutters, clear(band), min) : [];
    if (current && shared.length > 0) {
      current.words.push(...band);
      current.gutters = shared;
    } else {
      current = { words: [...band], gutters: clear(band) };
      result.push(current);
    }
  }
  return result;
}

function intersect(a: readonly Interval[], b: readonly Interval[], min: number): Interval[] {
  const result: Interval[] = [];
  for (const [a0, a1] of a) {
    for (const [b0, b1] of b) {
      const lo = Math.max(a0, b0);
      const hi = Math.min(a1, b1);
      if (hi - lo >= min) result.push([lo, hi]);
    }
  }
  return result;
}

/** Where to cut a section into two columns of running text, if anywhere: the middle of its widest fitting gutter. */
function columnCut({ words, gutters }: Section): number | undefined {
  const widestFirst = [...gutters].sort((a, b) => b[1] - b[0] - (a[1] - a[0]));
  for (const [g0, g1] of widestFirst) {
    const left = words.filter((w) => w.bbox.x1 <= g0);
    const right = words.filter((w) => w.bbox.x0 >= g1);
    if (isRunningText(left) && isRunningText(right)) return (g0 + g1) / 2;
  }
  return undefined;
}

function isRunningText(words: readonly OcrSpan[]): boolean {
  const lines = groupLines(words);
  return lines.length >= MIN_LINES && mean(lines.map((l) => l.length)) >= MIN_WORDS_PER_LINE;
}
