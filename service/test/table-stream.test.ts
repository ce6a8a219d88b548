// Stream table detection on words placed by hand: columns from white space,
// and the checks that make a ragged grid unsure.
import { describe, expect, it } from "vitest";
import type { OcrSpan } from "@/lib/contract";
import { checkTables } from "../src/tables/provider";
import { streamTables } from "../src/tables/stream";

/** A word 10 px high on row `row`, from x0 to x1. */
const word = (text: string, x0: number, x1: number, row: number): OcrSpan => ({
  text,
  confidence: 1,
  bbox: { x0, y0: row * 20, x1, y1: row * 20 + 10 },
});

describe("streamTables", () => {
  it("finds columns from the gaps no row crosses, header first", () => {
    const words = [
      word("Item", 0, 30, 0),
      word("Qty", 100, 120, 0),
      word("Steel", 0, 30, 1),
      word("bolts", 34, 60, 1),
      word("12", 100, 112, 1),
      word("Glue", 0, 28, 2),
      word("3", 100, 106, 2),
    ];
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
