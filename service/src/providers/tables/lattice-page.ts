// Lattice tables of a whole document (lattice.ts finds grids in rules). A
// PDF's words come first (text layer or OCR), then each page's rules: the
// lines it draws, read from the PDF itself (pages/pdf-lines.ts), exact and
// without drawing anything; only a page with pictures and no drawn grid (a
// scan) is drawn, evened out, straightened when tilted, its words blanked out,
// and its rules found in the pixels. A photo's rules come first and are
// painted over before it is read by OCR; cells the page read failed are read
// again one by one (cell-reading.ts).
import { createCanvas, loadImage } from "@napi-rs/canvas";
import type { BBox, OcrData, OcrPage, OcrSpan, ResultPage } from "@/lib/kernel/contract";
import { centredIn, median, union } from "../../layout/geometry";
import { slope } from "../../layout/level";
import { groupLines } from "../../layout/lines";
import { SEGMENT_GAP, segments } from "../../layout/segments";
import { drawPageGrey, openPdf, rasterisePage } from "../../pages/pdf";
import { keptDrawing, pageDrawing, type TextTurn, textTurns } from "../../pages/pdf-lines";
import { sniffDocument } from "../../pages/sniff";
import { resultPages, type WordSources } from "../../pages/word-sources";
import { flattenBackground } from "../../preprocess/background";
import { type Grey, halved, otsu, toGrey, toPng } from "../../preprocess/grey";
import { backTo, MIN_SKEW, onTransformed, transform } from "../../preprocess/index";
import { estimateSkew, typicalXHeight } from "../../preprocess/skew";
import type { Provider, ProviderInput } from "../interface/types";
import { type BlockReader, rereadCells } from "./cell-reading";
import { type Frame, isUpright, LEVEL, mostlyUpright, turnedFrame } from "./frame";
import {
  eraseRules,
  fillGrid,
  findGrids,
  findRules,
  isRuledTable,
  isRuleText,
  type LatticeTable,
  type Rule,
  type Rules,
  ruleSizes,
  rulesOfSegments,
  type Segment,
} from "./lattice";
import { hasContent } from "./shape";

/** Least resolution a scanned PDF page is drawn at to find its rules: a 0.5 pt rule is still a pixel. */
const LATTICE_DPI = 100;
/** Pixels of a photo worked on at most (it is scaled down past this): rules survive, time stays small. */
const MAX_PIXELS = 4_000_000;

const scaled = (b: BBox, k: number): BBox => ({
  x0: b.x0 * k,
  y0: b.y0 * k,
  x1: b.x1 * k,
  y1: b.y1 * k,
});

/** An encoded image as grey pixels, scaled down to at most MAX_PIXELS, and its own size. */
async function decodeGrey(
  bytes: Buffer,
): Promise<{ grey: Grey; width: number; height: number } | undefined> {
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(bytes);
  } catch {
    return undefined;
  }
  const { width, height } = image;
  if (width === 0 || height === 0) return undefined;
  const k = Math.min(1, Math.sqrt(MAX_PIXELS / (width * height)));
  const canvas = createCanvas(
    Math.max(1, Math.round(width * k)),
    Math.max(1, Math.round(height * k)),
  );
  canvas.getContext("2d").drawImage(image, 0, 0, canvas.width, canvas.height);
  return { grey: toGrey(canvas), width, height };
}

/** A page image made grey and straight, and the way between its boxes and the page's. */
interface Straightened {
  image: Grey;
  threshold: number;
  /** A box on the page (its words' pixels) → on `image`, and back. */
  onImage: (box: BBox) => BBox;
  onPage: (box: BBox) => BBox;
}

/**
 * `grey` turned straight when tilted by `measured` degrees (measured on the
 * pixels when not given); `k` is its pixels per page pixel.
 */
function straighten(grey: Grey, k: number, tilt?: number): Straightened {
  const threshold = otsu(grey);
  const measured = tilt ?? estimateSkew(grey, threshold);
  const skew = Math.abs(measured) >= MIN_SKEW ? measured : 0;
  if (skew === 0) {
    return {
      image: grey,
      threshold,
      onImage: (b) => scaled(b, k),
      onPage: (b) => scaled(b, 1 / k),
    };
  }
  const image = transform(grey, skew, 1);
  const turn = onTransformed(grey, image, skew, 1);
  const turnBack = backTo(grey, image, skew, 1);
  return {
    image,
    threshold,
    onImage: (b) => turn(scaled(b, k)),
    onPage: (b) => scaled(turnBack(b), 1 / k),
  };
}

/**
 * The word inside a box drawn around it after turning it by `degrees`: the box
 * grew by the turn (a long word turned 2° is a fifth taller), the word did not.
 */
function unturned(box: BBox, degrees: number): BBox {
  const t = Math.abs((degrees * Math.PI) / 180);
  const cos = Math.cos(t);
  const sin = Math.sin(t);
  const bw = box.x1 - box.x0;
  const bh = box.y1 - box.y0;
  const det = cos * cos - sin * sin;
  const w = Math.max(1, Math.min(bw, (bw * cos - bh * sin) / det));
  const h = Math.max(1, Math.min(bh, (bh * cos - bw * sin) / det));
  const cx = (box.x0 + box.x1) / 2;
  const cy = (box.y0 + box.y1) / 2;
  return { x0: cx - w / 2, y0: cy - h / 2, x1: cx + w / 2, y1: cy + h / 2 };
}

/** Rules are fainter than letters' strokes at low resolution: ink is what is darker than halfway to paper. */
const ruleInk = (threshold: number) => Math.round((threshold + 255) / 2);

/** The ruled tables on one page of a PDF, filled with the page's words (its text layer or OCR). */
export function pageTables(grey: Grey, page: OcrPage): LatticeTable[] {
  const words = page.words.filter((w) => !isRuleText(w.text));
  if (words.length === 0 || page.width <= 0) return [];
  // The tilt of a scan from its words' lines (a text layer's is 0): cheaper than the pixels'.
  const unit = median(words.map((w) => w.bbox.y1 - w.bbox.y0)) || 1;
  const tilt = (Math.atan(slope(words, unit)) * 180) / Math.PI;
  const { image, threshold, onImage, onPage } = straighten(grey, grey.width / page.width, tilt);
  const boxes = words.map((w) => unturned(onImage(w.bbox), tilt));
  const wordHeight = median(boxes.map((b) => b.y1 - b.y0));
  // Words blanked out (their core: a box may reach a rule beside it), so no
  // run of letters is taken for a rule.
  for (const b of boxes) {
    const h = b.y1 - b.y0;
    if (h > wordHeight * 3) continue;
    const x0 = Math.max(0, Math.round(b.x0 + (b.x1 - b.x0) * 0.05));
    const x1 = Math.min(image.width, Math.round(b.x1 - (b.x1 - b.x0) * 0.05));
    const y0 = Math.max(0, Math.round(b.y0 + h * 0.2));
    const y1 = Math.min(image.height, Math.round(b.y1 - h * 0.2));
    for (let y = y0; y < y1; y++) image.data.fill(255, y * image.width + x0, y * image.width + x1);
  }
  const sizes = ruleSizes(ruleInk(threshold), wordHeight, true);
  const grids = findGrids(outsideWords(findRules(image, sizes), boxes), wordHeight);
  return grids
    .map((grid) => fillGrid(page.number, grid, words, onImage, onPage))
    .filter(isRuledTable);
}

/**
 * Share of a rule's length that may lie inside words' boxes. What stays of
 * letters around a blanked word's core (ascenders, descenders, the edge of a
 * digit) lines up from row to row in a column of figures and reads as a short
 * rule; a rule between columns runs between the words.
 */
const MAX_INSIDE_WORDS = { vertical: 0.5, horizontal: 0.8 };

function outsideWords(rules: Rules, boxes: readonly BBox[]): Rules {
  const inside = (rule: Rule, vertical: boolean) => {
    const spans = boxes
      .filter((b) =>
        vertical ? b.x0 <= rule.at && rule.at <= b.x1 : b.y0 <= rule.at && rule.at <= b.y1,
      )
      .map((b) => (vertical ? [b.y0, b.y1] : [b.x0, b.x1]) as [number, number])
      .map(([a, b]) => [Math.max(a, rule.from), Math.min(b, rule.to)] as [number, number])
      .filter(([a, b]) => b > a)
      .sort((a, b) => a[0] - b[0]);
    let covered = 0;
    let reach = rule.from;
    for (const [a, b] of spans) {
      covered += Math.max(0, b - Math.max(a, reach));
      reach = Math.max(reach, b);
    }
    return covered / Math.max(1, rule.to - rule.from);
  };
  return {
    vertical: rules.vertical.filter((r) => inside(r, true) <= MAX_INSIDE_WORDS.vertical),
    horizontal: rules.horizontal.filter((r) => inside(r, false) <= MAX_INSIDE_WORDS.horizontal),
  };
}

/** A line turned with its frame (a box of no width or height turns into one). */
function turnLine(line: Segment, frame: Frame): Segment {
  const a = frame.to({ x0: line.x0, y0: line.y0, x1: line.x0, y1: line.y0 });
  const b = frame.to({ x0: line.x1, y0: line.y1, x1: line.x1, y1: line.y1 });
  return { x0: a.x0, y0: a.y0, x1: b.x0, y1: b.y0, width: line.width };
}

/**
 * The ruled tables of a PDF page from the lines it draws, filled with its
 * words; a page whose text is turned is read in the frame where it is level.
 */
export function lineTables(
  lines: readonly Segment[],
  page: OcrPage,
  frame: Frame = LEVEL,
  upright: TextTurn = "level",
): LatticeTable[] {
  const words = page.words
    .filter((w) => !isRuleText(w.text))
    .map((w) => ({ ...w, bbox: frame.to(w.bbox) }));
  if (words.length === 0 || lines.length === 0) return [];
  const boxes = words.map((w) => w.bbox);
  const wordHeight = median(boxes.map((b) => b.y1 - b.y0));
  const turned = lines.map((line) => turnLine(line, frame));
  const rules = rulesOfSegments(turned, ruleSizes(0, wordHeight, true));
  const found = findGrids(outsideWords(rules, boxes), wordHeight)
    .map((grid) => ({
      ...fillGrid(page.number, grid, words, (b) => b, frame.back, upright),
      fromPixels: false,
    }))
    .filter(isRuledTable);
  if (frame !== LEVEL) return found;
  return found.map((table) =>
    withRowLabels(
      table,
      words,
      found.filter((t) => t !== table).map((t) => t.table.bbox),
      wordHeight,
    ),
  );
}

/** Widest white space, in word heights, between a ruled table and the names of its rows left of its rules. */
const LABEL_GAP = 3;

/**
 * A ruled table whose rows are named left of its rules, unruled ("Alcona",
 * "Caledonia" beside a county's ruled figures): with the names as its first
 * column. Each line left of the table within its height (its part nearest the
 * table) must stand in the middle half of one row, one line to a row, in half
 * the rows with text at least: lines of prose beside a table keep a pitch of
 * their own, and the table stays as ruled.
 */
function withRowLabels(
  found: LatticeTable,
  words: readonly OcrSpan[],
  others: readonly BBox[],
  wordHeight: number,
): LatticeTable {
  const { table } = found;
  const box = table.bbox;
  const middle = (b: BBox) => (b.y0 + b.y1) / 2;
  const beside = words.filter((w) => {
    const y = middle(w.bbox);
    return (
      w.bbox.x1 <= box.x0 && y > box.y0 && y < box.y1 && !others.some((o) => centredIn(o, w.bbox))
    );
  });
  if (beside.length === 0) return found;
  const labels = groupLines(beside).map(
    (line) => segments(line, wordHeight * SEGMENT_GAP).at(-1) ?? [],
  );
  const boxes = labels.map((label) => union(label.map((w) => w.bbox)));
  if (box.x0 - Math.max(...boxes.map((b) => b.x1)) > LABEL_GAP * wordHeight) return found;
  // Each row's band: its cells of one row.
  const bands = table.rows.map((_, r) => {
    const cells = table.cells.filter((c) => c.row === r && c.row_span === 1);
    return cells.length > 0 ? union(cells.map((c) => c.bbox)) : undefined;
  });
  const named = new Map<number, number>();
  for (const [i, b] of boxes.entries()) {
    const y = middle(b);
    const row = bands.findIndex((band) => {
      const quarter = band ? (band.y1 - band.y0) / 4 : 0;
      return band !== undefined && y >= band.y0 + quarter && y <= band.y1 - quarter;
    });
    if (row === -1 || named.has(row)) return found;
    named.set(row, i);
  }
  const withText = table.rows.filter((row) => row.some(hasContent)).length;
  if (named.size < Math.max(2, withText / 2)) return found;
  const left = Math.min(...boxes.map((b) => b.x0));
  const shifted = table.cells.map((c) => ({ ...c, col: c.col + 1 }));
  const added = bands.flatMap((band, row) => {
    if (!band) return [];
    const label = labels[named.get(row) ?? -1] ?? [];
    const rect = { x0: left, y0: band.y0, x1: box.x0, y1: band.y1 };
    const text = label.map((w) => w.text).join(" ");
    return [
      {
        cell: { row, col: 0, row_span: 1, col_span: 1, text, bbox: rect },
        read: { words: label, rect },
      },
    ];
  });
  return {
    ...found,
    table: {
      ...table,
      bbox: { ...box, x0: left },
      rows: table.rows.map((row, r) => [
        added.find((a) => a.cell.row === r)?.cell.text ?? "",
        ...row,
      ]),
      cells: [...shifted, ...added.map((a) => a.cell)],
    },
    words: found.words + beside.length,
    reads: [...found.reads, ...added.map((a) => a.read)],
  };
}

/** What a lattice reading found: the text read, the pages (as sent), pages billed, and the tables. */
export interface LatticeReading {
  text: string;
  pages: ResultPage[];
  billed: number;
  found: LatticeTable[];
}

/** Typical height of a word's box for a given x-height (Helvetica-like print, ascenders and all). */
const WORD_HEIGHT_PER_X_HEIGHT = 1.6;

/** The rules of a page with its words still on it, and its words' height (from the print's x-height). */
function ruleSearch(image: Grey, threshold: number): [Rules, number] {
  const xHeight = typicalXHeight(image, threshold);
  const wordHeight = xHeight > 0 ? xHeight * WORD_HEIGHT_PER_X_HEIGHT : 20;
  return [findRules(image, ruleSizes(ruleInk(threshold), wordHeight, false)), wordHeight];
}

/**
 * A photo or scan: its rules found first (no words yet), then painted over,
 * and only then the page read by OCR. A ruled table on a photo otherwise reads
 * as nothing: Tesseract takes the boxed words for a picture. Without rules,
 * nothing is read at all (another provider will).
 */
async function imageTables(
  input: ProviderInput,
  ocr: Provider<OcrData>,
  reader?: BlockReader,
): Promise<LatticeReading> {
  const decoded = await decodeGrey(input.bytes);
  // An image the canvas does not decode (TIFF) is left to the OCR engines.
  if (!decoded) return { text: "", pages: [], billed: 1, found: [] };
  const { grey, width, height } = decoded;
  const pages = [{ number: 1, width, height }];
  const none = { text: "", pages, billed: 1, found: [] };
  // A first look at half size on the photo as it is: rules tilted a few
  // degrees still grow from scan line to scan line and cross. Without any,
  // the photo is not worked on further.
  const glance = await flattenBackground(halved(grey));
  if (findGrids(...ruleSearch(glance, otsu(glance))).length === 0) return none;
  const { image, threshold, onPage } = straighten(
    await flattenBackground(grey),
    grey.width / width,
  );
  const grids = findGrids(...ruleSearch(image, threshold));
  if (grids.length === 0) return none;
  for (const grid of grids) eraseRules(image, grid);
  const cleaned = await toPng(image);
  const read = await ocr.run({ ...input, bytes: cleaned });
  // The words' boxes are on the straightened image, where the grid is.
  const words = read.data.pages[0]?.words ?? [];
  const found = grids
    .map((grid) => fillGrid(1, grid, words, (b) => b, onPage))
    .filter(isRuledTable);
  if (reader && found.length > 0) {
    const wordHeight = median(words.map((w) => w.bbox.y1 - w.bbox.y0));
    await rereadCells(image, found, reader, wordHeight, threshold);
  }
  return { text: read.data.text, pages, billed: read.pages, found };
}

/** A PDF: its words (text layer, or OCR of scanned pages), then each page drawn to find its rules. */
async function pdfTables(
  input: ProviderInput,
  source: Provider<OcrData>,
  pdftoppm?: string,
): Promise<LatticeReading> {
  const { bytes, signal } = input;
  const read = await source.run(input);
  const pages = resultPages(read.data.pages);
  const pdf = await openPdf(bytes);
  try {
    const found: LatticeTable[] = [];
    for (const page of read.data.pages) {
      signal.throwIfAborted();
      const drawn = { bytes, pdf, page: await pdf.getPage(page.number) };
      try {
        // The rules a page draws as lines, read from the PDF itself; a page of
        // text alone draws none.
        const scale = page.width / drawn.page.getViewport({ scale: 1 }).width;
        const { shapes, pictures, lines } = await keptDrawing(bytes, page, () =>
          pageDrawing(drawn.page, scale),
        );
        if (!shapes && !pictures) continue;
        // Which way the page's text runs, read from its text layer once when
        // some of its words stand upright. A table printed turned (its words
        // mostly upright) is read the way its text runs; headings set upright
        // in a level table ("Number of Registered voters" turned over a column
        // of figures), the way they run.
        const turns = page.words.some(isUpright) ? await textTurns(drawn.page) : undefined;
        const turn = turns && mostlyUpright(page.words) ? turns.most : "level";
        const frame = turnedFrame(turn, page.width, page.height);
        const upright = turn === "level" ? (turns?.upright ?? "level") : "level";
        const drawnTables = lineTables(lines, page, frame, upright);
        // A page without pictures has no other rules than those; one with
        // (a scan) is drawn as finely as it was read: its rules may be a pixel wide.
        if (drawnTables.length > 0 || !pictures) {
          found.push(...drawnTables);
          continue;
        }
        const dpi = Math.max(LATTICE_DPI, page.dpi ?? LATTICE_DPI);
        const grey = pdftoppm
          ? (await decodeGrey(await rasterisePage(drawn, dpi, signal, pdftoppm)))?.grey
          : await drawPageGrey(drawn, dpi, signal);
        // Evened out: a scan or a photo in a PDF may be lit unevenly, or show the desk.
        if (grey) found.push(...pageTables(await flattenBackground(grey), page));
      } finally {
        // Its decoded pictures are not kept for the pages after it (docs/memory.md).
        drawn.page.cleanup();
      }
    }
    return { text: read.data.text, pages, billed: read.pages, found };
  } finally {
    await pdf.destroy();
  }
}

/** Every page's ruled tables, in page order. */
export async function latticeTables(
  input: ProviderInput,
  sources: WordSources,
  pdftoppm?: string,
  reader?: BlockReader,
): Promise<LatticeReading> {
  return (await sniffDocument(input.bytes)) === "image"
    ? imageTables(input, sources.image, reader)
    : pdfTables(input, sources.pdf, pdftoppm);
}
