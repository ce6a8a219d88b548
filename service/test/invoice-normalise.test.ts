// Normalising printed invoice values: dates, amounts, currencies.
import { describe, expect, it } from "vitest";
import { dateOrder, findAmounts, findCurrency, findDate } from "../src/invoices/normalise";

describe("dates", () => {
  it.each([
    ["March 3, 2026", "2026-03-03"],
    ["14/02/2026", "2026-02-14"],
    ["2026-10-05", "2026-10-05"],
    ["3. März 2026", "2026-03-03"],
    ["3 mars 2026", "2026-03-03"],
    ["3 de marzo de 2026", "2026-03-03"],
    ["12 maart 2026", "2026-03-12"],
    ["Invoice date: 3 Mar 2026", "2026-03-03"],
    ["Zahlbar bis 25.03.2026", "2026-03-25"],
  ])("%s is %s", (printed, iso) => {
    expect(findDate(printed)?.value).toBe(iso);
  });

  it("keeps the text as printed and where it starts", () => {
    expect(findDate("Due: March 3, 2026")).toEqual({
      value: "2026-03-03",
      text: "March 3, 2026",
      index: 5,
    });
  });

  it("reads day and month in the document's order", () => {
    expect(findDate("03/04/2026", "mdy")?.value).toBe("2026-03-04");
    expect(findDate("03/04/2026", "dmy")?.value).toBe("2026-04-03");
    // Dotted dates are day first whatever the order.
    expect(findDate("03.04.2026", "mdy")?.value).toBe("2026-04-03");
  });

  it("decides the order by an unambiguous date, else by the currency", () => {
    expect(dateOrder("Date 14/02/2026, due 03/04/2026", "USD")).toBe("dmy");
    expect(dateOrder("Date 02/14/2026, due 03/04/2026", "EUR")).toBe("mdy");
    expect(dateOrder("Date 03/04/2026", "USD")).toBe("mdy");
    expect(dateOrder("Date 03/04/2026", "EUR")).toBe("dmy");
  });

  it("finds nothing without a full date", () => {
    expect(findDate("Invoice INV-2026-0042")).toBeUndefined();
    expect(findDate("March 2026")).toBeUndefined();
  });
});

describe("amounts", () => {
  const values = (text: string) => findAmounts(text).map((a) => a.value);
  it.each([
    ["$2,418.75", 2418.75],
    ["1.234,56", 1234.56],
    ["1 234,56 EUR", 1234.56],
    ["EUR 1.234,56", 1234.56],
    ["£13,405.64", 13405.64],
    ["1'234.50 CHF", 1234.5],
    ["(12.50)", -12.5],
    ["12,5", 12.5],
    ["0.125", 0.125],
    ["1.4590 EUR", 1.459],
  ])("%s is %d", (printed, value) => {
    expect(values(printed)).toEqual([value]);
  });

  it("does not read dates, percentages or numbers inside words as amounts", () => {
    expect(values("11.03.2026")).toEqual([]);
    expect(values("VAT 20%")).toEqual([]);
    expect(values("INV-2026-1234")).toEqual([]);
  });

  it("keeps a quantity and a price apart", () => {
    expect(values("2 100.00")).toEqual([2, 100]);
  });
});

describe("currencies", () => {
  it.each([
    ["EUR 12.00", "EUR"],
    ["12,00 €", "EUR"],
    ["$2,418.75", "USD"],
    ["£3.50", "GBP"],
    ["CHF 10.00", "CHF"],
    ["A$ 10.00", "AUD"],
  ])("%s is %s", (printed, code) => {
    expect(findCurrency(printed)?.value).toBe(code);
  });

  it("takes only ISO 4217 codes", () => {
    expect(findCurrency("ABC 12.00")).toBeUndefined();
  });
});
