// A page read turned (scanned sideways or upside down) has its words' boxes on
// the image as sent, where its lines run up, down or backwards. What reads a
// page's layout (invoice fields by their place, tables from white space) needs
// the lines across the page: it reads the words laid upright, and what it finds
// is put back on the image as sent.
import type { BBox, OcrData, OcrPage } from "@/lib/kernel/contract";
import { fromTurned, type QuarterTurn } from "../preprocess/turn";

export interface Upright {
  /** The words, every turned page laid upright (its width and height swapped by a quarter turn). */
  data: OcrData;
  /** A box on page `page` laid upright → the same place on the image as sent. */
  back(page: number, box: BBox): BBox;
}

const quarter = (turn: QuarterTurn) => turn === 90 || turn === 270;

function layUpright(page: OcrPage, turn: 90 | 180 | 270): OcrPage {
  const size = quarter(turn) ? { width: page.height, height: page.width } : page;
  // The image as sent is the upright one turned the rest of the way round.
  const toUpright = fromTurned(((360 - turn) % 360) as QuarterTurn, size);
  const span = <T extends { bbox: BBox }>(s: T): T => ({ ...s, bbox: toUpright(s.bbox) });
  const { rotation: _, ...rest } = page;
  return {
    ...rest,
    width: size.width,
    height: size.height,
    words: page.words.map(span),
    lines: page.lines.map(span),
    blocks: page.blocks?.map((b) => ({ ...span(b), lines: b.lines.map(span) })),
  };
}

export function upright(data: OcrData): Upright {
  if (!data.pages.some((p) => p.rotation !== undefined)) return { data, back: (_, box) => box };
  const backs = new Map<number, (box: BBox) => BBox>();
  const pages = data.pages.map((page) => {
    if (page.rotation === undefined) return page;
    backs.set(page.number, fromTurned(page.rotation, page));
    return layUpright(page, page.rotation);
  });
  return {
    data: { ...data, pages },
    back: (page, box) => backs.get(page)?.(box) ?? box,
  };
}
