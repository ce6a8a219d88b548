// A table printed turned on a page (its words upright) is read in the frame
// where its text runs left to right, and what is found there is put back on
// the page: the lattice's rules and words, and the stream's words, alike.
import type { BBox, OcrSpan } from "@/lib/kernel/contract";
import type { TextTurn } from "../../pages/pdf-lines";

/** Boxes on a page into a frame where its text reads left to right, and back. */
export interface Frame {
  to: (box: BBox) => BBox;
  back: (box: BBox) => BBox;
}

export const LEVEL: Frame = { to: (b) => b, back: (b) => b };

/**
 * The frame of a page `width` × `height` whose text is turned to read down
 * (rows of a table then run from right to left) or up the page (left to right).
 */
export function turnedFrame(turn: TextTurn, width: number, height: number): Frame {
  if (turn === "down") {
    return {
      to: (b) => ({ x0: b.y0, y0: width - b.x1, x1: b.y1, y1: width - b.x0 }),
      back: (b) => ({ x0: width - b.y1, y0: b.x0, x1: width - b.y0, y1: b.x1 }),
    };
  }
  if (turn === "up") {
    return {
      to: (b) => ({ x0: height - b.y1, y0: b.x0, x1: height - b.y0, y1: b.x1 }),
      back: (b) => ({ x0: b.y0, y0: height - b.x1, x1: b.y1, y1: height - b.x0 }),
    };
  }
  return LEVEL;
}

/** A word of three letters or more whose box is taller than wide: set upright, read downwards or upwards. */
export const isUpright = (word: OcrSpan) =>
  [...word.text].length >= 3 && word.bbox.y1 - word.bbox.y0 > (word.bbox.x1 - word.bbox.x0) * 1.5;

/** Whether most of some words of three letters or more stand upright (a table printed turned). */
export function mostlyUpright(words: readonly OcrSpan[]): boolean {
  const long = words.filter((w) => [...w.text].length >= 3);
  return long.length > 0 && long.filter(isUpright).length > long.length / 2;
}

/**
 * A cell's words, when they are set upright (a heading turned to fit a narrow
 * column: a word upright, none of three letters or more wider than tall), in
 * the frame where they read left to right (`turn`: the way the page's upright
 * text runs; read up the page, its bottom word comes first).
 */
export function readUpright(words: readonly OcrSpan[], turn: TextTurn): readonly OcrSpan[] {
  const level = (w: OcrSpan) =>
    [...w.text].length >= 3 && w.bbox.x1 - w.bbox.x0 > w.bbox.y1 - w.bbox.y0;
  if (turn === "level" || !words.some(isUpright) || words.some(level)) return words;
  // The frame's size only shifts the boxes; the order is the same.
  const frame = turnedFrame(turn, 0, 0);
  return words.map((w) => ({ ...w, bbox: frame.to(w.bbox) }));
}
