// Table extraction providers: words from a word source (a PDF's text layer,
// else OCR), laid into tables by stream detection (stream.ts: columns from
// white space) or by lattice detection (lattice-page.ts: cells from the
// ruling lines the page draws). Each answer carries its checks (data.checks):
// one with no table, ragged rows or words across ruling lines is unsure, so
// the router tries the next provider.
import type { BBox, OcrData, OcrPage, Table, TableChecks, TableData } from "@/lib/kernel/contract";
import { resolveLanguage } from "../../engines/language";
import type { OcrEngine } from "../../engines/types";
import { median } from "../../layout/geometry";
import { openPdf } from "../../pages/pdf";
import { keptDrawing, pageDrawing, textTurns } from "../../pages/pdf-lines";
import { upright } from "../../pages/upright";
import {
  readWords,
  resultPages,
  type WordSources,
  wordSourcesAvailable,
} from "../../pages/word-sources";
import type { AnswerCheck, Provider, ProviderInput, ProviderOutput } from "../interface/types";
import type { BlockReader } from "./cell-reading";
import { type Frame, LEVEL, mostlyUpright, turnedFrame } from "./frame";
import { brokenRows } from "./lattice";
import { latticeTables } from "./lattice-page";
import { raggedRows, streamTables } from "./stream";

/**
 * Tables from the words' white space, read on the pages laid upright
 * (pages/upright.ts) and, on a page whose text layer prints its text turned,
 * in `frames`' frame where it runs level (frame.ts); their boxes on the pages
 * as sent.
 */
export function tablesFromWords(
  words: OcrData,
  frames: ReadonlyMap<number, Frame> = new Map(),
): TableData {
  const laid = upright(words);
  const frameOf = (page: number) => frames.get(page) ?? LEVEL;
  const tables = laid.data.pages.flatMap((p) => {
    const { to } = frameOf(p.number);
    return streamTables(
      p.number,
      p.words.map((w) => ({ ...w, bbox: to(w.bbox) })),
    );
  });
  const back = (page: number, box: BBox) => laid.back(page, frameOf(page).back(box));
  return {
    tables: tables.map((t) => ({
      ...t,
      bbox: back(t.page, t.bbox),
      cells: t.cells.map((c) => ({ ...c, bbox: back(t.page, c.bbox) })),
    })),
    text: words.text,
    pages: resultPages(words.pages),
  };
}

/** The checks of an answer from white space: a table found, and no ragged row. */
export function streamChecks(tables: readonly Table[]): TableChecks {
  return {
    table_found: tables.length > 0,
    rows_agree: tables.length === 0 ? null : tables.every((t) => raggedRows(t) === 0),
    words_within_rules: null,
  };
}

/** Sure when at least one table was found and no row is ragged; scored by the share of rows that are not. */
export function checkTables(data: TableData, ragged = raggedRows): AnswerCheck {
  if (data.tables.length === 0) return { confident: false, score: 0, reason: "no table found" };
  const rows = data.tables.reduce((sum, t) => sum + t.rows.length, 0);
  const off = data.tables.reduce((sum, t) => sum + ragged(t), 0);
  const score = rows === 0 ? 0 : 1 - off / rows;
  return off === 0
    ? { confident: true, score }
    : { confident: false, score, reason: `${off} of ${rows} rows ragged` };
}

/** A request's PDF, opened at the first page asked for and only then; closed by `close`. */
function lazyPdf(bytes: Buffer) {
  let pdf: ReturnType<typeof openPdf> | undefined;
  return {
    page: async (number: number) => {
      pdf ??= openPdf(bytes);
      return (await pdf).getPage(number);
    },
    close: async () => {
      await pdf?.then((d) => d.destroy());
    },
  };
}

/** A page whose words are the PDF's text layer, all certain (a page read by OCR is not). */
const fromTextLayer = (page: OcrPage) => page.confidence === 1;

/**
 * The frames of a PDF's pages whose text layer prints most words turned (a
 * table set sideways): the way they run comes from the text layer's
 * transforms, as the lattice reads them. Pages read by OCR are laid upright
 * by their own rotation instead.
 */
async function turnedPages(
  input: ProviderInput,
  words: OcrData,
  pdf: ReturnType<typeof lazyPdf>,
): Promise<Map<number, Frame>> {
  const frames = new Map<number, Frame>();
  const turned = words.pages.filter(
    (p) => fromTextLayer(p) && p.rotation === undefined && mostlyUpright(p.words),
  );
  for (const page of turned) {
    input.signal.throwIfAborted();
    const turn = (await textTurns(await pdf.page(page.number))).most;
    if (turn !== "level") frames.set(page.number, turnedFrame(turn, page.width, page.height));
  }
  return frames;
}

/**
 * Strokes a figure draws (pages/pdf-lines.ts: slanted edges, open curves),
 * each at least as long as the table's cells are high, that a table's box may
 * cross: more, and its words are a figure's labels. A table draws none; a
 * diagram's arrows (a neuron's inputs, a processor's units) or a pie's slices
 * lie among the words they label, which white space alone reads as columns.
 */
const MAX_FIGURE_STROKES = 2;

function labelsAFigure(table: Table, strokes: readonly BBox[]): boolean {
  const height = median(table.cells.map((c) => c.bbox.y1 - c.bbox.y0));
  const b = table.bbox;
  const crossing = strokes.filter(
    (s) =>
      Math.hypot(s.x1 - s.x0, s.y1 - s.y0) >= height &&
      s.x1 > b.x0 &&
      s.x0 < b.x1 &&
      s.y1 > b.y0 &&
      s.y0 < b.y1,
  );
  return crossing.length > MAX_FIGURE_STROKES;
}

/**
 * The tables less those that label a figure, on the pages whose words are the
 * PDF's text layer: its drawing is read from the PDF for the pages with a
 * table only. A page read by OCR (a scan) draws no figure as strokes.
 */
async function withoutFigures(
  input: ProviderInput,
  words: OcrData,
  tables: readonly Table[],
  pdf: ReturnType<typeof lazyPdf>,
): Promise<Table[]> {
  const textPages = words.pages.filter(
    (p) => fromTextLayer(p) && tables.some((t) => t.page === p.number),
  );
  const strokes = new Map<number, BBox[]>();
  // The PDF is opened only for a page the lattice did not read before (pdf-lines.ts keeps its drawings).
  const read = async (page: OcrPage) => {
    const drawn = await pdf.page(page.number);
    try {
      return await pageDrawing(drawn, page.width / drawn.getViewport({ scale: 1 }).width);
    } finally {
      drawn.cleanup();
    }
  };
  for (const page of textPages) {
    input.signal.throwIfAborted();
    const drawing = await keptDrawing(input.bytes, page, () => read(page));
    strokes.set(page.number, drawing.figure);
  }
  return tables.filter((t) => !labelsAFigure(t, strokes.get(t.page) ?? []));
}

/**
 * A PDF's tables from its words: its turned pages read level, a figure's
 * labels left out; the PDF opened once, and only when a page needs it.
 */
async function pdfStreamTables(input: ProviderInput, words: OcrData): Promise<TableData> {
  const pdf = lazyPdf(input.bytes);
  try {
    const read = tablesFromWords(words, await turnedPages(input, words, pdf));
    return { ...read, tables: await withoutFigures(input, words, read.tables, pdf) };
  } finally {
    await pdf.close();
  }
}

export function createStreamTables(name: string, sources: WordSources): Provider<TableData> {
  return {
    name,
    // Words of the pages asked for only (ocrDocument), so tables of those pages only.
    selectsPages: true,
    available: () => wordSourcesAvailable(sources),
    async run(input: ProviderInput): Promise<ProviderOutput<TableData>> {
      const { words, image } = await readWords(sources, input);
      const found = image ? tablesFromWords(words.data) : await pdfStreamTables(input, words.data);
      const data = { ...found, checks: streamChecks(found.tables) };
      const check = checkTables(data);
      // Tables from estimated word boxes (an image, or a PDF page read by OCR:
      // a text layer's words are all certain) are always unsure, at half their
      // score, so they never beat a sure answer.
      const estimated = image || words.data.pages.some((p) => p.confidence < 1);
      if (estimated && sources.estimatedWordBoxes) {
        const reason = "word boxes estimated by the OCR engine";
        return {
          data,
          pages: words.pages,
          check: { confident: false, score: check.score / 2, reason },
        };
      }
      return { data, pages: words.pages, check };
    },
    close: sources.close,
  };
}

/** Share of a table's words lying across its rules past which the grid is not the table's. */
const MAX_ACROSS = 0.1;

export interface LatticeOptions {
  /** pdftoppm's command when PDF pages are drawn by it (PDF_RASTERISER). */
  pdftoppm?: string;
  /** The engine that reads again, one by one, the cells of a photo the page read failed. */
  cellEngine?: OcrEngine;
}

/** The engine's block reading in the document's language, for the cells read again. */
async function blockReader(
  engine: OcrEngine | undefined,
  input: ProviderInput,
): Promise<BlockReader | undefined> {
  const recognize = engine?.recognizeBlock;
  if (!engine || !recognize) return undefined;
  const language = resolveLanguage(
    input.languageHints,
    await engine.languages(),
    engine.maxLanguages,
  );
  return (png) => recognize(png, { language, signal: input.signal });
}

export function createLatticeTables(
  name: string,
  sources: WordSources,
  options: LatticeOptions = {},
): Provider<TableData> {
  return {
    name,
    // Words of the pages asked for only (ocrDocument), so tables of those pages only.
    selectsPages: true,
    available: () => wordSourcesAvailable(sources),
    async run(input: ProviderInput): Promise<ProviderOutput<TableData>> {
      const reader = await blockReader(options.cellEngine, input);
      const { text, pages, billed, found } = await latticeTables(
        input,
        sources,
        options.pdftoppm,
        reader,
      );
      const tables = found.map((f) => f.table);
      const total = found.reduce((sum, f) => sum + f.words, 0);
      const across = found.reduce((sum, f) => sum + f.across, 0);
      const share = total === 0 ? 1 : across / total;
      const within = share <= MAX_ACROSS;
      const checks: TableChecks = {
        table_found: found.length > 0,
        // The lines a PDF draws are its rules exactly: their cells are as drawn.
        rows_agree:
          found.length === 0
            ? null
            : found.every((f) => !f.fromPixels || brokenRows(f.table) === 0),
        words_within_rules: found.length === 0 ? null : within,
      };
      const data = { tables, text, pages, checks };
      let check: AnswerCheck = { confident: true, score: 1 - share };
      if (found.length === 0) {
        check = { confident: false, score: 0, reason: "no ruled table found" };
      } else if (!within) {
        const reason = `${across} of ${total} words across ruling lines`;
        check = { confident: false, score: 1 - share, reason };
      } else if (!checks.rows_agree) {
        const pixels = { ...data, tables: found.filter((f) => f.fromPixels).map((f) => f.table) };
        const ragged = checkTables(pixels, brokenRows);
        check = { ...ragged, score: Math.min(ragged.score, 1 - share) };
      }
      return { data, pages: billed, check };
    },
    close: sources.close,
  };
}
