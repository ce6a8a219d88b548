// Pages turned a quarter, a half or three quarters (a sheet fed sideways, a
// page scanned upside down), read upright. Tesseract's orientation detection
// (OSD) costs about as much as reading the page, and most pages are upright,
// so the first reading says which pages to look at (docs/quality-reading.md,
// "Turned pages"):
//   - most of its words are taller than wide: its lines run up or down the
//     image. Turned clockwise, Tesseract and PaddleOCR read such lines well but
//     in the wrong order; turned the other way, badly. Both quarter turns are
//     tried, the likelier first;
//   - or it is unsure: OSD is asked, and its answer tried when it is sure; a
//     reading of nonsense (upside down, the LSTM engines are at 0.13–0.39,
//     against 0.84 or more for every upright page of the calibration set) or
//     of next to nothing also tries a half and a quarter turn.
// The reading kept is the surest in lines across the page, so a wrong guess
// costs time, never text. Words' boxes are put back on the image as sent.
import type { BBox } from "@/lib/kernel/contract";
import type { RecognizedPage } from "../../engines/ocr-page";
import type { OrientationDetector } from "../../engines/orientation";
import { fromTurned, type QuarterTurn, turnImage } from "../../preprocess/turn";

/** A reading at least this confident, in lines across the page, is upright. */
const SURE = 0.8;
/** Share of words (of three characters or more) taller than wide above which lines run up or down. */
const VERTICAL = 0.5;
/**
 * Read with less confidence than this, in lines across the page, a page may be
 * upside down (the LSTM engines read those at 0.13–0.39) or turned anticlockwise
 * (0.26–0.51).
 */
const UPSIDE_DOWN = 0.6;
/** Turned anticlockwise, a page's nonsense words are often taller than wide: from this share, that turn is tried first. */
const SOME_VERTICAL = 0.1;
/** A reading of fewer words says nothing about the page's orientation… */
const MIN_WORDS = 3;
/** …unless the page holds this many letters' worth of ink. */
const MIN_LETTERS = 20;
/** A page with this many more blobs of ink than characters read was mostly not read. */
const UNREAD = 2;
/**
 * OSD's orientation confidence from which its answer is tried first. On the
 * calibration pages (a few lines each) its wrong answers reached 1.6; on full
 * pages its right ones were 2.5 and more.
 */
const OSD_CONFIDENT = 2;
/** Turned readings tried at most on one page (each is a whole reading). */
const MAX_TRIES = 2;
/**
 * A turned reading replaces the page as sent only when this much surer: the
 * legacy engine reads a poor photo at 0.57, and the same photo upside down at
 * 0.58; a turned page read upright gains 0.4 and more.
 */
const GAIN = 0.1;

/** Share of the words of three characters or more whose box is taller than wide. */
function verticalShare(page: RecognizedPage): number {
  const long = page.words.filter((w) => [...w.text].length >= 3);
  if (long.length === 0) return 0;
  const tall = long.filter((w) => w.bbox.y1 - w.bbox.y0 > w.bbox.x1 - w.bbox.x0);
  return tall.length / long.length;
}

const HAS_ALPHANUMERIC = /[\p{L}\p{N}]/u;

/**
 * How sure a reading is, as answer-check.ts scores answers: the mean word
 * confidence weighted by length, less the share of "words" with no letter or
 * digit (what an engine reads into a turned page's lines).
 */
function sureness(page: RecognizedPage): number {
  let weight = 0;
  let sum = 0;
  let junk = 0;
  for (const word of page.words) {
    const length = [...word.text].length;
    weight += length;
    sum += word.confidence * length;
    if (!HAS_ALPHANUMERIC.test(word.text)) junk++;
  }
  if (weight === 0) return 0;
  return (sum / weight) * (1 - junk / page.words.length);
}

/** How right a reading's orientation looks: how sure it is, in lines across the page. */
const uprightScore = (page: RecognizedPage) => sureness(page) * (1 - verticalShare(page));

/** A page read, before what its page analysis left unread is read too (on the reading kept only). */
export interface Reading {
  page: RecognizedPage;
  finish(): Promise<RecognizedPage>;
  /** Blobs of ink of text size on the page as read (0 when not known). */
  letters(): number;
}

/** A page read on the image turned `turn` degrees clockwise, every box back on the image as sent. */
function backFromTurned(page: RecognizedPage, turn: QuarterTurn): RecognizedPage {
  const quarter = turn === 90 || turn === 270;
  const sent = quarter ? { width: page.height, height: page.width } : page;
  const back = fromTurned(turn, sent);
  const span = <T extends { bbox: BBox }>(s: T): T => ({ ...s, bbox: back(s.bbox) });
  return {
    ...page,
    width: sent.width,
    height: sent.height,
    words: page.words.map(span),
    lines: page.lines.map(span),
    blocks: page.blocks.map((b) => ({ ...span(b), lines: b.lines.map(span) })),
    ...(turn === 0 ? {} : { rotation: turn }),
  };
}

/**
 * The turns to try on a page whose first reading looks turned, the likeliest
 * first; none when it reads upright, or when OSD is sure it is.
 */
async function turnsToTry(
  first: Reading,
  osd: () => Promise<QuarterTurn | undefined>,
): Promise<QuarterTurn[]> {
  const { page } = first;
  const share = verticalShare(page);
  if (share > VERTICAL) {
    // Lines up or down the image. Read well, the page lies turned clockwise and
    // 270 more stands it up; read badly, the other way. OSD, which looks for
    // lines across the page, was more often wrong than right on such pages.
    return sureness(page) >= SURE ? [270, 90] : [90, 270];
  }
  if (sureness(page) >= SURE) return [];
  const found = await osd();
  if (found === 0) return [];
  const turns: QuarterTurn[] = found === undefined ? [] : [found];
  // PaddleOCR reads next to nothing of a page turned, or only a few words
  // surely; a blank page has no letters, an upright one about a blob a character.
  const read = page.words.reduce((sum, w) => sum + [...w.text].length, 0);
  const letters = first.letters();
  const text = page.words.length >= MIN_WORDS || letters >= MIN_LETTERS;
  if ((sureness(page) < UPSIDE_DOWN && text) || letters > UNREAD * read + MIN_LETTERS) {
    // Upside down, or turned anticlockwise and read as short lines of nonsense,
    // some of them upright: upside-down pages show next to none.
    turns.push(...((share >= SOME_VERTICAL ? [90, 180] : [180, 90]) as QuarterTurn[]));
  }
  return [...new Set(turns)].slice(0, MAX_TRIES);
}

/**
 * `image` read by `read`, upright: when its first reading looks turned, read
 * again turned as OSD (or, when OSD cannot say, the first reading) suggests,
 * and the reading that looks most upright kept.
 */
export async function readUpright(
  image: Buffer,
  read: (image: Buffer) => Promise<Reading>,
  detector: OrientationDetector | undefined,
  signal: AbortSignal,
): Promise<RecognizedPage> {
  let first = await read(image);
  if (!detector) return first.finish();
  if (first.page.words.length < MIN_WORDS) {
    // Nothing read at all may be a page analysis that found no lines across
    // the page: what its ink reads as on its own says more.
    const page = await first.finish();
    first = { ...first, page, finish: async () => page };
  }
  const osd = async () => {
    const found = await detector.detect(image, signal);
    return found && found.confidence >= OSD_CONFIDENT ? found.turn : undefined;
  };
  const asSent = uprightScore(first.page);
  let best = { reading: first, turn: 0 as QuarterTurn, score: asSent };
  for (const turn of await turnsToTry(first, osd)) {
    signal.throwIfAborted();
    const turned = await turnImage(image, turn);
    if (!turned) break;
    const reading = await read(turned);
    const score = uprightScore(reading.page);
    if (score > Math.max(best.score, asSent + GAIN)) best = { reading, turn, score };
    if (score >= SURE) break;
  }
  return backFromTurned(await best.reading.finish(), best.turn);
}
