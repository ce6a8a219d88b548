// A PDF page's text layer (pdfjs-dist): the text exactly as written, with boxes
// in pixels of the page rendered at `dpi`, laid out like an OCR engine's page.
// The pdf-text provider (service/src/providers/text/pdf-text.ts) reads pages through it.

import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { BBox, OcrSpan } from "@/lib/kernel/contract";
import { buildPage, type RecognizedPage } from "../engines/ocr-page";
import { glyphWidth } from "./glyph-widths";

type Matrix = readonly number[];

/** pdfjs's Util.transform: m1 applied after m2. */
function multiply(m1: Matrix, m2: Matrix): number[] {
  const [a1 = 0, b1 = 0, c1 = 0, d1 = 0, e1 = 0, f1 = 0] = m1;
  const [a2 = 0, b2 = 0, c2 = 0, d2 = 0, e2 = 0, f2 = 0] = m2;
  return [
    a1 * a2 + c1 * b2,
    b1 * a2 + d1 * b2,
    a1 * c2 + c1 * d2,
    b1 * c2 + d1 * d2,
    a1 * e2 + c1 * f2 + e1,
    b1 * e2 + d1 * f2 + f1,
  ];
}

interface TextRun {
  str: string;
  hasEOL: boolean;
  /** Device matrix: origin on the baseline, (c, d) pointing up with the font's height. */
  m: number[];
  /** Run length along the baseline, in pixels. */
  length: number;
  ascent: number;
  descent: number;
}

/** Box of the part of a run between `from` and `to`, as fractions of its length. */
function spanBox(run: TextRun, from: number, to: number): BBox {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = run.m;
  const scale = Math.hypot(a, b) || 1;
  const ux = (a / scale) * run.length;
  const uy = (b / scale) * run.length;
  const corners = [from, to].flatMap((t) =>
    [run.ascent, run.descent].map((h) => [e + ux * t + c * h, f + uy * t + d * h] as const),
  );
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/** Where each character of a run starts and ends, as fractions of its length (see glyph-widths.ts). */
function characterSpans(str: string): [number, number][] {
  const chars = [...str];
  const widths = chars.map(glyphWidth);
  const total = widths.reduce((sum, w) => sum + w, 0) || 1;
  let at = 0;
  return widths.map((w) => {
    const span: [number, number] = [at / total, (at + w) / total];
    at += w;
    return span;
  });
}

function union(a: BBox, b: BBox): BBox {
  return {
    x0: Math.min(a.x0, b.x0),
    y0: Math.min(a.y0, b.y0),
    x1: Math.max(a.x1, b.x1),
    y1: Math.max(a.y1, b.y1),
  };
}

const clamp = (value: number, max: number) => Math.min(max, Math.max(0, Math.round(value)));

/** Whole pixels inside the page: a font's ascent may reach above a line at the top edge. */
export const toPixels = (box: BBox, page: { width: number; height: number }): BBox => ({
  x0: clamp(box.x0, page.width),
  y0: clamp(box.y0, page.height),
  x1: clamp(box.x1, page.width),
  y1: clamp(box.y1, page.height),
});

/** Runs → lines of words. A word may span runs (kerning splits them); whitespace, a gap or a new line ends it. */
function runsToLines(
  runs: readonly TextRun[],
  page: { width: number; height: number },
): OcrSpan[][] {
  const lines: OcrSpan[][] = [];
  let line: OcrSpan[] = [];
  let word: { text: string; bbox: BBox } | undefined;
  let previous: { box: BBox; height: number; baseline: number } | undefined;
  const endWord = () => {
    if (word) line.push({ text: word.text, confidence: 1, bbox: toPixels(word.bbox, page) });
    word = undefined;
  };
  const endLine = () => {
    endWord();
    if (line.length > 0) lines.push(line);
    line = [];
  };
  for (const run of runs) {
    if (run.str.length > 0) {
      const height = Math.hypot(run.m[2] ?? 0, run.m[3] ?? 0);
      const baseline = run.m[5] ?? 0;
      const box = spanBox(run, 0, 1);
      if (previous) {
        if (Math.abs(baseline - previous.baseline) > previous.height / 2) endLine();
        // A gap, or a run drawn left of the one before (a right-aligned value
        // drawn before its label): a new word.
        else if (box.x0 - previous.box.x1 > previous.height * 0.25 || box.x0 < previous.box.x0)
          endWord();
      }
      const chars = [...run.str];
      const spans = characterSpans(run.str);
      for (const [k, ch] of chars.entries()) {
        if (/\s/.test(ch)) {
          endWord();
          continue;
        }
        const [from = 0, to = 1] = spans[k] ?? [];
        const charBox = spanBox(run, from, to);
        word = word
          ? { text: word.text + ch, bbox: union(word.bbox, charBox) }
          : { text: ch, bbox: charBox };
      }
      previous = { box, height, baseline };
    }
    if (run.hasEOL) {
      endLine();
      previous = undefined;
    }
  }
  endLine();
  return lines;
}

/** Reads a PDF page's own text at `dpi`; undefined when it has none (a scan), and the page is OCR'd. */
export type TextLayer = (page: PDFPageProxy, dpi: number) => Promise<RecognizedPage | undefined>;

/**
 * Where a document's text layer comes from: called once a document with the
 * pages that will be read (pdftotext reads them all at once, poppler-text.ts).
 */
export type TextLayerSource = (
  bytes: Buffer,
  pages: { first: number; last: number },
  signal: AbortSignal,
) => Promise<TextLayer>;

/** The page's words from its text layer by pdfjs; undefined when it has none (a scan). */
export async function readTextLayer(
  page: PDFPageProxy,
  dpi: number,
): Promise<RecognizedPage | undefined> {
  const viewport = page.getViewport({ scale: dpi / 72 });
  const content = await page.getTextContent();
  const runs: TextRun[] = [];
  for (const item of content.items) {
    if (!("str" in item)) continue;
    const style = content.styles[item.fontName];
    // Fonts without metrics: a typical Latin ascent and descent.
    const ascent = style?.ascent || 0.8;
    const descent = style?.descent || -0.2;
    runs.push({
      str: item.str,
      hasEOL: item.hasEOL,
      m: multiply(viewport.transform, item.transform),
      length: item.width * viewport.scale,
      ascent,
      descent,
    });
  }
  if (!runs.some((r) => r.str.trim() !== "")) return undefined;
  const size = { width: Math.round(viewport.width), height: Math.round(viewport.height) };
  return buildPage(size.width, size.height, runsToLines(runs, size));
}
