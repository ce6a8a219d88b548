// The line-item table, found by its header: a row with a description column
// and an amount column (or three known columns) in any of the languages of
// labels.ts. The header's cells give the columns; the rows under it are
// items until the totals (a row with a total's label), a wide gap or the end
// of the page. A row without numbers right under an item continues its
// description. Cells go to the column they overlap most, else the nearest.
import type { InvoiceLineItem } from "@/lib/kernel/contract";
import { mean, union } from "../layout/geometry";
import { type ColumnRole, matchColumn, matchLabel } from "./labels";
import { findAmounts, hasDecimals } from "./normalise";
import { type Cell, horizontalOverlap, ownBox, type PageRows, type Row } from "./rows";

/** "other": a column the header names in words we do not know (`No.`, `VAT %`). */
type Role = ColumnRole | "other";

interface Column {
  role: Role;
  x0: number;
  x1: number;
}

interface ItemTable {
  /** The first page's header row. */
  header: Row;
  /** The item rows of every page. */
  rows: Row[];
  items: InvoiceLineItem[];
}

/**
 * The columns a header row names: a description and an amount, or three
 * known columns, and no more unknown cells than known ones.
 */
function headerColumns(row: Row): Column[] | undefined {
  const columns = row.cells.map((cell): Column => {
    const match = matchColumn(cell.text);
    const role = match?.whole ? match.kind : "other";
    return { role, x0: cell.bbox.x0, x1: cell.bbox.x1 };
  });
  const known = columns.filter((c) => c.role !== "other");
  const roles = new Set(known.map((c) => c.role));
  const enough = (roles.has("description") && roles.has("amount")) || roles.size >= 3;
  return enough && known.length >= columns.length - known.length ? columns : undefined;
}

function columnOf(columns: readonly Column[], cell: Cell): Role {
  let best: Column | undefined;
  let overlap = 0;
  for (const column of columns) {
    const o = horizontalOverlap(cell.bbox, { ...cell.bbox, x0: column.x0, x1: column.x1 });
    if (o > overlap) [best, overlap] = [column, o];
  }
  if (best) return best.role;
  const centre = (cell.bbox.x0 + cell.bbox.x1) / 2;
  const distance = (c: Column) => Math.min(Math.abs(c.x0 - centre), Math.abs(c.x1 - centre));
  return [...columns].sort((a, b) => distance(a) - distance(b))[0]?.role ?? "description";
}

const numberIn = (cells: readonly Cell[], money: boolean) => {
  const found = cells.flatMap((c) => findAmounts(c.text)).filter((a) => !money || hasDecimals(a));
  return found.at(-1)?.value ?? null;
};

function item(columns: readonly Column[], row: Row): InvoiceLineItem {
  const byRole = (role: ColumnRole) => row.cells.filter((c) => columnOf(columns, c) === role);
  const words = row.cells.flatMap((c) => c.words);
  return {
    description: byRole("description")
      .map((c) => c.text)
      .join(" "),
    quantity: numberIn(byRole("quantity"), false),
    unit_price: numberIn(byRole("unit_price"), true),
    amount: numberIn(byRole("amount"), true),
    page: row.page,
    bbox: ownBox(row.cells),
    confidence: Math.round(mean(words.map((w) => w.confidence)) * 1000) / 1000,
  };
}

/** A row of the totals block: a total's or tax's label and its amount, no more. */
const isTotalsRow = (row: Row) =>
  row.cells.length <= 2 && row.cells.some((c) => /total|tax/.test(matchLabel(c.text)?.kind ?? ""));

/**
 * The line-item table of the document: under the first header row found, and
 * under the header of every later page that repeats it. Undefined without one.
 */
export function findItemTable(pages: readonly PageRows[]): ItemTable | undefined {
  let table: ItemTable | undefined;
  for (const { rows, unit } of pages) {
    const at = rows.findIndex((row) => headerColumns(row));
    const header = rows[at];
    const columns = header && headerColumns(header);
    if (!header || !columns) continue;
    table ??= { header, rows: [], items: [] };
    const { items } = table;
    let previous = header;
    for (const row of rows.slice(at + 1)) {
      if (row.bbox.y0 - previous.bbox.y1 > unit * 3) break;
      if (isTotalsRow(row)) break;
      const numbers = row.cells.some((c) => findAmounts(c.text).length > 0);
      const last = items.at(-1);
      if (!numbers && last && last.page === row.page && row.bbox.y0 - previous.bbox.y1 < unit) {
        // A description over two lines.
        last.description = `${last.description} ${row.cells.map((c) => c.text).join(" ")}`;
        last.bbox = union([...(last.bbox ? [last.bbox] : []), ownBox(row.cells)]);
      } else if (numbers) {
        const next = item(columns, row);
        if (next.amount === null && next.unit_price === null) break;
        items.push(next);
      } else break;
      table.rows.push(row);
      previous = row;
    }
  }
  return table;
}
