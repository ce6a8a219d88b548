// The searchable PDF, made in Node from a PNG and from a scanned PDF, read back by
// poppler's pdftotext and pdfinfo as any PDF reader would: the words come out in
// order, lines apart, and every page keeps its size and its own content.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { degrees, PDFDocument } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import type { OcrData, OcrPage, OcrSpan } from "@/lib/kernel/contract";
import { imageDpi, pagePoints } from "./page-size";
import { encodable, linesOf, searchablePdf, tiffDpi } from "./searchable-pdf";

const hasPoppler = (() => {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

const dir = mkdtempSync(path.join(tmpdir(), "searchable-"));
const letterPng = readFileSync(path.resolve("fixtures/letter.png"));

/** Words laid out left to right on lines 60 px apart, as a service would give them. */
function pageOf(number: number, width: number, height: number, lines: string[]): OcrPage {
  const words: OcrSpan[] = [];
  const spans: OcrSpan[] = [];
  lines.forEach((text, row) => {
    const y0 = 40 + row * 60;
    let x = 40;
    const lineWords = text.split(" ").map((word) => {
      const span = {
        text: word,
        confidence: 0.9,
        bbox: { x0: x, y0, x1: x + word.length * 18, y1: y0 + 30 },
      };
      x = span.bbox.x1 + 14;
      return span;
    });
    words.push(...lineWords);
    spans.push({ text, confidence: 0.9, bbox: { x0: 40, y0, x1: x - 14, y1: y0 + 30 } });
  });
  return { number, width, height, text: lines.join("\n"), confidence: 0.9, lines: spans, words };
}

function pdftotext(bytes: Uint8Array, pages?: [number, number]): string {
  const file = path.join(dir, `out-${Math.random()}.pdf`);
  writeFileSync(file, bytes);
  const range = pages ? ["-f", String(pages[0]), "-l", String(pages[1])] : [];
  return execFileSync("pdftotext", [...range, file, "-"], { encoding: "utf8" });
}

function pageSizes(bytes: Uint8Array): string[] {
  const file = path.join(dir, `info-${Math.random()}.pdf`);
  writeFileSync(file, bytes);
  const info = execFileSync("pdfinfo", ["-f", "1", "-l", "9", file], { encoding: "utf8" });
  return [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+ x [\d.]+)/g)].map((m) => m[1] ?? "");
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

describe.skipIf(!hasPoppler)("searchablePdf", () => {
  it("puts an image on a page of its size with its words as invisible, findable text", async () => {
    const data: OcrData = {
      text: "",
      language: "eng",
      pages: [pageOf(1, 1400, 330, ["Dear Sir or Madam,", "Thank you for your letter."])],
    };
    const pdf = new Uint8Array(
      await (await searchablePdf(data, new Blob([letterPng], { type: "image/png" }))).arrayBuffer(),
    );
    expect(squash(pdftotext(pdf))).toBe("Dear Sir or Madam, Thank you for your letter.");
    // 1400 px with no resolution stated: set at A4's width.
    const [width, height] = (pageSizes(pdf)[0] ?? "").split(" x ").map(Number);
    expect(width).toBeCloseTo(595.28, 1);
    expect(height).toBeCloseTo((595.28 * 330) / 1400, 1);
  });

  it("keeps a scanned PDF's pages, sizes and content, rotated pages included", async () => {
    const source = await PDFDocument.create();
    const image = await source.embedPng(letterPng);
    const sizes: [number, number][] = [
      [612, 792],
      [595.28, 841.89],
      [420, 595],
    ];
    for (const [w, h] of sizes) {
      const page = source.addPage([w, h]);
      page.drawImage(image, { x: 20, y: h - 200, width: w - 40, height: 150 });
    }
    source.getPage(2).setRotation(degrees(90));
    const scanned = await source.save();
    const data: OcrData = {
      text: "",
      language: "eng",
      pages: [
        pageOf(1, 1700, 2200, ["First page words", "second line here"]),
        pageOf(2, 1654, 2339, ["Zweite Seite mit Umlauten äöü ß"]),
        // Page 3 is seen sideways: 595 × 420 points.
        pageOf(3, 1653, 1167, ["Third page turned"]),
      ],
    };
    const pdf = new Uint8Array(
      await (
        await searchablePdf(
          data,
          new Blob([scanned as Uint8Array<ArrayBuffer>], { type: "application/pdf" }),
        )
      ).arrayBuffer(),
    );
    expect(squash(pdftotext(pdf, [1, 1]))).toBe("First page words second line here");
    expect(squash(pdftotext(pdf, [2, 2]))).toBe("Zweite Seite mit Umlauten äöü ß");
    expect(squash(pdftotext(pdf, [3, 3]))).toBe("Third page turned");
    expect(pageSizes(pdf)).toEqual(["612 x 792", "595.28 x 841.89", "420 x 595"]);
    // The pages' own content is still there: the image of each page.
    const reread = await PDFDocument.load(pdf);
    expect(reread.getPageCount()).toBe(3);
    expect(reread.getPage(2).getRotation().angle).toBe(90);
  });

  it("leaves a page that has its own text as it is", async () => {
    const source = await PDFDocument.create();
    source.addPage([300, 300]).drawText("Own text", { x: 20, y: 250, size: 20 });
    const data: OcrData = {
      text: "",
      language: "eng",
      pages: [pageOf(1, 600, 600, ["Read again"])],
    };
    const bytes = (await source.save()) as Uint8Array<ArrayBuffer>;
    const pdf = new Uint8Array(
      await (
        await searchablePdf(data, new Blob([bytes], { type: "application/pdf" }), {
          pageHasText: async () => true,
        })
      ).arrayBuffer(),
    );
    expect(squash(pdftotext(pdf))).toBe("Own text");
  });
});

describe("text layer pieces", () => {
  it("groups words by the line that holds them, left to right", () => {
    const page = pageOf(1, 1000, 500, ["a b", "c"]);
    const shuffled = { ...page, words: [...page.words].reverse() };
    expect(linesOf(shuffled).map((line) => line.words.map((w) => w.text))).toEqual([
      ["a", "b"],
      ["c"],
    ]);
  });

  it("writes what Helvetica cannot as its plain letter, or ?", () => {
    const latin1 = new Set(
      [..."Gabcdefghijklmnopqrstuvwxyzäöüß€?"].map((c) => c.codePointAt(0) ?? 0),
    );
    expect(encodable("Grüße", latin1)).toBe("Grüße");
    expect(encodable("Łódź", latin1)).toBe("?odz");
    expect(encodable("ḿ", latin1)).toBe("m");
  });

  it("reads a TIFF's resolution, a rational in inches or centimetres", () => {
    expect(tiffDpi({ t282: [[300, 1]], t296: [2] })).toBe(300);
    expect(tiffDpi({ t282: [[600, 2]] })).toBe(300);
    expect(tiffDpi({ t282: [[118, 1]], t296: [3] })).toBeCloseTo(299.72, 2);
    expect(tiffDpi({ t282: [[72, 1]], t296: [1] })).toBeUndefined();
    expect(tiffDpi({})).toBeUndefined();
  });

  it("sizes a page from the resolution its file states", () => {
    expect(pagePoints(1700, 2200, 200)).toEqual({ width: 612, height: 792 });
    expect(pagePoints(500, 300, undefined)).toEqual({ width: 500, height: 300 });
    const png = readFileSync(path.resolve("fixtures/letter.png"));
    expect(imageDpi(new Uint8Array(png), "image/png")).toBeUndefined();
    const jpg = readFileSync(path.resolve("fixtures/letter.jpg"));
    expect(imageDpi(new Uint8Array(jpg), "image/jpeg")).toBeUndefined();
  });
});
