import type { RunDetail } from "@/lib/ledger/types";
import { formatBytes } from "@/lib/upload/format";

/** Every id and fact support may be asked about, selectable for copying. */
export function RunFacts({ run }: { run: RunDetail }) {
  const rows: [string, string | null, boolean][] = [
    ["Trace id", run.traceId, true],
    ["Run id", run.localId, true],
    ["Idempotency-Key", run.idempotencyKey, true],
    ["Object key", run.objectKey, true],
    ["S3 URI", run.s3Uri, true],
    [
      "Category",
      run.categoryName ? `${run.categoryName} (${run.categoryId})` : run.categoryId,
      false,
    ],
    ["File", run.fileName, false],
    ["Size", run.fileSize === null ? null : formatBytes(run.fileSize), false],
    ["Media type", run.mediaType, false],
    ["Job id", run.job?.id ?? null, true],
    ["Replayed", run.replayed ? "Yes — the service replayed an earlier answer" : null, false],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2.5 text-sm sm:grid-cols-[10rem_1fr]" data-testid="run-facts">
      {rows.map(([label, value, mono]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd
            className={`min-w-0 break-all ${value === null ? "text-slate-400" : "text-slate-900"} ${mono && value ? "font-mono text-[13px]" : ""}`}
            data-testid={`fact-${label.toLowerCase().replace(/[^a-z]+/g, "-")}`}
          >
            {value ?? "—"}
          </dd>
        </div>
      ))}
    </dl>
  );
}
