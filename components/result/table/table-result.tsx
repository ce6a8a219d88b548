"use client";
// Table data: every table as a grid with its downloads, beside the page with
// the tables' boxes.
import { useMemo } from "react";
import { secondaryButton } from "@/components/button-styles";
import { CsvActions, card, type DataViewProps, JsonActions } from "@/components/result/data-view";
import { RawData } from "@/components/result/json/raw-data";
import { MarkedPage } from "@/components/result/page/marked-page";
import { type Highlight, useHighlight } from "@/components/result/page/use-highlight";
import { baseName, downloadBlob, downloadText } from "@/lib/export/download";
import { tablesMarkdown } from "@/lib/export/markdown";
import type { TableData } from "@/lib/kernel/contract";
import { tableCsv, tableSize, tableXlsx } from "@/lib/result/table-text";
import { TableChecks } from "./table-checks";
import { TableGrid } from "./table-grid";

export function TableResult({ data, result, original, fileName }: DataViewProps<TableData>) {
  const { active, handlers } = useHighlight();
  const targets = useMemo(
    () =>
      data.tables.map(
        (table, i): Highlight => ({
          id: `table:${i}`,
          label: `Table ${i + 1}`,
          page: table.page,
          bbox: table.bbox,
        }),
      ),
    [data],
  );
  const drawn = useMemo(
    () =>
      data.tables.flatMap((table) =>
        table.cells.map((cell) => ({ text: cell.text, bbox: cell.bbox, page: table.page })),
      ),
    [data],
  );
  const stem = baseName(fileName);
  const several = data.tables.length > 1;
  return (
    <div className="space-y-6" data-testid="table-result">
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <MarkedPage
          pages={data.pages}
          marks={targets}
          drawn={drawn}
          active={active}
          original={original}
          markName="A table that was found"
        />
        <div className="min-w-0 space-y-6">
          <TableChecks data={data} />
          {data.tables.length === 0 ? (
            <section className={card}>
              <h2 className="font-semibold text-base text-slate-900">Tables</h2>
              <p className="mt-2 text-slate-600 text-sm">No tables were found in this document.</p>
            </section>
          ) : null}
          {data.tables.map((table, i) => {
            const target = targets[i];
            if (!target) return null;
            const name = several ? `${stem}-table-${i + 1}` : `${stem}-table`;
            return (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: tables are in reading order.
                key={i}
                className={card}
                data-testid="table-card"
              >
                <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="font-semibold text-base text-slate-900">Table {i + 1}</h2>
                  <p className="text-slate-500 text-xs">
                    Page {table.page} · {tableSize(table)}
                  </p>
                </div>
                <TableGrid
                  table={table}
                  index={i}
                  tableTarget={target}
                  handlers={handlers}
                  active={
                    active !== null &&
                    (active.id === target.id || active.id.startsWith(`${target.id}:`))
                  }
                />
                <div className="mt-4 flex flex-wrap gap-2">
                  <CsvActions csv={() => tableCsv(table)} fileName={`${name}.csv`} />
                  <button
                    type="button"
                    className={secondaryButton}
                    onClick={async () => downloadBlob(`${name}.xlsx`, await tableXlsx(table))}
                  >
                    Download .xlsx
                  </button>
                </div>
              </div>
            );
          })}
          <div className="flex flex-wrap gap-2">
            <JsonActions result={result} stem={stem} />
            {data.tables.length > 0 ? (
              <button
                type="button"
                className={secondaryButton}
                onClick={() =>
                  downloadText(
                    `${stem}-tables.md`,
                    tablesMarkdown(data),
                    "text/markdown;charset=utf-8",
                  )
                }
              >
                Download Markdown
              </button>
            ) : null}
          </div>
        </div>
      </div>
      <RawData result={result} />
    </div>
  );
}
