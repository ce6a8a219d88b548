"use client";
// Invoice data: the checks, the page with the boxes of what was found, the
// fields as a labelled form and the line items as a table. Hovering or
// focusing a field or a line item shows its box on the page.
import { useMemo } from "react";
import { CsvActions, card, type DataViewProps, JsonActions } from "@/components/result/data-view";
import { RawData } from "@/components/result/json/raw-data";
import { MarkedPage } from "@/components/result/page/marked-page";
import { useHighlight } from "@/components/result/page/use-highlight";
import { baseName } from "@/lib/export/download";
import type { InvoiceData } from "@/lib/kernel/contract";
import { fieldsCsv, lineItemsCsv, sourceNote } from "@/lib/result/invoice-text";
import { InvoiceChecks } from "./invoice-checks";
import { fieldHighlights, InvoiceFields } from "./invoice-fields";
import { InvoiceLineItems, lineItemHighlights } from "./invoice-line-items";

export function InvoiceResult({ data, result, original, fileName }: DataViewProps<InvoiceData>) {
  const { active, handlers } = useHighlight();
  const fields = useMemo(() => fieldHighlights(data), [data]);
  const items = useMemo(() => lineItemHighlights(data), [data]);
  const drawn = useMemo(
    () => [
      ...Object.values(data.fields).flatMap(({ value, text, bbox, page }) =>
        value !== null && bbox && page !== undefined ? [{ text, bbox, page }] : [],
      ),
      ...data.line_items.flatMap(({ description, bbox, page }) =>
        bbox && page !== undefined ? [{ text: description, bbox, page }] : [],
      ),
    ],
    [data],
  );
  const stem = baseName(fileName);
  const source = sourceNote(data);
  return (
    <div className="space-y-6" data-testid="invoice-result">
      {source ? (
        <p
          data-testid="invoice-source"
          className="rounded-lg bg-emerald-50 px-4 py-3 text-emerald-900 text-sm ring-1 ring-emerald-600/20 ring-inset"
        >
          {source}
        </p>
      ) : null}
      <InvoiceChecks data={data} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <MarkedPage
          pages={data.pages}
          marks={[...fields.values(), ...items]}
          drawn={drawn}
          active={active}
          original={original}
          markName="A field or line item that was found"
        />
        <section aria-labelledby="fields-heading" className={card}>
          <h2 id="fields-heading" className="font-semibold text-base text-slate-900">
            {data.document_kind === "receipt" ? "Receipt details" : "Invoice details"}
          </h2>
          <p className="mt-1 mb-4 text-slate-600 text-sm">
            Point at a field, tap it, or move to it with the Tab key to see where it is on the page.
          </p>
          <InvoiceFields
            data={data}
            highlights={fields}
            handlers={handlers}
            activeId={active?.id}
          />
          <div className="mt-5 flex flex-wrap gap-2">
            <JsonActions result={result} stem={stem} />
            <CsvActions csv={() => fieldsCsv(data)} fileName={`${stem}.csv`} />
          </div>
        </section>
      </div>
      {/* A plain box: the grid inside is the "Line items" region. */}
      <div className={card}>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 className="font-semibold text-base text-slate-900">Line items</h2>
          {data.line_items.length > 0 ? (
            <div className="flex flex-wrap gap-2">
              <CsvActions
                csv={() => lineItemsCsv(data)}
                fileName={`${stem}-line-items.csv`}
                what="line items"
              />
            </div>
          ) : null}
        </div>
        <InvoiceLineItems
          data={data}
          highlights={items}
          handlers={handlers}
          activeId={active?.id}
        />
      </div>
      <RawData result={result} />
    </div>
  );
}
