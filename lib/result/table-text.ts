// Reading table data for the screen and for downloads.

import { toCsv } from "@/lib/export/csv";
import type { BBox, Table } from "@/lib/kernel/contract";

export interface GridCell {
  row: number;
  col: number;
  text: string;
  rowSpan: number;
  colSpan: number;
  bbox: BBox | undefined;
}

/**
 * The table's rows as cells to draw: a merged cell once, with its spans, and
 * the places it covers left out. `rows` gives the text; `cells` the spans
 * and boxes. A span that runs off the table or over another cell is ignored.
 */
export function gridRows(table: Table): GridCell[][] {
  const height = table.rows.length;
  const width = Math.max(0, ...table.rows.map((row) => row.length));
  const covered = Array.from({ length: height }, () => new Array<boolean>(width).fill(false));
  const starts = new Map<string, Table["cells"][number]>();
  for (const cell of table.cells) starts.set(`${cell.row}:${cell.col}`, cell);

  const grid: GridCell[][] = [];
  for (let r = 0; r < height; r++) {
    const out: GridCell[] = [];
    for (let c = 0; c < width; c++) {
      if (covered[r]?.[c]) continue;
      const cell = starts.get(`${r}:${c}`);
      let rowSpan = Math.min(cell?.row_span ?? 1, height - r);
      let colSpan = Math.min(cell?.col_span ?? 1, width - c);
      if (!spanIsFree(covered, r, c, rowSpan, colSpan)) {
        rowSpan = 1;
        colSpan = 1;
      }
      for (let i = r; i < r + rowSpan; i++) {
        for (let j = c; j < c + colSpan; j++) {
          const line = covered[i];
          if (line) line[j] = true;
        }
      }
      out.push({
        row: r,
        col: c,
        text: table.rows[r]?.[c] ?? "",
        rowSpan,
        colSpan,
        bbox: cell?.bbox,
      });
    }
    grid.push(out);
  }
  return grid;
}

/**
 * Rows of the table's head: the first, and every row a header cell reaches
 * down into (a "Product" over two header rows), since a span cannot cross from
 * a table's head into its body. 0 when that would be over half the table (a
 * label down the whole first column): the table then has no head of its own.
 */
export function headerRowCount(grid: readonly GridCell[][]): number {
  let count = Math.min(1, grid.length);
  for (let r = 0; r < count; r++) {
    for (const cell of grid[r] ?? []) count = Math.max(count, cell.row + cell.rowSpan);
  }
  return count > Math.max(1, grid.length / 2) ? 0 : count;
}

function spanIsFree(covered: boolean[][], r: number, c: number, rows: number, cols: number) {
  for (let i = r; i < r + rows; i++) {
    for (let j = c; j < c + cols; j++) if (covered[i]?.[j]) return false;
  }
  return true;
}

/** The table's rows as CSV, header row first; a merged cell's text stands in its first place. */
export function tableCsv(table: Table): string {
  return toCsv(table.rows);
}

/** The table as an .xlsx workbook of one sheet, the header row in bold. */
export async function tableXlsx(table: Table): Promise<Blob> {
  const { default: writeXlsxFile } = await import("write-excel-file/universal");
  return writeXlsxFile(
    table.rows.map((row, r) =>
      row.map((text) => ({
        value: text,
        type: String,
        ...(r === 0 ? { fontWeight: "bold" as const } : {}),
      })),
    ),
  ).toBlob();
}

export function tableSize(table: Table): string {
  const rows = table.rows.length;
  const cols = Math.max(0, ...table.rows.map((row) => row.length));
  return `${rows} row${rows === 1 ? "" : "s"} × ${cols} column${cols === 1 ? "" : "s"}`;
}
