// The layout layer on words with known boxes: two-column pages read column by
// column, tables and receipts row by row, blocks split at paragraph gaps.
import { describe, expect, it } from "vitest";
import { type OcrSpan, ocrBlockSchema } from "@/lib/kernel/contract";
import { layoutWords } from "../src/layout";

/** Words of a line set in a monospaced way: 10 px per character, 10 px spaces, 16 px high. */
function line(text: string, x: number, y: number): OcrSpan[] {
  const words: OcrSpan[] = [];
  let at = x;
  for (const word of text.split(" ")) {
    const width = word.length * 10;
    words.push({
      text: word,
      confidence: 0.9,
      bbox: { x0: at, y0: y, x1: at + width, y1: y + 16 },
    });
    at += width + 10;
  }
  return words;
}

/** Lines of text one under the other, 22 px apart. */
function column(lines: readonly string[], x: number, y: number): OcrSpan[] {
  return lines.flatMap((text, i) => line(text, x, y + i * 22));
}

const shuffle = (words: OcrSpan[]) =>
  words
    .map((w, i) => ({ w, k: (i * 7919) % 101 }))
    .sort((a, b) => a.k - b.k)
    .map(({ w }) => w);

const LEFT = ["the left column starts here", "and it goes on for a", "few lines of running text"];
const RIGHT = [
  "the right column follows it",
  "with lines of its own that",
  "end the article at last",
];

describe("layoutWords", () => {
  it("reads a two-column page column by column, title first", () => {
    const words = [
      ...line("A Title Across Both Columns Of This Page", 40, 10),
      ...column(LEFT, 40, 60),
      ...column(RIGHT, 360, 60),
    ];
    const layout = layoutWords(shuffle(words));
    expect(layout.text).toBe(
      ["A Title Across Both Columns Of This Page", ...LEFT, ...RIGHT].join("\n"),
    );
    expect(layout.blocks.map((b) => b.text)).toEqual([
      "A Title Across Both Columns Of This Page",
      LEFT.join("\n"),
      RIGHT.join("\n"),
    ]);
    for (const block of layout.blocks) expect(ocrBlockSchema.parse(block)).toEqual(block);
    expect(layout.blocks[1]?.bbox).toEqual({ x0: 40, y0: 60, x1: 40 + 27 * 10, y1: 60 + 44 + 16 });
    expect(layout.words.map((w) => w.text).join(" ")).toBe(layout.text.replace(/\n/g, " "));
  });

  it("keeps column order when the columns' lines do not line up", () => {
    const words = [...column(LEFT, 40, 60), ...column(RIGHT, 360, 71)];
    expect(layoutWords(words).text).toBe([...LEFT, ...RIGHT].join("\n"));
  });

  it("reads paragraphs that break at the same height in both columns in column order", () => {
    const words = [
      ...column(LEFT, 40, 60),
      ...column(RIGHT, 360, 60),
      ...column(LEFT, 40, 160),
      ...column(RIGHT, 360, 160),
    ];
    expect(layoutWords(words).text).toBe([...LEFT, ...LEFT, ...RIGHT, ...RIGHT].join("\n"));
  });

  it("reads a table row by row", () => {
    const rows = [
      ["Item", "Qty", "Price"],
      ["Paper A4", "2", "9.80"],
      ["Blue pens", "10", "4.50"],
      ["Stapler", "1", "12.00"],
    ];
    const words = rows.flatMap(([a = "", b = "", c = ""], i) => [
      ...line(a, 40, 40 + i * 22),
      ...line(b, 300, 40 + i * 22),
      ...line(c, 450, 40 + i * 22),
    ]);
    const layout = layoutWords(shuffle(words));
    expect(layout.text).toBe(rows.map((r) => r.join(" ")).join("\n"));
    expect(layout.blocks).toHaveLength(1);
  });

  it("reads a receipt's items with their amounts", () => {
    const items = ["Coffee beans 500 g", "Oat milk 1 l", "Croissant butter"];
    const amounts = ["8.90", "2.10", "1.80"];
    const words = items.flatMap((item, i) => [
      ...line(item, 20, 30 + i * 22),
      ...line(amounts[i] ?? "", 400, 30 + i * 22),
    ]);
    expect(layoutWords(words).text).toBe(
      items.map((item, i) => `${item} ${amounts[i]}`).join("\n"),
    );
  });

  it("splits blocks at paragraph gaps and follows a slight tilt within a line", () => {
    const tilted = line("words that drift down a little as the line goes", 40, 40).map((w, i) => ({
      ...w,
      bbox: { ...w.bbox, y0: w.bbox.y0 + i * 1.5, y1: w.bbox.y1 + i * 1.5 },
    }));
    const words = [...tilted, ...line("the next paragraph", 40, 110)];
    const layout = layoutWords(words);
    expect(layout.blocks.map((b) => b.text)).toEqual([
      "words that drift down a little as the line goes",
      "the next paragraph",
    ]);
  });

  it("lays out nothing as nothing", () => {
    expect(layoutWords([])).toEqual({ blocks: [], lines: [], words: [], text: "" });
  });
});
