// The invoice extractors on whole invoices of hand-placed words (no OCR): labelled
// fields, item tables and taxes, on a page and on a tilted photo, and layouts that put
// the parties, the number and the date elsewhere.
import { describe, expect, it } from "vitest";
import { extractByLayout, extractByPatterns } from "../src/providers/invoices/extract";
import { amounts, big, document, valuesOf, withWords } from "./invoice-words";

const GERMAN: [number, number, string][] = [
  [50, 40, "Brandt Bürotechnik GmbH"],
  [50, 70, "Lindenallee 3"],
  [50, 95, "80331 München"],
  [700, 40, "RECHNUNG"],
  [700, 100, "Rechnungsnummer:"],
  [1000, 100, "RE-2026-77"],
  [700, 130, "Rechnungsdatum:"],
  [1000, 130, "3. März 2026"],
  [700, 160, "Vervaidatum"],
  [1000, 160, "17.03.2026"],
  [50, 200, "Kunde:"],
  [50, 230, "Keller KG"],
  [50, 255, "Gartenweg 12"],
  [50, 280, "50667 Köln"],
  [50, 360, "Pos."],
  [120, 360, "Beschreibung"],
  [600, 360, "Menge"],
  [760, 360, "Einzelpreis"],
  [950, 360, "MwSt."],
  [1080, 360, "Betrag"],
  [50, 400, "1"],
  [120, 400, "Bürostuhl"],
  [600, 400, "2"],
  [760, 400, "1.250,00"],
  [950, 400, "19%"],
  [1080, 400, "2.500,00"],
  [50, 430, "2"],
  [120, 430, "Fachbuch"],
  [600, 430, "3"],
  [760, 430, "40,00"],
  [950, 430, "7%"],
  [1080, 430, "120,00"],
  [700, 500, "Zwischensumme"],
  [1000, 500, "2.620,00 €"],
  [700, 530, "MwSt. 19%"],
  [1000, 530, "475,00 €"],
  [700, 560, "MwSt. 7%"],
  [1000, 560, "8,40 €"],
  [700, 590, "Gesamtbetrag"],
  [1000, 590, "3.103,40 €"],
];

describe("an invoice's labelled fields, items and taxes", () => {
  it("reads labelled fields, a header's item table and taxes at two rates", () => {
    const data = extractByLayout(document(GERMAN));
    const values = Object.fromEntries(Object.entries(data.fields).map(([k, f]) => [k, f.value]));
    expect(values).toEqual({
      supplier_name: "Brandt Bürotechnik GmbH",
      supplier_address: "Lindenallee 3, 80331 München",
      customer_name: "Keller KG",
      customer_address: "Gartenweg 12, 50667 Köln",
      invoice_number: "RE-2026-77",
      invoice_date: "2026-03-03",
      // The label misread by one letter still counts.
      due_date: "2026-03-17",
      currency: "EUR",
      subtotal: 2620,
      tax_amount: 483.4,
      total: 3103.4,
    });
    expect(data.fields.tax_amount.text).toBe("475,00 + 8,40");
    expect(data.line_items.map((i) => [i.description, i.quantity, i.unit_price, i.amount])).toEqual(
      [
        ["Bürostuhl", 2, 1250, 2500],
        ["Fachbuch", 3, 40, 120],
      ],
    );
    expect(data.checks).toEqual({
      line_items_match_subtotal: true,
      subtotal_and_tax_match_total: true,
      dates_plausible: true,
    });
    expect(data.document_kind).toBe("invoice");
  });

  it("pairs labels and values on a tilted photo, and keeps the words' own boxes", () => {
    // 3° or so: a label and its value 300 px apart are 15 px off their line.
    const data = extractByLayout(document(GERMAN, 0.05));
    expect(data.fields.invoice_number.value).toBe("RE-2026-77");
    expect(data.fields.total.value).toBe(3103.4);
    expect(data.line_items).toHaveLength(2);
    // "3.103,40" starts at x 1000: lifted by about 1040 × 0.05.
    expect(data.fields.total.bbox?.y0).toBeCloseTo(590 + 1040 * 0.05, -1);
  });

  it("finds items without a header and the totals by their sum", () => {
    const data = extractByPatterns(
      document([
        [50, 40, "INVOICE 2026-0117"],
        [50, 100, "Stapler"],
        [700, 100, "3"],
        [850, 100, "4.50"],
        [1050, 100, "13.50"],
        [50, 130, "Paper A4"],
        [700, 130, "2"],
        [850, 130, "7.25"],
        [1050, 130, "14.50"],
        [700, 200, "Net"],
        [1050, 200, "28.00"],
        [700, 230, "VAT"],
        [1050, 230, "5.60"],
        [700, 260, "Due now"],
        [1050, 260, "$33.60"],
      ]),
    );
    expect(data.fields.invoice_number.value).toBe("2026-0117");
    expect([
      data.fields.subtotal.value,
      data.fields.tax_amount.value,
      data.fields.total.value,
    ]).toEqual([28, 5.6, 33.6]);
    expect(data.fields.currency.value).toBe("USD");
    expect(data.line_items.map((i) => [i.description, i.quantity, i.unit_price, i.amount])).toEqual(
      [
        ["Stapler", 3, 4.5, 13.5],
        ["Paper A4", 2, 7.25, 14.5],
      ],
    );
    expect(data.checks.line_items_match_subtotal).toBe(true);
  });
});

describe("invoice layouts: letterheads, footers, headings", () => {
  it("a German letter: letterhead, window under 'Rechnungsempfänger', amounts as 2.518,04 €", () => {
    const letter = withWords(
      document([
        [50, 120, "Brandt & Kern GmbH · Lindenallee 3 · 80331 München"],
        [50, 170, "Rechnungsempfänger"],
        [50, 200, "Keller Werkzeugbau KG"],
        [50, 225, "Gartenweg 12"],
        [50, 250, "50667 Köln"],
        [700, 170, "Rechnungsnummer:"],
        [950, 170, "RE-2024-0117"],
        [700, 200, "Rechnungsdatum:"],
        [950, 200, "05.03.2024"],
        [50, 330, "Pos."],
        [120, 330, "Bezeichnung"],
        [600, 330, "Menge"],
        [760, 330, "Einzelpreis"],
        [1000, 330, "Gesamtpreis"],
        [50, 360, "1"],
        [120, 360, "Schraubstock"],
        [600, 360, "2"],
        [760, 360, "1.059,00 €"],
        [1000, 360, "2.118,00 €"],
        [50, 390, "2"],
        [120, 390, "Werkbank"],
        [600, 390, "1"],
        [760, 390, "400,04 €"],
        [1000, 390, "400,04 €"],
        [700, 450, "Nettobetrag"],
        [1000, 450, "2.518,04 €"],
        [700, 480, "zzgl. 19 % USt."],
        [1000, 480, "478,43 €"],
        [700, 510, "Rechnungsbetrag"],
        [1000, 510, "2.996,47 €"],
        [50, 1500, "Brandt & Kern GmbH"],
        [500, 1500, "IBAN DE12 6005 0101 1234 5678 90"],
        [50, 1525, "Lindenallee 3"],
        [500, 1525, "BIC SOLADEST600"],
        [50, 1550, "80331 München"],
      ]),
      big(50, 40, "Brandt & Kern", 40),
    );
    const data = extractByLayout(letter);
    expect(valuesOf(data)).toMatchObject({
      // The footer's party: beside the bank details, printed again in the sender line.
      supplier_name: "Brandt & Kern GmbH",
      supplier_address: "Lindenallee 3, 80331 München",
      customer_name: "Keller Werkzeugbau KG",
      customer_address: "Gartenweg 12, 50667 Köln",
      invoice_number: "RE-2024-0117",
      invoice_date: "2024-03-05",
      currency: "EUR",
      subtotal: 2518.04,
      tax_amount: 478.43,
      total: 2996.47,
    });
    expect(amounts(data)).toEqual([2118, 400.04]);
    expect(data.checks).toMatchObject({
      line_items_match_subtotal: true,
      subtotal_and_tax_match_total: true,
    });
  });

  it("the supplier only in a footer, beside its VAT number and bank details", () => {
    const data = extractByLayout(
      document([
        [50, 60, "INVOICE"],
        [50, 120, "Invoice no: 4471"],
        [50, 150, "Date: 12 April 2024"],
        [50, 220, "Client"],
        [50, 250, "Hartley Bakery"],
        [50, 275, "9 Quay Street"],
        [50, 300, "Bristol BS1 4DJ"],
        [50, 400, "Description"],
        [700, 400, "Qty"],
        [850, 400, "Price"],
        [1050, 400, "Amount"],
        [50, 430, "Oven servicing"],
        [700, 430, "1"],
        [850, 430, "240.00"],
        [1050, 430, "240.00"],
        [700, 500, "Subtotal"],
        [1050, 500, "240.00"],
        [700, 530, "VAT 20%"],
        [1050, 530, "48.00"],
        [700, 560, "Total"],
        [1050, 560, "£288.00"],
        [50, 1500, "Penrose Engineering Ltd"],
        [500, 1500, "VAT Reg No GB 123 4567 89"],
        [50, 1525, "4 Dock Road"],
        [500, 1525, "Sort code 12-34-56"],
        [50, 1550, "Leeds LS1 4AB"],
        [500, 1550, "IBAN GB29 NWBK 6016 1331 9268 19"],
      ]),
    );
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "Penrose Engineering Ltd",
      supplier_address: "4 Dock Road, Leeds LS1 4AB",
      customer_name: "Hartley Bakery",
      customer_address: "9 Quay Street, Bristol BS1 4DJ",
      invoice_number: "4471",
      invoice_date: "2024-04-12",
      currency: "GBP",
      total: 288,
    });
  });

  it("CHF as 2'146.87, a rounding line, the number and date inside the heading, 'Käufer'", () => {
    const data = extractByLayout(
      document([
        [50, 40, "Alpenblick Holzbau AG · Seestrasse 8 · 8002 Zürich"],
        [50, 100, "Handelsrechnung Nr. 471102 vom 05.03.2024"],
        [50, 160, "Käufer"],
        [50, 190, "Gasthof Linde GmbH"],
        [50, 215, "Dorfplatz 1"],
        [50, 240, "6020 Innsbruck"],
        [50, 320, "Pos."],
        [120, 320, "Beschreibung"],
        [600, 320, "Menge"],
        [760, 320, "Preis CHF"],
        [1000, 320, "Betrag CHF"],
        [50, 350, "1"],
        [120, 350, "Eichentisch"],
        [600, 350, "1"],
        [760, 350, "1'985.00"],
        [1000, 350, "1'985.00"],
        [700, 420, "Total exkl. MWST"],
        [1000, 420, "1'985.00"],
        [700, 450, "MWST 8.1 %"],
        [1000, 450, "160.79"],
        [700, 480, "Rundungsdifferenz"],
        [1000, 480, "0.01"],
        [700, 510, "Total CHF"],
        [1000, 510, "2'145.80"],
      ]),
    );
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "Alpenblick Holzbau AG",
      customer_name: "Gasthof Linde GmbH",
      invoice_number: "471102",
      invoice_date: "2024-03-05",
      currency: "CHF",
      subtotal: 1985,
      tax_amount: 160.79,
      total: 2145.8,
    });
    expect(amounts(data)).toEqual([1985]);
    // The rounding line counts: 1985.00 + 160.79 + 0.01 = 2145.80.
    expect(data.checks.subtotal_and_tax_match_total).toBe(true);
  });
});
