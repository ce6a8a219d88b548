// Lattice table detection on drawn pages: rules found in the pixels, crossing
// rules made a grid, cells over several rows or columns where a rule is
// missing, words put in the cell that holds them, no grid from text alone, and
// cells the page read failed read again one by one.
import { createCanvas } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import type { BBox, OcrPage, OcrSpan } from "@/lib/kernel/contract";
import { createNativeTesseract } from "../src/engines/tesseract-native";
import { toGrey } from "../src/preprocess/grey";
import { rereadCells } from "../src/providers/tables/cell-reading";
import {
  eraseRules,
  fillGrid,
  findGrids,
  findRules,
  type LatticeTable,
  ruleSizes,
} from "../src/providers/tables/lattice";
import { pageTables } from "../src/providers/tables/lattice-page";

type Segment = [number, number, number, number];

/** A white page with black lines (x0, y0, x1, y1) and black text (words with their boxes). */
function page(lines: readonly Segment[], words: readonly OcrSpan[] = []) {
  const canvas = createCanvas(600, 400);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, 600, 400);
  ctx.strokeStyle = "#000";
  ctx.lineWidth = 2;
  for (const [x0, y0, x1, y1] of lines) {
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
    ctx.stroke();
  }
  ctx.fillStyle = "#000";
  ctx.font = "bold 16px sans-serif";
  for (const w of words) ctx.fillText(w.text, w.bbox.x0, w.bbox.y1 - 2);
  return toGrey(canvas);
}

const word = (text: string, x0: number, y0: number): OcrSpan => ({
  text,
  confidence: 0.9,
  bbox: { x0, y0, x1: x0 + text.length * 10, y1: y0 + 16 },
});

/** Full rules of a grid with column edges `xs` and row edges `ys`. */
const grid = (xs: readonly number[], ys: readonly number[]): Segment[] => [
  ...ys.map((y): Segment => [xs[0] ?? 0, y, xs.at(-1) ?? 0, y]),
  ...xs.map((x): Segment => [x, ys[0] ?? 0, x, ys.at(-1) ?? 0]),
];

const same = (b: BBox) => b;
const sizes = ruleSizes(160, 16, false);

describe("lattice tables", () => {
  it("finds a grid's rows and columns from its rules, and fills each cell with its words", () => {
    const words = [
      word("Item", 60, 62),
      word("Qty", 260, 62),
      word("Copper", 60, 102),
      word("wire", 60, 122),
      word("12", 260, 102),
    ];
    const image = page(grid([50, 250, 350], [50, 90, 150]), words);
    const [found, ...rest] = findGrids(findRules(image, sizes), 16);
    expect(rest).toHaveLength(0);
    // The 2 px rules' middles, within a pixel.
    const off = (at: readonly number[] = [], drawn: readonly number[]) =>
      Math.max(...drawn.map((d, i) => Math.abs((at[i] ?? 0) - d)));
    expect(found?.xs).toHaveLength(3);
    expect(found?.ys).toHaveLength(3);
    expect(off(found?.xs, [50, 250, 350])).toBeLessThanOrEqual(1);
    expect(off(found?.ys, [50, 90, 150])).toBeLessThanOrEqual(1);
    if (!found) return;
    const { table, words: count, across } = fillGrid(1, found, words, same, same);
    // A cell of two lines is one cell, its lines joined in reading order.
    expect(table.rows).toEqual([
      ["Item", "Qty"],
      ["Copper wire", "12"],
    ]);
    expect(count).toBe(5);
    expect(across).toBe(0);
  });

  it("joins cells no rule separates: a header over two columns, a name over two rows", () => {
    const lines: Segment[] = [
      [50, 50, 450, 50],
      [150, 90, 450, 90], // no rule under "Product": it spans both header rows
      [50, 130, 450, 130],
      [50, 170, 450, 170],
      [50, 50, 50, 170],
      [150, 50, 150, 170],
      [300, 90, 300, 170], // none through "First half": it spans two columns
      [450, 50, 450, 170],
    ];
    const words = [word("Product", 60, 62), word("Half", 200, 62), word("Units", 160, 102)];
    const [found] = findGrids(findRules(page(lines, words), sizes), 16);
    expect(found?.cells).toEqual([
      { row: 0, col: 0, rowSpan: 2, colSpan: 1 },
      { row: 0, col: 1, rowSpan: 1, colSpan: 2 },
      { row: 1, col: 1, rowSpan: 1, colSpan: 1 },
      { row: 1, col: 2, rowSpan: 1, colSpan: 1 },
      { row: 2, col: 0, rowSpan: 1, colSpan: 1 },
      { row: 2, col: 1, rowSpan: 1, colSpan: 1 },
      { row: 2, col: 2, rowSpan: 1, colSpan: 1 },
    ]);
    if (!found) return;
    expect(fillGrid(1, found, words, same, same).table.rows[0]).toEqual(["Product", "Half", ""]);
  });

  it("finds no grid in text, under a lone rule, or in rules only under a header", () => {
    const text = Array.from({ length: 8 }, (_, i) =>
      word("mmmmmmmmmmmm wwwwwwww", 40, 40 + i * 30),
    );
    expect(findGrids(findRules(page([], text), sizes), 16)).toEqual([]);
    const headerRules: Segment[] = [
      [50, 50, 450, 50],
      [50, 80, 450, 80],
      [50, 200, 450, 200],
    ];
    expect(findGrids(findRules(page(headerRules), sizes), 16)).toEqual([]);
  });

  it("paints the rules out, leaving the words", () => {
    const words = [word("Item", 60, 62)];
    const image = page(grid([50, 250, 350], [50, 90, 150]), words);
    const [found] = findGrids(findRules(image, sizes), 16);
    if (!found) throw new Error("no grid");
    eraseRules(image, found);
    expect(findRules(image, sizes)).toEqual({ horizontal: [], vertical: [] });
    const ink = (b: BBox) => {
      let dark = 0;
      for (let y = b.y0; y < b.y1; y++) {
        for (let x = b.x0; x < b.x1; x++) if ((image.data[y * 600 + x] ?? 255) < 128) dark++;
      }
      return dark;
    };
    expect(ink(words[0]?.bbox ?? { x0: 0, y0: 0, x1: 0, y1: 0 })).toBeGreaterThan(20);
  });

  it("reads a PDF page's words into the grid drawn at another resolution", () => {
    // Words at 200 dpi, the page image at 100: half the size.
    const words = [word("Item", 120, 124), word("Qty", 520, 124), word("Glue", 120, 204)];
    const lines = grid([50, 250, 350], [50, 90, 130]);
    const ocrPage: OcrPage = {
      number: 2,
      width: 1200,
      height: 800,
      dpi: 200,
      text: "",
      confidence: 0.9,
      lines: [],
      words,
    };
    const [found] = pageTables(page(lines), ocrPage);
    expect(found?.table.rows).toEqual([
      ["Item", "Qty"],
      ["Glue", ""],
    ]);
    expect(found?.table.page).toBe(2);
    // On the page's own pixels (twice the image's), within the rules' width.
    const box = found?.table.bbox ?? { x0: 0, y0: 0, x1: 0, y1: 0 };
    const drawn = [100, 100, 700, 260];
    [box.x0, box.y0, box.x1, box.y1].forEach((v, i) => {
      expect(Math.abs(v - (drawn[i] ?? 0))).toBeLessThanOrEqual(2);
    });
  });
});

describe("cells read again one by one", () => {
  it("reads again a cell the page read doubted, and one with ink and no word, keeping what it was sure of", async () => {
    // A 3 × 2 grid of cells 160 × 40 px with small print; the "page read"
    // below is made up: a figure missing its point, a cell missed, a cell right.
    const canvas = createCanvas(400, 200);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, 400, 200);
    ctx.fillStyle = "#000";
    ctx.font = "16px sans-serif";
    const texts = ["Wigan", "8.3", "Preston", "12.75"];
    texts.forEach((text, i) => {
      ctx.fillText(text, 20 + (i % 2) * 160, 35 + Math.floor(i / 2) * 40);
    });
    const image = toGrey(canvas);
    const rect = (i: number): BBox => ({
      x0: 10 + (i % 2) * 160,
      y0: 10 + Math.floor(i / 2) * 40,
      x1: 170 + (i % 2) * 160,
      y1: 50 + Math.floor(i / 2) * 40,
    });
    const seen = (text: string, i: number, confidence: number): OcrSpan => ({
      text,
      confidence,
      bbox: { x0: rect(i).x0 + 10, y0: rect(i).y0 + 10, x1: rect(i).x0 + 60, y1: rect(i).y0 + 30 },
    });
    const read = [[seen("Wigan", 0, 0.97)], [seen("83", 1, 0.6)], [], [seen("12.75", 3, 0.96)]];
    const found: LatticeTable = {
      table: {
        page: 1,
        bbox: { x0: 10, y0: 10, x1: 330, y1: 90 },
        rows: [
          ["Wigan", "83"],
          ["", "12.75"],
        ],
        cells: read.map((words, i) => ({
          row: Math.floor(i / 2),
          col: i % 2,
          row_span: 1,
          col_span: 1,
          text: words.map((w) => w.text).join(" "),
          bbox: rect(i),
        })),
      },
      words: 3,
      across: 0,
      fromPixels: true,
      reads: read.map((words, i) => ({ words, rect: rect(i) })),
    };
    const engine = createNativeTesseract({ command: "tesseract", concurrency: 1, queueLimit: 4 });
    const signal = new AbortController().signal;
    const block = engine.recognizeBlock;
    if (!block) throw new Error("no block reading");
    const asked: number[] = [];
    const reader = (png: Buffer) => {
      asked.push(png.length);
      return block(png, { language: "eng", signal });
    };
    try {
      expect(await rereadCells(image, [found], reader, 20, 128)).toBe(2);
    } finally {
      await engine.close();
    }
    // Both cells in one image, read in one run.
    expect(asked).toHaveLength(1);
    expect(found.table.rows).toEqual([
      ["Wigan", "8.3"],
      ["Preston", "12.75"],
    ]);
    expect(found.table.cells.map((c) => c.text)).toEqual(["Wigan", "8.3", "Preston", "12.75"]);
  });
});
