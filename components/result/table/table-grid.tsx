"use client";
import type { Highlight, HighlightHandlers } from "@/components/result/page/use-highlight";
// One table as a real grid: its header row as column headers, merged cells
// merged. Pointing at or tapping a cell shows the cell's box on the page; the
// table's own box shows while the grid is under the pointer or has the focus.
import type { Table } from "@/lib/kernel/contract";
import { type GridCell, gridRows, headerRowCount } from "@/lib/result/table-text";

export function TableGrid({
  table,
  index,
  tableTarget,
  handlers,
  active,
}: {
  table: Table;
  index: number;
  tableTarget: Highlight;
  handlers: (target: Highlight) => HighlightHandlers;
  active: boolean;
}) {
  const grid = gridRows(table);
  // A header cell over two rows takes the row under it into the header.
  const headRows = headerRowCount(grid);
  const head = grid.slice(0, headRows);
  const body = grid.slice(headRows);
  const tableHandlers = handlers(tableTarget);
  const cellHandlers = (
    text: string,
    row: number,
    col: number,
    bbox: Highlight["bbox"] | undefined,
  ) => {
    if (!bbox) return {};
    const { onMouseEnter, onMouseLeave, onClick } = handlers({
      id: `table:${index}:${row}:${col}`,
      label: `Table ${index + 1}, row ${row + 1}, column ${col + 1}${text ? ` (${text})` : ""}`,
      page: table.page,
      bbox,
    });
    return {
      onMouseEnter,
      // Back to the table's box, which the pointer is still over.
      onMouseLeave: () => {
        onMouseLeave();
        tableHandlers.onMouseEnter();
      },
      // A tap on a phone, which has no hover: the cell's box stays shown.
      onClick,
    };
  };
  // Headers in the head sit on the rows they head; a header in the body (a
  // table with no head of its own) heads from the top, and one over several
  // rows heads those rows.
  const renderCell = (cell: GridCell, header: boolean, inBody = false) =>
    header ? (
      <th
        key={cell.col}
        scope={inBody && cell.rowSpan > 1 ? "rowgroup" : cell.colSpan > 1 ? "colgroup" : "col"}
        colSpan={cell.colSpan}
        rowSpan={cell.rowSpan}
        {...cellHandlers(cell.text, cell.row, cell.col, cell.bbox)}
        className={`border-slate-200 border-b bg-slate-50 px-3 py-2 text-left ${inBody ? "align-top" : "align-bottom"} font-semibold text-slate-700 hover:bg-amber-50`}
      >
        {cell.text}
      </th>
    ) : (
      <td
        key={cell.col}
        colSpan={cell.colSpan}
        rowSpan={cell.rowSpan}
        {...cellHandlers(cell.text, cell.row, cell.col, cell.bbox)}
        // A one-word cell ("S-20", "1,818.15") is not broken at its hyphen or comma.
        className={`${cell.text.includes(" ") ? "whitespace-pre-line" : "whitespace-nowrap"} px-3 py-2 align-top text-slate-900 hover:bg-amber-50`}
      >
        {cell.text}
      </td>
    );
  return (
    // Scrolls sideways when wide; focusable so a keyboard can scroll it, and focus shows its box.
    <section
      aria-label={`Table ${index + 1}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (axe: scrollable-region-focusable).
      tabIndex={0}
      onMouseEnter={tableHandlers.onMouseEnter}
      onMouseLeave={tableHandlers.onMouseLeave}
      onFocus={tableHandlers.onFocus}
      onBlur={tableHandlers.onBlur}
      data-active={active || undefined}
      className="max-h-[36rem] overflow-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-amber-600 focus-visible:outline-offset-2 data-active:border-amber-500"
    >
      <table className="w-full border-collapse text-sm" data-testid="table-grid">
        {head.length > 0 ? (
          <thead className="sticky top-0 bg-slate-50 text-slate-700">
            {head.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional.
              <tr key={r}>{row.map((cell) => renderCell(cell, true))}</tr>
            ))}
          </thead>
        ) : null}
        <tbody>
          {body.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional.
            <tr key={r} className="border-slate-100 border-b last:border-b-0">
              {/* With no head of its own, the first row still heads the columns. */}
              {row.map((cell) => renderCell(cell, head.length === 0 && cell.row === 0, true))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
