"use client";
// A finished run: its meta, and its data drawn for what it is. Data of a
// shape this page does not know (another category, another service) is
// shown as JSON, never a crash.
import { secondaryButton } from "@/components/button-styles";
import type { ProcessResult } from "@/lib/contract";
import { ocrDataSchema } from "@/lib/contract/mini";
import { DEFAULT_COST_UNIT } from "./describe-meta";
import { baseName, downloadText } from "./download";
import { JsonViewer } from "./json-viewer";
import { MetaPanel } from "./meta-panel";
import { OcrResult } from "./ocr-result";
import type { SupportContext } from "./support-details";

export function ResultView({
  result,
  file,
  fileName,
  unitLabel = DEFAULT_COST_UNIT,
  support,
}: {
  result: ProcessResult;
  /** The person's own file, while the page still has it: drawn under the word boxes. */
  file?: Blob | null;
  fileName?: string;
  unitLabel?: string;
  support: SupportContext;
}) {
  const ocr = ocrDataSchema.safeParse(result.data);
  return (
    <div className="space-y-6" data-testid="result-view">
      <MetaPanel meta={result.meta} unitLabel={unitLabel} support={support} />
      {ocr.success ? (
        <OcrResult data={ocr.data} result={result} file={file} fileName={fileName} />
      ) : (
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
              onClick={() =>
                downloadText(
                  `${baseName(fileName)}.json`,
                  `${JSON.stringify(result, null, 2)}\n`,
                  "application/json",
                )
              }
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
