// Stream table detection on words placed by hand: columns from white space,
// and the checks that make a ragged grid unsure.
import { describe, expect, it } from "vitest";
import type { OcrSpan } from "@/lib/kernel/contract";
import { fromTurned } from "../src/preprocess/turn";
import { checkTables, tablesFromWords } from "../src/providers/tables/provider";
import { streamTables } from "../src/providers/tables/stream";

/** A word 10 px high on row `row`, from x0 to x1. */
const word = (text: string, x0: number, x1: number, row: number): OcrSpan => ({
  text,
  confidence: 1,
  bbox: { x0, y0: row * 20, x1, y1: row * 20 + 10 },
});

/** Two columns, a header and two rows, on a page 200 px wide and 300 high. */
const words = [
  word("Item", 0, 30, 0),
  word("Qty", 100, 120, 0),
  word("Steel", 0, 30, 1),
  word("bolts", 34, 60, 1),
  word("12", 100, 112, 1),
  word("Glue", 0, 28, 2),
  word("3", 100, 106, 2),
];

describe("streamTables", () => {
  it("finds columns from the gaps no row crosses, header first", () => {
    const [table, ...rest] = streamTables(1, words);
    expect(rest).toHaveLength(0);
    expect(table?.rows).toEqual([
      ["Item", "Qty"],
      ["Steel bolts", "12"],
      ["Glue", "3"],
    ]);
    expect(table?.bbox).toEqual({ x0: 0, y0: 0, x1: 120, y1: 50 });
    expect(checkTables({ tables: table ? [table] : [], text: "", pages: [] }).confident).toBe(true);
  });

  it("reads a page read turned as upright, its boxes on the image as sent", () => {
    // Photographed on its side: read turned 90 degrees clockwise, its boxes
    // on the image as sent (200 wide, 300 high upright).
    const sent = fromTurned(90, { width: 300, height: 200 });
    const page = (rotation?: 90) => ({
      number: 1,
      ...(rotation ? { width: 300, height: 200, rotation } : { width: 200, height: 300 }),
      text: "",
      confidence: 1,
      lines: [],
      words: rotation ? words.map((w) => ({ ...w, bbox: sent(w.bbox) })) : words,
    });
    const read = (rotation?: 90) =>
      tablesFromWords({ text: "", language: "eng", pages: [page(rotation)] }).tables;
    const [upright] = read();
    const [turned, ...rest] = read(90);
    expect(rest).toHaveLength(0);
    expect(turned?.rows).toEqual(upright?.rows);
    expect(turned?.bbox).toEqual(upright && sent(upright.bbox));
    expect(turned?.cells[0]?.bbox).toEqual(upright?.cells[0] && sent(upright.cells[0].bbox));
  });

  it("reads the rows of a tilted photo level, and boxes cells where the words are", () => {
    // Each word 0.04 px lower per px to the right: the last column sits
    // lower than the next row's first, yet the rows stay whole.
    const tilted = (text: string, x0: number, row: number): OcrSpan => {
      const w = word(text, x0, x0 + 40, row);
      const dy = x0 * 0.04;
      return { ...w, bbox: { ...w.bbox, y0: w.bbox.y0 + dy, y1: w.bbox.y1 + dy } };
    };
    const rows = [
      ["Item name", "Unit count", "Unit price"],
      ["Wood glue", "3 tubes", "4.50 each"],
      ["Duct tape", "12 rolls", "1.20 each"],
      ["Steel nails", "40 boxes", "0.05 each"],
    ];
    const words = rows.flatMap((row, r) =>
      row.flatMap((cell, c) => cell.split(" ").map((text, i) => tilted(text, c * 250 + i * 48, r))),
    );
    const [table, ...rest] = streamTables(1, words);
    expect(rest).toHaveLength(0);
    expect(table?.rows).toEqual(rows);
    const price = table?.cells.find((c) => c.row === 1 && c.col === 2);
    const [first, second] = words.filter((w) => w.text === "4.50" || w.text === "each");
    expect(price?.bbox).toEqual({
      x0: first?.bbox.x0,
      y0: first?.bbox.y0,
      x1: second?.bbox.x1,
      y1: second?.bbox.y1,
    });
  });

  it("levels a sparse photographed table of one-word cells, far apart", () => {
    // 3.4° of tilt: the third column sits almost a row lower than the first.
    const rows = [
      ["City", "Orders", "Revenue"],
      ["Leeds", "20", "740.02"],
      ["Lyon", "32", "31.31"],
      ["Turin", "25", "445.66"],
    ];
    const words = rows.flatMap((row, r) =>
      row.map((text, c): OcrSpan => {
        const x0 = c * 150;
        const y0 = r * 20 + x0 * 0.06;
        return { text, confidence: 1, bbox: { x0, y0, x1: x0 + 40, y1: y0 + 10 } };
      }),
    );
    expect(streamTables(1, words)[0]?.rows).toEqual(rows);
  });

  it("joins a cell's wrapped lines to its row, not a row of its own", () => {
    // Rows 20 px apart; a description's second line 12 px under its first.
    const at = (text: string, x0: number, y0: number): OcrSpan => ({
      text,
      confidence: 1,
      bbox: { x0, y0, x1: x0 + text.length * 6, y1: y0 + 10 },
    });
    const words = [
      at("Ref", 0, 0),
      at("Description", 60, 0),
      at("Qty", 200, 0),
      at("A-1", 0, 20),
      at("Spare", 60, 20),
      at("fuses", 96, 20),
      at("7", 200, 20),
      at("A-2", 0, 40),
      at("Cooling", 60, 40),
      at("units,", 108, 40),
      at("2", 200, 40),
      at("parts", 60, 52),
      at("included", 96, 52),
      at("A-3", 0, 72),
      at("Filters", 60, 72),
      at("4", 200, 72),
    ];
    const [table] = streamTables(1, words);
    expect(table?.rows).toEqual([
      ["Ref", "Description", "Qty"],
      ["A-1", "Spare fuses", "7"],
      ["A-2", "Cooling units, parts included", "2"],
      ["A-3", "Filters", "4"],
    ]);
  });

  it("keeps a row with an empty cell a row when rows are evenly spaced", () => {
    const words = [
      word("Date", 0, 30, 0),
      word("Debit", 100, 130, 0),
      word("Credit", 200, 236, 0),
      word("May 1", 0, 30, 1),
      word("40.00", 100, 130, 1),
      word("May 2", 0, 30, 2),
      word("12.50", 200, 230, 2),
    ];
    const [table] = streamTables(1, words);
    expect(table?.rows).toEqual([
      ["Date", "Debit", "Credit"],
      ["May 1", "40.00", ""],
      ["May 2", "", "12.50"],
    ]);
  });

  it("calls a grid with a cell across columns unsure", () => {
    const words = [
      word("A", 0, 10, 0),
      word("B", 100, 110, 0),
      word("C", 200, 210, 0),
      word("D", 0, 10, 1),
      word("E", 100, 110, 1),
      word("F", 200, 210, 1),
      word("wide", 5, 105, 2),
      word("G", 200, 210, 2),
    ];
    const tables = streamTables(1, words);
    const check = checkTables({ tables, text: "", pages: [] });
    expect(check.confident).toBe(false);
    expect(check.reason).toMatch(/ragged/);
  });

  it("finds no table in running text", () => {
    const words = [word("Dear", 0, 30, 0), word("Anna,", 34, 70, 0), word("thanks", 0, 40, 1)];
    expect(streamTables(1, words)).toEqual([]);
    expect(checkTables({ tables: [], text: "", pages: [] }).confident).toBe(false);
  });
});
