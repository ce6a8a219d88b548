// Table extraction providers: words from a word source (a PDF's text layer,
// else OCR), laid into tables by stream detection (stream.ts). An answer with
// ragged rows is unsure, so the router tries the next provider.
import type { OcrData, TableData } from "@/lib/contract";
import { sniffDocument } from "../providers/ocr-document";
import type { AnswerCheck, Provider, ProviderInput, ProviderOutput } from "../providers/types";
import { raggedRows, streamTables } from "./stream";

export interface WordSources {
  /** Reads PDFs: the text layer, scanned pages by OCR (pdf-text). */
  pdf: Provider<OcrData>;
  /** Reads images by OCR. */
  image: Provider<OcrData>;
  /**
   * The image engine's word boxes are estimates (PaddleOCR finds lines and
   * shares a line's width among its words by length): its tables from images
   * are always unsure, at half their score, so they never beat a sure answer.
   */
  estimatedWordBoxes?: boolean;
  /** Closes an engine only these sources use (the shared ones close with their own providers). */
  close?: () => Promise<void>;
}

export function tablesFromWords(words: OcrData): TableData {
  return {
    tables: words.pages.flatMap((p) => streamTables(p.number, p.words)),
    text: words.text,
    pages: words.pages.map(({ number, width, height, dpi }) => ({ number, width, height, dpi })),
  };
}

/** Sure when at least one table was found and no row is ragged. */
export function checkTables(data: TableData): AnswerCheck {
  if (data.tables.length === 0) return { confident: false, score: 0, reason: "no table found" };
  const rows = data.tables.reduce((sum, t) => sum + t.rows.length, 0);
  const ragged = data.tables.reduce((sum, t) => sum + raggedRows(t), 0);
  const score = rows === 0 ? 0 : 1 - ragged / rows;
  return ragged === 0
    ? { confident: true, score }
    : { confident: false, score, reason: `${ragged} of ${rows} rows ragged` };
}

export function createStreamTables(name: string, sources: WordSources): Provider<TableData> {
  return {
    name,
    available: async () => (await sources.pdf.available()) || (await sources.image.available()),
    async run(input: ProviderInput): Promise<ProviderOutput<TableData>> {
      const image = (await sniffDocument(input.bytes)) === "image";
      const words = await (image ? sources.image : sources.pdf).run(input);
      const data = tablesFromWords(words.data);
      const check = checkTables(data);
      if (image && sources.estimatedWordBoxes) {
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
