// An invoice's self-checks: totals that do not add up and dates that cannot be
// the invoice's make the answer unsure, so the router tries the next provider;
// discount, shipping and rounding lines count where they stand.
import { describe, expect, it } from "vitest";
import type { InvoiceData, InvoiceField } from "@/lib/kernel/contract";
import { checkInvoice, datesPlausible, invoiceChecks } from "../src/providers/invoices/checks";

const f = (value: string | number | null): InvoiceField =>
  value === null
    ? { value: null, text: "", confidence: 0, page: 1 }
    : { value, text: String(value), confidence: 0.9, page: 1 };

function fields(values: Partial<Record<keyof InvoiceData["fields"], string | number>>) {
  const names = [
    "supplier_name",
    "supplier_address",
    "customer_name",
    "customer_address",
    "invoice_number",
    "invoice_date",
    "due_date",
    "currency",
    "subtotal",
    "tax_amount",
    "total",
  ] as const;
  return Object.fromEntries(names.map((n) => [n, f(values[n] ?? null)])) as InvoiceData["fields"];
}

const item = (amount: number) => ({
  description: "x",
  quantity: 1,
  unit_price: amount,
  amount,
  confidence: 0.9,
});

function answer(
  values: Parameters<typeof fields>[0],
  amounts: number[],
  kind: InvoiceData["document_kind"] = "invoice",
): InvoiceData {
  const all = fields(values);
  const line_items = amounts.map(item);
  return {
    fields: all,
    line_items,
    checks: invoiceChecks(all, line_items),
    text: "",
    pages: [],
    document_kind: kind,
  };
}

const TODAY = new Date(Date.UTC(2026, 5, 1));

describe("dates", () => {
  it("takes an invoice's dates from decades back to a little ahead", () => {
    expect(datesPlausible(fields({ invoice_date: "2014-05-07" }), TODAY)).toBe(true);
    expect(
      datesPlausible(fields({ invoice_date: "2026-03-01", due_date: "2026-03-31" }), TODAY),
    ).toBe(true);
    expect(datesPlausible(fields({}), TODAY)).toBeNull();
  });

  it("refuses a year far from now, and a due date before the invoice's", () => {
    expect(datesPlausible(fields({ invoice_date: "1926-03-01" }), TODAY)).toBe(false);
    expect(datesPlausible(fields({ invoice_date: "2096-03-01" }), TODAY)).toBe(false);
    expect(
      datesPlausible(fields({ invoice_date: "2026-03-31", due_date: "2026-03-01" }), TODAY),
    ).toBe(false);
    expect(
      datesPlausible(fields({ invoice_date: "2024-03-01", due_date: "2026-03-01" }), TODAY),
    ).toBe(false);
  });
});

describe("totals", () => {
  it("counts discount, shipping and rounding where they stand", () => {
    const all = fields({ subtotal: 120.6, tax_amount: 9.95, total: 155.55 });
    // 134.00 of items, a discount of 13.40 makes the subtotal; shipping of 25.00 the total.
    const checks = invoiceChecks(all, [item(85), item(49)], { items: -13.4, total: 25 });
    expect(checks.line_items_match_subtotal).toBe(true);
    expect(checks.subtotal_and_tax_match_total).toBe(true);
    expect(invoiceChecks(all, [item(85), item(49)]).subtotal_and_tax_match_total).toBe(false);
  });
});

describe("what decides failover", () => {
  it("is sure when everything holds", () => {
    const check = checkInvoice(
      answer({ invoice_date: "2026-03-01", subtotal: 100, tax_amount: 19, total: 119 }, [60, 40]),
    );
    expect(check.confident).toBe(true);
  });

  it("is unsure when the totals do not add up, and says by how much", () => {
    const check = checkInvoice(answer({ subtotal: 100, tax_amount: 19, total: 219 }, [60, 40]));
    expect(check).toMatchObject({ confident: false });
    expect(check.reason).toContain("subtotal and tax make 119.00, the total reads 219.00");
  });

  it("is unsure when a date cannot be the invoice's", () => {
    const data = answer(
      { invoice_date: "2026-03-31", due_date: "2026-03-01", subtotal: 100, total: 100 },
      [100],
    );
    expect(data.checks.dates_plausible).toBe(false);
    const check = checkInvoice(data);
    expect(check.confident).toBe(false);
    expect(check.reason).toContain("the dates cannot be the invoice's");
  });

  it("asks a receipt for a total, not for line items", () => {
    const dated = { invoice_date: "2026-03-01", total: 5.65 };
    expect(checkInvoice(answer(dated, [], "receipt")).confident).toBe(true);
    expect(checkInvoice(answer(dated, [], "invoice")).reason).toContain("no line items found");
  });

  it("keeps a receipt whose items do not add up sure, its check false; not an invoice", () => {
    const values = { invoice_date: "2026-03-01", subtotal: 9.36, tax_amount: 1.2, total: 10.56 };
    const receipt = answer(values, [1.49, 9.32], "receipt");
    expect(receipt.checks.line_items_match_subtotal).toBe(false);
    expect(checkInvoice(receipt).confident).toBe(true);
    const invoice = checkInvoice(answer(values, [1.49, 9.32], "invoice"));
    expect(invoice.reason).toContain("line items add up to 10.81, the subtotal reads 9.36");
  });

  it("is unsure of an answer with no date: every invoice and receipt is dated", () => {
    const check = checkInvoice(answer({ total: 21 }, [], "receipt"));
    expect(check.confident).toBe(false);
    expect(check.reason).toBe("no date found");
  });
});
