"use client";
// The whole answer as JSON, folded away under a structured result.
import type { ProcessResult } from "@/lib/kernel/contract";
import { JsonViewer } from "./json-viewer";

export function RawData({ result }: { result: ProcessResult }) {
  return (
    <details className="group rounded-xl border border-slate-200 bg-white shadow-sm">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-3 font-medium text-slate-800 text-sm hover:bg-slate-50 sm:px-5">
        Raw data (JSON)
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className="size-4 text-slate-400 transition-transform group-open:rotate-180"
        >
          <path d="m4 6 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </summary>
      <div className="border-slate-100 border-t p-4 sm:p-5">
        <JsonViewer value={result} />
      </div>
    </details>
  );
}
