// The service's own checks of an invoice, in plain words.
import type { InvoiceData } from "@/lib/kernel/contract";
import { type CheckState, checkLines } from "./invoice-text";

const LOOK: Record<CheckState, { mark: string; className: string; sr: string }> = {
  ok: { mark: "✓", className: "bg-emerald-50 text-emerald-900 ring-emerald-600/20", sr: "Passed" },
  wrong: { mark: "✗", className: "bg-red-50 text-red-900 ring-red-600/20", sr: "Failed" },
  unknown: {
    mark: "?",
    className: "bg-slate-50 text-slate-700 ring-slate-400/30",
    sr: "Not checked",
  },
};

export function InvoiceChecks({ data }: { data: InvoiceData }) {
  const lines = checkLines(data);
  const allOk = lines.every((line) => line.state === "ok");
  return (
    <section aria-labelledby="checks-heading" data-testid="invoice-checks">
      <h2 id="checks-heading" className="sr-only">
        Checks
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {lines.map((line) => {
          const look = LOOK[line.state];
          return (
            <li
              key={line.id}
              data-check={line.id}
              data-state={line.state}
              className={`flex items-start gap-2 rounded-lg px-3 py-2.5 text-sm ring-1 ring-inset ${look.className}`}
            >
              <span aria-hidden="true" className="font-bold">
                {look.mark}
              </span>
              <span>
                <span className="sr-only">{look.sr}: </span>
                {line.text}
              </span>
            </li>
          );
        })}
      </ul>
      {allOk ? null : (
        <p className="mt-2 text-slate-600 text-xs">
          Compare the figures with the document before using them.
        </p>
      )}
    </section>
  );
}
