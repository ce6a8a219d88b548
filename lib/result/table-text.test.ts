import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import type { Table } from "@/lib/kernel/contract";
import { sampleTables } from "@/lib/testing/result-samples";
import { gridRows, headerRowCount, tableCsv, tableSize, tableXlsx } from "./table-text";

const [prices, staff] = sampleTables.tables as [Table, Table];

describe("table text", () => {
  it("lays out a plain table cell by cell, and a merged cell once with its span", () => {
    expect(gridRows(prices).map((row) => row.map((c) => c.text))).toEqual(prices.rows);
    const merged = gridRows(staff);
    expect(merged[0]).toEqual([
      expect.objectContaining({ text: "Staff by site", colSpan: 2, rowSpan: 1 }),
    ]);
    expect(merged[1]?.map((c) => c.text)).toEqual(["Site", "Staff"]);
  });

  it("ignores a span that runs off the table or over another cell", () => {
    const odd: Table = {
      ...staff,
      cells: [
        { ...(staff.cells[0] as Table["cells"][number]), col_span: 5, row_span: 9 },
        ...staff.cells.slice(1),
      ],
    };
    const grid = gridRows(odd);
    expect(grid[0]?.[0]).toMatchObject({ colSpan: 2, rowSpan: 4 });
    expect(grid.slice(1).every((row) => row.length === 0)).toBe(true);
    // (0,1) spans down into row 1, so (1,0) cannot span right over it.
    const at = (r: number, c: number) => prices.cells.find((x) => x.row === r && x.col === c);
    const clash: Table = {
      ...prices,
      cells: prices.cells.map((cell) =>
        cell === at(0, 1)
          ? { ...cell, row_span: 2 }
          : cell === at(1, 0)
            ? { ...cell, col_span: 2 }
            : cell,
      ),
    };
    expect(gridRows(clash)[1]?.map((c) => [c.col, c.colSpan])).toEqual([
      [0, 1],
      [2, 1],
      [3, 1],
    ]);
  });

  it("takes into the head every row a header cell reaches down into, unless that is most of the table", () => {
    const spanning = (rowSpan: number, rows: number): Table => {
      const grid = Array.from({ length: rows }, (_, r) => [`a${r}`, `b${r}`]);
      const box = { x0: 0, y0: 0, x1: 1, y1: 1 };
      return {
        page: 1,
        bbox: box,
        rows: grid.map((row, r) => (r > 0 && r < rowSpan ? ["", row[1] ?? ""] : row)),
        cells: grid.flatMap((row, r) =>
          row.flatMap((text, c) =>
            c === 0 && r > 0 && r < rowSpan
              ? []
              : [
                  {
                    row: r,
                    col: c,
                    row_span: c === 0 && r === 0 ? rowSpan : 1,
                    col_span: 1,
                    text,
                    bbox: box,
                  },
                ],
          ),
        ),
      };
    };
    expect(headerRowCount(gridRows(prices))).toBe(1);
    expect(headerRowCount(gridRows(spanning(2, 6)))).toBe(2);
    // A label down the whole first column is no header: the table keeps no head.
    expect(headerRowCount(gridRows(spanning(6, 6)))).toBe(0);
  });

  it("writes the cells as CSV and as an .xlsx workbook", async () => {
    const csv = tableCsv(prices);
    expect(Papa.parse(csv.trimEnd()).data).toEqual(prices.rows);
    expect(csv).toContain('"Rye, ""dark"""');
    expect(tableSize(prices)).toBe("4 rows × 4 columns");

    const xlsx = await tableXlsx(prices);
    const bytes = new Uint8Array(await xlsx.arrayBuffer());
    // A ZIP file (PK\x03\x04) that holds the cells' text in its shared strings.
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    expect(xlsx.size).toBeGreaterThan(1000);
  });
});
