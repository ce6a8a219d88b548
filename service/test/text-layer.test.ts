// A PDF's text layer read by either reader the pdf-text provider has: poppler's
// pdftotext (the default where it is installed) and pdfjs (where it is not).
// Both must give the same words in the same places, on pages as a viewer shows
// them (turned by /Rotate), for the pages asked for, with text as printed.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { degrees, PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import type { OcrData, OcrPage } from "@/lib/kernel/contract";
import { buildPage } from "../src/engines/ocr-page";
import type { OcrEngine } from "../src/engines/types";
import type { ProviderInput } from "../src/providers/interface/types";
import { createPdfText } from "../src/providers/text/pdf-text";

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../fixtures");

const DPI = 150;
const READERS = {
  pdftotext: createPdfText({ dpi: DPI, ocrEngines: [], pdftotext: "pdftotext" }),
  pdfjs: createPdfText({ dpi: DPI, ocrEngines: [], pdftotext: undefined }),
};

function input(bytes: Buffer, pages?: number[]): ProviderInput {
  return {
    bytes,
    mimeType: "application/pdf",
    languageHints: [],
    passthrough: {},
    signal: AbortSignal.timeout(30_000),
    traceId: "0123456789abcdef0123456789abcdef",
    pages,
  };
}

const read = async (reader: keyof typeof READERS, bytes: Buffer, pages?: number[]) =>
  (await READERS[reader].run(input(bytes, pages))).data;

/** One page per angle, each with the same line drawn across it before it is turned. */
async function turnedPages(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const angle of [0, 90, 180, 270]) {
    const page = doc.addPage([600, 400]);
    page.drawText(`Turned ${angle}: A&B <x> "quoted" 007`, { x: 50, y: 300, size: 20, font });
    page.setRotation(degrees(angle));
  }
  return Buffer.from(await doc.save());
}

/** Three pages, each naming its number. */
async function numberedPages(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const n of [1, 2, 3]) {
    doc.addPage([595, 842]).drawText(`Page number ${n}`, { x: 72, y: 700, size: 14, font });
  }
  return Buffer.from(await doc.save());
}

const words = (page: OcrPage | undefined) => page?.words.map((w) => w.text) ?? [];

describe("the text layer's two readers", () => {
  let turned: Buffer;
  beforeAll(async () => {
    turned = await turnedPages();
  });

  it.each(["text-layer.pdf", "calibration/invoices/invoice-1.pdf"])(
    "read the same words in the same places: %s",
    async (file) => {
      const bytes = readFileSync(path.join(FIXTURES, file));
      const [poppler, pdfjs] = await Promise.all([read("pdftotext", bytes), read("pdfjs", bytes)]);
      const [a] = poppler.pages;
      const [b] = pdfjs.pages;
      expect(words(a).length).toBeGreaterThan(10);
      expect(words(a).sort()).toEqual(words(b).sort());
      expect({ width: a?.width, height: a?.height }).toEqual({
        width: b?.width,
        height: b?.height,
      });
      // Each word at the same place: along the line within 8 px (0.05 in), as
      // pdfjs gives a run's width and text-layer.ts shares it among its characters
      // by estimate; the bottoms within 1 px; the tops within 12 px, as each reader
      // takes the font's ascent from its own source.
      const unmatched = new Set(b?.words);
      for (const word of a?.words ?? []) {
        const other = [...unmatched].find(
          (w) =>
            w.text === word.text &&
            Math.abs(w.bbox.x0 - word.bbox.x0) <= 8 &&
            Math.abs(w.bbox.x1 - word.bbox.x1) <= 8 &&
            Math.abs(w.bbox.y1 - word.bbox.y1) <= 1 &&
            Math.abs(w.bbox.y0 - word.bbox.y0) <= 12,
        );
        expect(other, `${word.text} at ${JSON.stringify(word.bbox)}`).toBeDefined();
        if (other) unmatched.delete(other);
      }
    },
  );

  it.each(Object.keys(READERS) as (keyof typeof READERS)[])(
    "%s: pages as a viewer shows them, turned by /Rotate, with text as printed",
    async (reader) => {
      const data: OcrData = await read(reader, turned);
      expect(data.pages.map((p) => [p.width, p.height])).toEqual([
        [1250, 833],
        [833, 1250],
        [1250, 833],
        [833, 1250],
      ]);
      for (const [i, page] of data.pages.entries()) {
        const angle = [0, 90, 180, 270][i];
        // Lines upside down or up the page are laid out as they stand: the same words, in their order or not.
        expect(words(page).sort()).toEqual(
          ["Turned", `${angle}:`, "A&B", "<x>", '"quoted"', "007"].sort(),
        );
        const box = page.words.find((w) => w.text === "Turned")?.bbox;
        // Drawn 50 pt from the left edge and 100 pt from the top before turning.
        const at = { x: (50 * DPI) / 72, y: (100 * DPI) / 72 };
        const near = (value: number | undefined, expected: number) =>
          Math.abs((value ?? 0) - expected) < 40;
        // Where the line's start lands once the page is turned, in the shown page's pixels.
        const start = {
          0: [box?.x0, at.x, box?.y1, at.y],
          90: [box?.x0, page.width - at.y, box?.y0, at.x],
          180: [box?.x1, page.width - at.x, box?.y0, page.height - at.y],
          270: [box?.x1, at.y, box?.y1, page.height - at.x],
        }[angle as 0 | 90 | 180 | 270];
        const [x, wantX = 0, y, wantY = 0] = start;
        expect([near(x, wantX), near(y, wantY)]).toEqual([true, true]);
      }
    },
  );

  it.each(Object.keys(READERS) as (keyof typeof READERS)[])(
    "%s: reads only the pages asked for, each under its own number",
    async (reader) => {
      const data = await read(reader, await numberedPages(), [2, 3]);
      expect(data.pages.map((p) => [p.number, p.text])).toEqual([
        [2, "Page number 2"],
        [3, "Page number 3"],
      ]);
    },
  );
});

describe("one document's reading, shared by a request's attempts", () => {
  /** An OCR engine that counts the pages it is given and reads each as one word. */
  const counting = () => {
    const calls: number[] = [];
    const engine: OcrEngine = {
      available: async () => true,
      languages: async () => new Set(["eng"]),
      recognize: async () => {
        calls.push(1);
        const word = { text: "Scanned", confidence: 0.9, bbox: { x0: 10, y0: 10, x1: 90, y1: 30 } };
        return buildPage(600, 800, [[word]]);
      },
      close: async () => {},
      requires: "nothing",
    };
    return { engine, calls };
  };

  it("reads a scanned page once for the providers over the same source, again for other bytes", async () => {
    const { engine, calls } = counting();
    const source = createPdfText({ dpi: DPI, ocrEngines: [engine] });
    const bytes = readFileSync(path.join(FIXTURES, "calibration/tables/ruled-1-photo-scan.pdf"));
    const request = input(bytes);
    // The lattice, then the stream after it: one request's input, spread per attempt.
    const first = await source.run({ ...request });
    const second = await source.run({ ...request });
    expect(second.data).toEqual(first.data);
    expect(first.data.text).toContain("Scanned");
    expect(calls).toHaveLength(1);
    // Other pages, or the same file sent again (its own bytes), are read anew.
    await source.run({ ...request, pages: [1] });
    await source.run(input(Buffer.from(bytes)));
    expect(calls).toHaveLength(3);
  });

  it("shares a text layer's reading with a source over another engine, and not a scan's", async () => {
    const tesseract = counting();
    const paddle = counting();
    const first = createPdfText({ dpi: DPI, ocrEngines: [tesseract.engine] });
    const second = createPdfText({ dpi: DPI, ocrEngines: [paddle.engine] });
    // Its text layer read once: the second source gives the first's reading.
    const text = input(readFileSync(path.join(FIXTURES, "text-layer.pdf")));
    const read = await first.run({ ...text });
    expect(read.data.text.length).toBeGreaterThan(0);
    expect(await second.run({ ...text })).toBe(read);
    // A source reading pictures too, or at another resolution, reads it itself.
    const pictures = createPdfText({ dpi: DPI, ocrEngines: [paddle.engine], readPictures: true });
    const coarser = createPdfText({ dpi: 100, ocrEngines: [paddle.engine] });
    expect(await pictures.run({ ...text })).not.toBe(read);
    expect(await coarser.run({ ...text })).not.toBe(read);
    // A scan is read by each source's own engine.
    const scan = input(
      readFileSync(path.join(FIXTURES, "calibration/tables/ruled-1-photo-scan.pdf")),
    );
    await first.run({ ...scan });
    await second.run({ ...scan });
    expect([tesseract.calls.length, paddle.calls.length]).toEqual([1, 1]);
  });
});
