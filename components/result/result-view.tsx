"use client";
// A finished run: its meta, and its data drawn for what it is. The view is
// chosen by the data's shape, each known shape checked with its schema; data
// of a shape this page does not know (another category, another service) is
// shown as JSON, never a crash.
import { type ReactNode, useMemo } from "react";
import { secondaryButton } from "@/components/button-styles";
import type { ProcessResult } from "@/lib/kernel/contract";
import { invoiceDataSchema } from "@/lib/kernel/contract/data/invoice";
import { ocrDataSchema } from "@/lib/kernel/contract/data/ocr";
import { tableDataSchema } from "@/lib/kernel/contract/data/table";
import type { DataViewProps } from "./data-view";
import { DEFAULT_COST_UNIT } from "./describe-meta";
import { baseName, downloadJson } from "./download";
import { InvoiceResult } from "./invoice-result";
import { JsonViewer } from "./json-viewer";
import { MetaPanel } from "./meta-panel";
import { OcrResult } from "./ocr-result";
import type { SupportContext } from "./support-details";
import { TableResult } from "./table-result";

/** The first known shape the data has, drawn by its view; null for an unknown shape. */
function knownView({ result, file, fileName }: Omit<DataViewProps<unknown>, "data">): ReactNode {
  const shared = { result, file, fileName };
  const invoice = invoiceDataSchema.safeParse(result.data);
  if (invoice.success) return <InvoiceResult data={invoice.data} {...shared} />;
  const tables = tableDataSchema.safeParse(result.data);
  if (tables.success) return <TableResult data={tables.data} {...shared} />;
  const ocr = ocrDataSchema.safeParse(result.data);
  if (ocr.success) return <OcrResult data={ocr.data} {...shared} />;
  return null;
}

export function ResultView({
  result,
  file,
  fileName,
  unitLabel = DEFAULT_COST_UNIT,
  support,
}: {
  result: ProcessResult;
  /** The person's own file, while the page still has it: drawn under the boxes. */
  file?: Blob | null;
  fileName?: string;
  unitLabel?: string;
  support: SupportContext;
}) {
  // Parsed once per answer: each view keys its own memos on the parsed data.
  const view = useMemo(() => knownView({ result, file, fileName }), [result, file, fileName]);
  return (
    <div className="space-y-6" data-testid="result-view">
      <MetaPanel meta={result.meta} unitLabel={unitLabel} support={support} />
      {view ?? (
        <section
          aria-labelledby="data-heading"
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
        >
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 id="data-heading" className="font-semibold text-base text-slate-900">
                Result data
              </h2>
              <p className="mt-1 text-slate-600 text-sm">
                This result is shown as the service sent it.
              </p>
            </div>
            <button
              type="button"
              className={secondaryButton}
              onClick={() => downloadJson(baseName(fileName), result)}
            >
              Download .json
            </button>
          </div>
          <div className="mt-4">
            <JsonViewer value={result.data} label="Result data" />
          </div>
        </section>
      )}
    </div>
  );
}
