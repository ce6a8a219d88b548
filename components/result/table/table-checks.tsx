// The service's own checks of the tables it found, in plain words: which held,
// which failed (and so made the service try another way), which did not apply.

import { CheckList } from "@/components/result/check-list";
import type { TableData } from "@/lib/kernel/contract";
import type { CheckItem } from "@/lib/result/checks";

interface CheckLine extends CheckItem {
  id: "table_found" | "rows_agree" | "words_within_rules";
  state: "ok" | "wrong";
}

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
  return (
    <CheckList
      lines={tableCheckLines(data)}
      testId="table-checks"
      advice="Compare the tables with the document before using them."
      softWrong
    />
  );
}
