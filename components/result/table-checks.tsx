// The service's own checks of the tables it found, in plain words: which held,
// which failed (and so made the service try another way), which did not apply.
import type { TableData } from "@/lib/kernel/contract";

type CheckState = "ok" | "wrong";

interface CheckLine {
  id: "table_found" | "rows_agree" | "words_within_rules";
  state: CheckState;
  text: string;
}

const LOOK: Record<CheckState, { mark: string; className: string; sr: string }> = {
  ok: { mark: "✓", className: "bg-emerald-50 text-emerald-900 ring-emerald-600/20", sr: "Passed" },
  wrong: { mark: "✗", className: "bg-amber-50 text-amber-900 ring-amber-600/20", sr: "Failed" },
};

/** The checks the answer carries, said in words; a check that did not apply is left out. */
export function tableCheckLines(data: TableData): CheckLine[] {
  const checks = data.checks;
  if (!checks) return [];
  const lines: CheckLine[] = [
    checks.table_found
      ? { id: "table_found", state: "ok", text: "Tables were found" }
      : { id: "table_found", state: "wrong", text: "No table was found" },
  ];
  if (checks.rows_agree !== null) {
    lines.push(
      checks.rows_agree
        ? { id: "rows_agree", state: "ok", text: "Every row lines up with its table's columns" }
        : {
            id: "rows_agree",
            state: "wrong",
            text: "Some rows do not line up with their table's columns",
          },
    );
  }
  if (checks.words_within_rules !== null) {
    lines.push(
      checks.words_within_rules
        ? { id: "words_within_rules", state: "ok", text: "The words lie inside the ruled cells" }
        : {
            id: "words_within_rules",
            state: "wrong",
            text: "Words lie across the table's ruling lines",
          },
    );
  }
  return lines;
}

export function TableChecks({ data }: { data: TableData }) {
  const lines = tableCheckLines(data);
  if (lines.length === 0) return null;
  const allOk = lines.every((line) => line.state === "ok");
  return (
    <section aria-labelledby="table-checks-heading" data-testid="table-checks">
      <h2 id="table-checks-heading" className="sr-only">
        Checks
      </h2>
      <ul className="flex flex-wrap gap-2">
        {lines.map((line) => {
          const look = LOOK[line.state];
          return (
            <li
              key={line.id}
              data-check={line.id}
              data-state={line.state}
              className={`flex items-start gap-2 rounded-lg px-3 py-2 text-sm ring-1 ring-inset ${look.className}`}
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
          Compare the tables with the document before using them.
        </p>
      )}
    </section>
  );
}
