// What a result holds, decided once where it enters the app: from the
// service's answer (documents.ts) or from the run ledger (lib/ledger/rows.ts).
// The seed says nothing of a result's kind and no service has to send one, so
// it is read from the data's shape, strictest shape first: an invoice's data
// also has `text` and `pages`, as text recognition's does. No server-only: the
// ledger's rows use it too.
import * as z from "zod/mini";
import type { ResultKind } from "@/lib/api/documents";
import { invoiceDataSchema } from "@/lib/kernel/contract/data/invoice";
import { ocrDataSchema } from "@/lib/kernel/contract/data/ocr";
import { tableDataSchema } from "@/lib/kernel/contract/data/table";

const SHAPES: readonly [Exclude<ResultKind, "other">, z.ZodMiniType][] = [
  ["invoice", invoiceDataSchema],
  ["table", tableDataSchema],
  ["ocr", ocrDataSchema],
];

/** The kind of the first shape the data has; "other" (shown as JSON) for any other. */
export function resultKindOf(data: unknown): ResultKind {
  return SHAPES.find(([, schema]) => z.safeParse(schema, data).success)?.[0] ?? "other";
}
