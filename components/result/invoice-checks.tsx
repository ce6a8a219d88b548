// The service's own checks of an invoice, in plain words.
import type { InvoiceData } from "@/lib/kernel/contract";
import { CheckList } from "./check-list";
import { checkLines } from "./invoice-text";

export function InvoiceChecks({ data }: { data: InvoiceData }) {
  return (
    <CheckList
      lines={checkLines(data)}
      testId="invoice-checks"
      advice="Compare the figures with the document before using them."
      grid
    />
  );
}
