// The service's own checks of an invoice, in plain words.

import { CheckList } from "@/components/result/check-list";
import type { InvoiceData } from "@/lib/kernel/contract";
import { checkLines } from "@/lib/result/invoice-text";

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
