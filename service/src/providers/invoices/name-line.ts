// A receipt's name read again on its own. Read as part of a photographed page,
// a till's thin print is read a letter wrong as often as right ("MaDoralcd's
// Toa Payoh Centra!", "Thalia Blicher"); cut out with a little of the page
// around it and brought to the height the engine reads best, it comes out as
// printed ("McDonald's Toa Payoh Central", "Thalia Bücher"). Such a reading is
// as likely to be wrong in another way (a logo's letters as "A L DT", a
// trailing speck as "."), so the page's reading gives way only to one the
// engine gives twice, at two heights, that it is surer of, and that differs
// from it by a few letters: the same words read better, not other ink.
// Measured on the real receipts' names (docs/invoices-fields.md, docs/changelog.md).
import { distance } from "fastest-levenshtein";
import type { BBox, OcrData, OcrPage, OcrSpan } from "@/lib/kernel/contract";
import type { RecognizedPage } from "../../engines/ocr-page";
import { loadSharp } from "../../images";
import { height, mean } from "../../layout/geometry";
import { MAX_PAGE_PIXELS } from "../../pages/pdf";

/** Reads one image as a block of text (the engine's recognizeBlock, in the page's language). */
export type BlockReader = (png: Buffer) => Promise<RecognizedPage>;

/**
 * A name every word of which the page read this sure of is not read again.
 * The names a second reading put right each had a word read far less surely; a
 * name whose words were all read at least this surely never came out better,
 * and clean print, most of a generated receipt's names, reads just above it, so
 * a higher bar would read them again for nothing (docs/changelog.md, "Invoice
 * data").
 */
const SURE = 0.85;
/** Heights in pixels the name's words are brought to, each read once. */
const READ_HEIGHTS = [24, 32] as const;
/** White between the two crops and around them, in pixels. */
const GAP = 32;
/** Most a crop is enlarged: a smaller print is not there to read. */
const MAX_SCALE = 3;
/** The page around the name's words that is cut out with them, in their height. */
const MARGIN = 0.35;
/** Most a reading may differ from the page's, in edits per letter of the longer, to be the same words. */
const MOST_CHANGED = 0.34;

/** Where the name was found: its page and its words' box, on the page laid upright. */
export interface NamePlace {
  page: number;
  bbox: BBox;
}

const textOf = (words: readonly OcrSpan[]) => words.map((w) => w.text).join(" ");
const centre = (b: BBox) => ({ x: (b.x0 + b.x1) / 2, y: (b.y0 + b.y1) / 2 });

/**
 * `words` (laid upright) with the words of the name at `place` read again
 * from the image `bytes` (its page `place.page`, turned by `rotation`
 * degrees clockwise to lie upright, as it was read); the same object when the
 * page's reading stands.
 */
export async function rereadName(
  bytes: Buffer,
  words: OcrData,
  place: NamePlace,
  rotation: number | undefined,
  readBlock: BlockReader,
): Promise<OcrData> {
  const page = words.pages.find((p) => p.number === place.page);
  const tall = height(place.bbox);
  if (!page || tall < 1) return words;
  const margin = Math.round(tall * MARGIN);
  const left = Math.max(0, Math.floor(place.bbox.x0 - margin));
  const top = Math.max(0, Math.floor(place.bbox.y0 - margin));
  const right = Math.min(page.width, Math.ceil(place.bbox.x1 + margin));
  const bottom = Math.min(page.height, Math.ceil(place.bbox.y1 + margin));
  if (right - left < 2 || bottom - top < 2) return words;
  const inName = (w: OcrSpan) => {
    const { x, y } = centre(w.bbox);
    return x >= left && x <= right && y >= place.bbox.y0 && y <= place.bbox.y1;
  };
  const before = page.words.filter(inName).sort((a, b) => a.bbox.x0 - b.bbox.x0);
  if (before.length === 0 || before.every((w) => w.confidence >= SURE)) return words;

  // The crop at both heights, one over the other, read in one run of the engine.
  const sharp = await loadSharp();
  const image = sharp(bytes, { page: page.number - 1, limitInputPixels: MAX_PAGE_PIXELS });
  const crop = await (rotation ? image.rotate(rotation) : image)
    .extract({ left, top, width: right - left, height: bottom - top })
    .greyscale()
    .png()
    .toBuffer();
  const parts = await Promise.all(
    READ_HEIGHTS.map(async (wanted) => {
      const scale = Math.min(MAX_SCALE, wanted / tall);
      const { data, info } = await sharp(crop)
        .resize(Math.max(1, Math.round((right - left) * scale)))
        .normalise()
        .png()
        .toBuffer({ resolveWithObject: true });
      return { png: data, scale, width: info.width, height: info.height };
    }),
  );
  let at = GAP;
  const placed = parts.map((part) => {
    const y = at;
    at += part.height + GAP;
    return { ...part, y };
  });
  const stack = await sharp({
    create: {
      width: Math.max(...parts.map((p) => p.width)) + 2 * GAP,
      height: at,
      channels: 3,
      background: "#fff",
    },
  })
    .composite(placed.map(({ png, y }) => ({ input: png, left: GAP, top: y })))
    .greyscale()
    .png()
    .toBuffer();
  const read = await readBlock(stack);
  // Each word back to the crop it lies in, and from there onto the page.
  const readings = placed.map(({ y, height: band, scale }) =>
    read.words
      .filter((w) => {
        const middle = (w.bbox.y0 + w.bbox.y1) / 2;
        return middle >= y && middle < y + band;
      })
      .map((w) => ({
        ...w,
        bbox: {
          x0: left + (w.bbox.x0 - GAP) / scale,
          y0: top + (w.bbox.y0 - y) / scale,
          x1: left + (w.bbox.x1 - GAP) / scale,
          y1: top + (w.bbox.y1 - y) / scale,
        },
      }))
      .sort((a, b) => a.bbox.x0 - b.bbox.x0),
  );
  const was = textOf(before);
  const said = textOf(readings[0] ?? []);
  const changed = distance(said, was);
  const agreed =
    said !== "" &&
    changed > 0 &&
    changed <= MOST_CHANGED * Math.max(said.length, was.length) &&
    readings.every((r) => textOf(r) === said);
  if (!agreed) return words;
  // Of the two, the reading the engine is surest of; kept only if surer than the page's.
  const sure = (line: readonly OcrSpan[]) => mean(line.map((w) => w.confidence));
  const surest = readings.reduce((a, b) => (sure(b) > sure(a) ? b : a));
  if (sure(surest) <= sure(before)) return words;
  const again: OcrPage = { ...page, words: [...page.words.filter((w) => !inName(w)), ...surest] };
  return { ...words, pages: words.pages.map((p) => (p === page ? again : p)) };
}
