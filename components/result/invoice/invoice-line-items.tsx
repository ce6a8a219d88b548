"use client";
import type { Highlight, HighlightHandlers } from "@/components/result/page/use-highlight";
// An invoice's line items as a table, in printed order, with their sum.
import type { InvoiceData } from "@/lib/kernel/contract";
import { formatAmount, invoiceCurrency } from "@/lib/result/invoice-text";

/** Line items with a box on the page (one read from an e-invoice's XML may have none). */
export function lineItemHighlights(data: InvoiceData): Highlight[] {
  return data.line_items.flatMap(({ page, bbox }, i) =>
    page !== undefined && bbox
      ? [{ id: `item:${i}`, label: `Line item ${i + 1}`, page, bbox }]
      : [],
  );
}

const numberFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 4 });
const cell = "px-3 py-2 text-right tabular-nums";

export function InvoiceLineItems({
  data,
  highlights,
  handlers,
  activeId,
}: {
  data: InvoiceData;
  highlights: readonly Highlight[];
  handlers: (target: Highlight) => HighlightHandlers;
  activeId: string | undefined;
}) {
  const currency = invoiceCurrency(data);
  const money = (n: number | null) => (n === null ? "—" : formatAmount(n, currency));
  if (data.line_items.length === 0) {
    return <p className="text-slate-500 text-sm">No line items were found on this invoice.</p>;
  }
  const amounts = data.line_items.flatMap((item) => (item.amount === null ? [] : [item.amount]));
  const sum = Math.round(amounts.reduce((a, b) => a + b, 0) * 100) / 100;
  return (
    // Scrolls sideways on a phone; focusable so a keyboard can scroll it too.
    <section
      aria-label="Line items"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (axe: scrollable-region-focusable).
      tabIndex={0}
      className="overflow-x-auto"
    >
      <table className="w-full min-w-[32rem] text-sm" data-testid="line-items">
        <thead className="border-slate-200 border-b text-slate-600 text-xs">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Description
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Quantity
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Unit price
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {data.line_items.map((item, i) => {
            const target = highlights.find((h) => h.id === `item:${i}`);
            return (
              <tr
                // biome-ignore lint/suspicious/noArrayIndexKey: printed order is the identity.
                key={i}
                tabIndex={0}
                {...(target ? handlers(target) : {})}
                data-active={target && target.id === activeId ? true : undefined}
                className="hover:bg-amber-50 focus-visible:bg-amber-50 focus-visible:outline-2 focus-visible:outline-amber-600 focus-visible:-outline-offset-2 data-active:bg-amber-50"
              >
                <td className="px-3 py-2 text-slate-900">{item.description}</td>
                <td className={cell}>
                  {item.quantity === null ? "—" : numberFormat.format(item.quantity)}
                </td>
                <td className={cell}>{money(item.unit_price)}</td>
                <td className={`${cell} font-medium text-slate-900`}>{money(item.amount)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot className="border-slate-200 border-t text-slate-700">
          <tr>
            <th scope="row" colSpan={3} className="px-3 py-2 text-right font-medium">
              Sum of line items
            </th>
            <td className={`${cell} font-semibold`} data-testid="line-items-sum">
              {money(sum)}
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
