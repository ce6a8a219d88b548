// Normalising printed invoice values: dates, amounts, currencies.
import { describe, expect, it } from "vitest";
import { isSummaryLine, matchColumn, matchLabel } from "../src/providers/invoices/labels";
import {
  dateOrder,
  findAmounts,
  findCurrency,
  findDate,
  hasDecimals,
} from "../src/providers/invoices/normalise";

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

  it("decides the order by an unambiguous date, else by the currency or a US address", () => {
    expect(dateOrder("Date 14/02/2026, due 03/04/2026", "USD")).toBe("dmy");
    expect(dateOrder("Date 02/14/2026, due 03/04/2026", "EUR")).toBe("mdy");
    expect(dateOrder("Date 03/04/2026", "USD")).toBe("mdy");
    expect(dateOrder("Date 03/04/2026", "EUR")).toBe("dmy");
    expect(dateOrder("1450 W Addison St\nChicago IL 60613\n10/02/2025 14:22", null)).toBe("mdy");
    expect(dateOrder("Denver, CO 80218-1234\n10/02/2025", null)).toBe("mdy");
    // A Malaysian postcode after a state's name is no ZIP code.
    expect(dateOrder("83000 BATU PAHAT, JOHOR\n10/02/2025", null)).toBe("dmy");
  });

  it("finds nothing without a full date", () => {
    expect(findDate("Invoice INV-2026-0042")).toBeUndefined();
    expect(findDate("March 2026")).toBeUndefined();
    expect(findDate("Tel 05.12. 1234")).toBeUndefined();
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
    ["1,234.50", 1234.5],
    ["2.518,04 €", 2518.04],
    ["1 234,50 €", 1234.5],
    ["1\u202f234,50 €", 1234.5],
    ["2'146.87", 2146.87],
    ["CHF 2’146.87", 2146.87],
    ["€2,518.04", 2518.04],
    ["-13.40", -13.4],
    // A deposit returned, as German tills print it.
    ["0,25-", -0.25],
    ["0,45-V", -0.45],
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
    // A range's dash is no sign.
    expect(values("10.00-12.00")[0]).toBe(10);
  });

  it("has decimals only where they are read as decimals", () => {
    const decimals = (text: string) => findAmounts(text).map(hasDecimals);
    expect(decimals("12.50")).toEqual([true]);
    expect(decimals("2.518,04")).toEqual([true]);
    // Thousands grouped, no decimals: a share capital, not money of the invoice.
    expect(decimals("3.441.812")).toEqual([false]);
    expect(decimals("1.234")).toEqual([false]);
  });
});

describe("dates as receipts and folios print them", () => {
  it.each([
    ["12/31/2019", "2019-12-31"],
    ["31.12.19", "2019-12-31"],
    // A German till's day in one digit.
    ["5.09.15 19:20 86558145 0535", "2015-09-05"],
    ["2019-12-31", "2019-12-31"],
    ["Dec 31, 2019", "2019-12-31"],
    ["31 DEC 2019", "2019-12-31"],
    ["31-12-2019 14:02", "2019-12-31"],
    // A day, a month's name and a two-digit year, run together or hyphenated.
    ["Check-out 05Nov23 11:40", "2023-11-05"],
    ["DATE: 09-JUL-18", "2018-07-09"],
    ["14 Feb 22 08:15", "2022-02-14"],
    // A comma misread as a dot after the day.
    ["August 7. 2023", "2023-08-07"],
    // Malay months.
    ["29 Dis 2017", "2017-12-29"],
    ["TARIKH: 01 Ogos 2018", "2018-08-01"],
    // A year run into the time after it.
    ["28-02-2312:46", "2023-02-28"],
    ["6/10/201913:59", "2019-10-06"],
    // A till's dotted date, its year read a space apart.
    ["02.05. 2020 16:39 3619", "2020-05-02"],
    // An ISO date with its time, the time misread ("T18: 13").
    ["Emissa0:2022-09-03T18: 13:32-03", "2022-09-03"],
  ])("%s is %s", (printed, iso) => {
    expect(findDate(printed)?.value).toBe(iso);
  });

  it("keeps a run-together date's text and place", () => {
    expect(findDate("Arr. 05Nov23")).toEqual({ value: "2023-11-05", text: "05Nov23", index: 5 });
    expect(findDate("Paid August 7. 2023")?.text).toBe("August 7. 2023");
    expect(findDate("Date 28/02/2312:46")).toEqual({
      value: "2023-02-28",
      text: "28/02/2312:46",
      index: 5,
    });
  });

  it("reads a till's date whose dots were read as colons, the time after it", () => {
    expect(findDate("3182 748433/01 02:03:20 15:59")).toEqual({
      value: "2020-03-02",
      text: "02:03:20",
      index: 15,
    });
    // A time with its seconds, alone or with no time after it, is no date.
    expect(findDate("Zeit 15:59:20")).toBeUndefined();
    expect(findDate("02:03:20")).toBeUndefined();
    expect(findDate("12:30:45 13:00")).toBeUndefined();
  });

  it("reads no date in a month's name before a price or inside a word", () => {
    expect(findDate("1 Dec 24.50")).toBeUndefined();
    expect(findDate("Unit 3 Market 21")).toBeUndefined();
    expect(findDate("31Feb21")).toBeUndefined();
    expect(findDate("31.02.21")).toBeUndefined();
    // A price's digits with a dot more, a two-digit year still to come.
    expect(findDate("7.3.82")).toBeUndefined();
    expect(findDate("7.03.82")).toBeUndefined();
    expect(findDate("Total 1.234.56")).toBeUndefined();
  });
});

describe("amounts and currencies as receipts in Asia print them", () => {
  it("reads Indian lakhs and crores", () => {
    expect(findAmounts("₹ 1,23,456.50").map((a) => a.value)).toEqual([123456.5]);
    expect(findAmounts("Total 12,34,56,789.00").map((a) => a.value)).toEqual([123456789]);
    expect(findAmounts("2,345,678.00").map((a) => a.value)).toEqual([2345678]);
  });

  it("reads an amount that a currency's letters run into", () => {
    expect(findAmounts("TOTAL RM18.45")).toEqual([{ value: 18.45, text: "18.45", index: 8 }]);
    expect(findAmounts("EUR12,50").map((a) => a.value)).toEqual([12.5]);
    expect(findAmounts("INV2026")).toEqual([]);
    // A euro sign read as "e" or "c" (PaddleOCR on a till's slip); not a code's letter.
    expect(findAmounts("Total e17,33")).toEqual([{ value: 17.33, text: "17,33", index: 7 }]);
    expect(findAmounts("Bar c20.00").map((a) => a.value)).toEqual([20]);
    expect(findAmounts("Code e12345")).toEqual([]);
  });

  it("reads an amount alone in its cell with a space read beside its decimal point", () => {
    const [amount] = findAmounts("51. 05");
    expect(amount).toEqual({ value: 51.05, text: "51. 05", index: 0 });
    expect(amount && hasDecimals(amount)).toBe(true);
    expect(findAmounts("RM 1,284. 05").map((a) => a.value)).toEqual([1284.05]);
    // With the till's mark of its tax class after it.
    expect(findAmounts("EUR 19. 99 *").map((a) => a.value)).toEqual([19.99]);
    expect(findAmounts("3 ,50 B").map((a) => a.value)).toEqual([3.5]);
    expect(findAmounts("RM31 .45").map((a) => a.value)).toEqual([31.45]);
    // Not among other words and numbers: a date, a list.
    expect(findAmounts("12. 05. 2019").map((a) => a.value)).toEqual([12, 5, 2019]);
    expect(findAmounts("Items 1. 25").map((a) => a.value)).toEqual([1, 25]);
  });

  it("reads no sign that runs into a word: an S read as $", () => {
    expect(findCurrency("Bitte überprüfen $ie Ihren Einkauf.")).toBeUndefined();
    expect(findCurrency("$BAOSRO2ZATAT")).toBeUndefined();
    expect(findCurrency("Total $12.50")?.value).toBe("USD");
    expect(findCurrency("Summe 12,50€")?.value).toBe("EUR");
    expect(findCurrency("€/Stk")?.value).toBe("EUR");
  });

  it("reads RM as ringgit and S$ as Singapore dollars", () => {
    expect(findCurrency("TOTAL RM 18.45")?.value).toBe("MYR");
    expect(findCurrency("S$ 12.50")?.value).toBe("SGD");
    expect(findCurrency("Form RMA-2")).toBeUndefined();
  });

  it("reads R$ as reais, Rp as rupiah, and the rand's R run into an amount with cents", () => {
    expect(findCurrency("VALOR TOTAL R$ 439,97")?.value).toBe("BRL");
    expect(findCurrency("Amount :30000. Rp")?.value).toBe("IDR");
    expect(findCurrency("Group 4")).toBeUndefined();
    expect(findAmounts("R1374945.00").map((a) => a.value)).toEqual([1374945]);
    // Not a reference without cents ("R2D2", "R12").
    expect(findAmounts("R12").map((a) => a.value)).toEqual([]);
  });
});

describe("dates that only look like dates", () => {
  it("reads no date in an item's numbers or a short year", () => {
    // "set" is Italian and Portuguese for September, "9 24" no day and year.
    expect(findDate("Cable set 9 24.78 223.02")).toBeUndefined();
    expect(findDate("Mar 9 24")).toBeUndefined();
  });

  it("reads no year before 1970 nor a date of two separators, and reads on past them", () => {
    // A till's register and transaction numbers before the date ("0022" is no year 22).
    expect(findDate("117 4782 0022 05/24/2022 1:10 PM", "mdy")?.value).toBe("2022-05-24");
    expect(findDate("0022 05/24")).toBeUndefined();
    // "2/4.00": two for 4.00, a multi-buy's price.
    expect(findDate("1 @ 2.19 or 2/4.00")).toBeUndefined();
    expect(findDate("12/03/1969")).toBeUndefined();
  });

  it("reads a date inside a heading", () => {
    expect(findDate("Handelsrechnung Nr. 471102 vom 05.03.2018")?.value).toBe("2018-03-05");
    expect(findDate("Facture n°562044387 du 02 Juillet 2015")?.value).toBe("2015-07-02");
  });
});

describe("labels", () => {
  it.each([
    ["Käufer", "customer"],
    ["Rechnungsempfänger", "customer"],
    ["Factuuradres", "customer"],
    ["Cessionario / committente", "customer"],
    ["Destinatario", "customer"],
    ["Sold to:", "customer"],
    ["Sold By :", "supplier"],
    ["Service Provider:", "supplier"],
    ["Inv #", "invoice_number"],
    ["Bill No.", "invoice_number"],
    ["Items total", "subtotal"],
    ["Total exkl. MWST", "subtotal"],
    ["Montant EUR HT", "subtotal"],
    ["Total CHF", "total"],
    ["Rundungsdifferenz", "adjustment"],
    ["Shipping & handling", "adjustment"],
    ["Remise 5 %", "adjustment"],
    ["Ship to", "ship_to"],
    ["Eat-In Total (incl GST)", "total"],
    ["TOTAL INCLUDES GST OF", "tax_amount"],
    ["TOTALE COMPLESSIVO EURO", "total"],
    ["di cui IVA", "tax_amount"],
    ["SUMA PLN", "total"],
    ["SUMA PTU", "tax_amount"],
  ])("%s labels %s", (text, kind) => {
    expect(matchLabel(text)?.kind).toBe(kind);
  });

  it("reads a title with its number as the number's label", () => {
    const label = matchLabel("Handelsrechnung Nr. 471102 vom 05.03.2018");
    expect(label?.kind).toBe("invoice_number");
  });

  it.each([
    ["Hours", "quantity"],
    ["Hrs", "quantity"],
    ["Anzahl", "quantity"],
    ["Qté", "quantity"],
    ["Cantidad", "quantity"],
    ["Quantità", "quantity"],
    ["Aantal", "quantity"],
    ["Quantidade", "quantity"],
    ["Units", "quantity"],
    ["Prijs per stuk", "unit_price"],
    ["Preis CHF", "unit_price"],
    ["Gesamtpreis", "amount"],
  ])("the column %s is %s", (text, role) => {
    expect(matchColumn(text)?.kind).toBe(role);
  });

  it("tells a line that sums or adjusts the items from an item", () => {
    expect(isSummaryLine("Subtotal $ 112.00")).toBe("subtotal");
    expect(isSummaryLine("Tax 15% on $ 112.90 $ 16.94")).toBe("tax_amount");
    expect(isSummaryLine("Discount (10%) -13.40")).toBe("adjustment");
    expect(isSummaryLine("Total 1 278.61 40.39 319.00")).toBe("total");
    // A label word that begins a description is no sum.
    expect(isSummaryLine("Delivery and handling 3 33,02 99,06")).toBeUndefined();
    expect(isSummaryLine("Tax consulting services 1 500.00")).toBeUndefined();
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
    ["Rs 1939", "INR"],
  ])("%s is %s", (printed, code) => {
    expect(findCurrency(printed)?.value).toBe(code);
  });

  it("takes only ISO 4217 codes", () => {
    expect(findCurrency("ABC 12.00")).toBeUndefined();
  });

  it("takes a code that is also a word in capitals only alone", () => {
    // Rice of the SOS brand is no Somali shilling, "ALL ITEMS" no Albanian lek.
    expect(findCurrency("1 ARROZ SOS 1,88")).toBeUndefined();
    expect(findCurrency("ALL ITEMS 12.00")).toBeUndefined();
    expect(findCurrency("SOS")?.value).toBe("SOS");
    expect(findCurrency("TRY 12,00")?.value).toBe("TRY");
  });

  it("reads a sign made of letters only as a word of its own", () => {
    expect(findCurrency("Orders 12")).toBeUndefined();
    expect(findCurrency("Hours 12")).toBeUndefined();
  });
});
