"use client";
// What every structured result view takes, and the pieces they share.
import { secondaryButton } from "@/components/button-styles";
import type { DocumentFile } from "@/components/result/page/use-document-file";
import { downloadCsv, downloadJson, jsonText } from "@/lib/export/download";
import type { ProcessResult } from "@/lib/kernel/contract";
import { CopyButton } from "./copy-button";

export interface DataViewProps<Data> {
  data: Data;
  /** The whole answer, for the JSON copy and download. */
  result: ProcessResult;
  /** The document itself (the person's own file, or the original fetched): drawn under the boxes. */
  original: DocumentFile;
  fileName?: string | undefined;
}

/** A result view's white box. */
export const card = "min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";

/** Copy JSON and Download .json of the whole answer. */
export function JsonActions({ result, stem }: { result: ProcessResult; stem: string }) {
  return (
    <>
      <CopyButton text={() => jsonText(result)} label="Copy JSON" />
      <button type="button" className={secondaryButton} onClick={() => downloadJson(stem, result)}>
        Download .json
      </button>
    </>
  );
}

/** Copy CSV and Download .csv of one table of cells, made when asked for. */
export function CsvActions({
  csv,
  fileName,
  what = "",
}: {
  csv: () => string;
  fileName: string;
  /** Names what is copied when a view has several: "line items". */
  what?: string;
}) {
  return (
    <>
      <CopyButton text={csv} label={what ? `Copy ${what} CSV` : "Copy CSV"} />
      <button
        type="button"
        className={secondaryButton}
        onClick={() => downloadCsv(fileName, csv())}
      >
        Download {what ? `${what} ` : ""}.csv
      </button>
    </>
  );
}
