"use client";
import type { Highlight, HighlightHandlers } from "@/components/result/page/use-highlight";
// An invoice's fields as a labelled form, grouped as a person reads an
// invoice: who, which invoice, how much.
import type { InvoiceData, InvoiceFieldName } from "@/lib/kernel/contract";
import { displayValue, FIELD_LABEL, invoiceCurrency, needsCheck } from "@/lib/result/invoice-text";
import { formatConfidence } from "@/lib/result/ocr-text";

const GROUPS: { title: string; names: InvoiceFieldName[] }[] = [
  {
    title: "From and to",
    names: ["supplier_name", "supplier_address", "customer_name", "customer_address"],
  },
  { title: "Invoice", names: ["invoice_number", "invoice_date", "due_date", "currency"] },
  { title: "Amounts", names: ["subtotal", "tax_amount", "total"] },
];

/** What a field's box is called on the page, for its highlight. */
export function fieldHighlights(data: InvoiceData): Map<InvoiceFieldName, Highlight> {
  const found = new Map<InvoiceFieldName, Highlight>();
  for (const name of Object.keys(FIELD_LABEL) as InvoiceFieldName[]) {
    const field = data.fields[name];
    if (field.value === null || !field.bbox || field.page === undefined) continue;
    found.set(name, {
      id: `field:${name}`,
      label: FIELD_LABEL[name],
      page: field.page,
      bbox: field.bbox,
    });
  }
  return found;
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim();
/** Letters and digits only: "12 Harbour Road,\nLeeds" and "12 Harbour Road Leeds" read the same. */
const plain = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

export function InvoiceFields({
  data,
  highlights,
  handlers,
  activeId,
}: {
  data: InvoiceData;
  highlights: Map<InvoiceFieldName, Highlight>;
  handlers: (target: Highlight) => HighlightHandlers;
  activeId: string | undefined;
}) {
  const currency = invoiceCurrency(data);
  const toCheck = GROUPS.flatMap((g) => g.names).filter((name) => needsCheck(data.fields[name]));
  return (
    <div className="space-y-5" data-testid="invoice-fields">
      {toCheck.length > 0 ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900 text-sm" role="note">
          {toCheck.length === 1
            ? "One field is marked “Check this”: compare it with the document before you use it."
            : `${toCheck.length} fields are marked “Check this”: compare them with the document before you use them.`}
        </p>
      ) : null}
      {GROUPS.map((group) => (
        <div key={group.title}>
          <h3 className="font-medium text-slate-500 text-xs uppercase tracking-wide">
            {group.title}
          </h3>
          <dl className="mt-2 grid gap-2 sm:grid-cols-2">
            {group.names.map((name) => {
              const field = data.fields[name];
              const value = displayValue(name, field, currency);
              const target = highlights.get(name);
              const printed = squash(field.text);
              const low = value !== null && needsCheck(field);
              return (
                <div
                  key={name}
                  data-field={name}
                  // Focusable only when it has a box to show on the page.
                  tabIndex={target ? 0 : undefined}
                  {...(target ? handlers(target) : {})}
                  data-active={target && target.id === activeId ? true : undefined}
                  className={`rounded-lg border px-3 py-2 ${
                    name === "total" ? "sm:col-span-2" : ""
                  } ${
                    target
                      ? "cursor-default border-slate-200 hover:border-amber-500 hover:bg-amber-50 focus-visible:border-amber-500 focus-visible:bg-amber-50 focus-visible:outline-2 focus-visible:outline-amber-600 focus-visible:outline-offset-2 data-active:border-amber-500 data-active:bg-amber-50"
                      : "border-slate-200 border-dashed"
                  }`}
                >
                  <dt className="text-slate-600 text-xs">{FIELD_LABEL[name]}</dt>
                  <dd
                    data-testid={`field-${name}`}
                    className={
                      value === null
                        ? "mt-0.5 text-slate-500 text-sm italic"
                        : `mt-0.5 whitespace-pre-line break-words font-medium text-slate-900 ${
                            name === "total" ? "text-xl tabular-nums" : "text-sm"
                          }`
                    }
                  >
                    {value ?? "Not found"}
                  </dd>
                  {value !== null && printed && plain(printed) !== plain(value) ? (
                    <dd className="mt-0.5 break-words text-slate-500 text-xs">
                      Printed as “{printed}”
                    </dd>
                  ) : null}
                  {low ? (
                    <dd className="mt-1 inline-flex rounded bg-amber-100 px-1.5 py-0.5 text-amber-900 text-xs">
                      Check this: {formatConfidence(field.confidence)} sure it is right
                    </dd>
                  ) : null}
                </div>
              );
            })}
          </dl>
        </div>
      ))}
    </div>
  );
}
