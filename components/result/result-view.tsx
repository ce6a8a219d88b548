"use client";
// A finished run: its meta, and its data drawn for what it is. The result says
// its kind (decided where it entered the app, lib/routing/result-kind.ts); the
// view for that kind parses the data with its schema. Data of a kind this page
// does not draw (another category, another service) is shown as JSON, never a
// crash.
import { type ReactNode, useMemo } from "react";
import { secondaryButton } from "@/components/button-styles";
import { InvoiceResult } from "@/components/result/invoice/invoice-result";
import { JsonViewer } from "@/components/result/json/json-viewer";
import { OcrResult } from "@/components/result/ocr/ocr-result";
import { type OriginalSource, useDocumentFile } from "@/components/result/page/use-document-file";
import { MetaPanel } from "@/components/result/run/meta-panel";
import { TableResult } from "@/components/result/table/table-result";
import type { ProcessAnswer } from "@/lib/api/documents";
import { baseName, downloadJson } from "@/lib/export/download";
import type { InvoiceData, OcrData, ProcessResult, TableData } from "@/lib/kernel/contract";
import { invoiceDataSchema } from "@/lib/kernel/contract/data/invoice";
import { ocrDataSchema } from "@/lib/kernel/contract/data/ocr";
import { tableDataSchema } from "@/lib/kernel/contract/data/table";
import { DEFAULT_COST_UNIT } from "@/lib/result/describe-meta";
import type { SupportContext } from "@/lib/result/support-details";
import type { DataViewProps } from "./data-view";

type Parsed =
  | { kind: "invoice"; data: InvoiceData }
  | { kind: "table"; data: TableData }
  | { kind: "ocr"; data: OcrData }
  | null;

/** The data as its kind says; null for "other" (or data that is not what its kind says). */
function parseData(kind: ProcessAnswer["kind"], data: unknown): Parsed {
  switch (kind) {
    case "invoice": {
      const invoice = invoiceDataSchema.safeParse(data);
      return invoice.success ? { kind, data: invoice.data } : null;
    }
    case "table": {
      const tables = tableDataSchema.safeParse(data);
      return tables.success ? { kind, data: tables.data } : null;
    }
    case "ocr": {
      const ocr = ocrDataSchema.safeParse(data);
      return ocr.success ? { kind, data: ocr.data } : null;
    }
    case "other":
      return null;
  }
}

function kindView(parsed: Parsed, shared: Omit<DataViewProps<unknown>, "data">): ReactNode {
  switch (parsed?.kind) {
    case "invoice":
      return <InvoiceResult data={parsed.data} {...shared} />;
    case "table":
      return <TableResult data={parsed.data} {...shared} />;
    case "ocr":
      return <OcrResult data={parsed.data} {...shared} />;
    default:
      return null;
  }
}

export function ResultView({
  result,
  file,
  fileName,
  unitLabel = DEFAULT_COST_UNIT,
  support,
  original,
  onOriginalOpened,
}: {
  result: ProcessAnswer;
  /** The person's own file, while the page still has it: drawn under the boxes. */
  file?: Blob | null;
  fileName?: string;
  unitLabel?: string;
  support: SupportContext;
  /** Where the original can be fetched when the tab does not have the file (a run opened later). */
  original?: OriginalSource | undefined;
  /** Called once the original was fetched (support: the timeline has a new entry). */
  onOriginalOpened?: () => void;
}) {
  // The service's answer as it sent it, for the JSON copy and download: the kind is the app's.
  const answer: ProcessResult = useMemo(
    () => ({ data: result.data, meta: result.meta }),
    [result.data, result.meta],
  );
  // Parsed once per answer: each view keys its own memos on the parsed data.
  const parsed = useMemo(() => parseData(result.kind, result.data), [result.kind, result.data]);
  const documentFile = useDocumentFile(file, original, onOriginalOpened);
  const view = kindView(parsed, { result: answer, original: documentFile, fileName });
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
              onClick={() => downloadJson(baseName(fileName), answer)}
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
