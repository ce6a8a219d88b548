// The total, the subtotal and the tax: by their labels, and from a tax table's rows.
import { describe, expect, it } from "vitest";
import { checkInvoice } from "../src/providers/invoices/checks";
import { extractByLayout, extractByPatterns } from "../src/providers/invoices/extract";
import { amounts, big, document, valuesOf, withWords } from "./invoice-words";

describe("the total, subtotal and tax by their labels", () => {
  it("prices with the tax in them add up to the total: the answer stays sure", () => {
    const data = extractByLayout(
      document([
        [50, 40, "Coolshop B.V."],
        [50, 65, "Weena 12"],
        [50, 90, "3012 CN Rotterdam"],
        [700, 40, "FACTUUR"],
        [700, 90, "Factuurnummer: 993548900"],
        [700, 115, "Factuurdatum: 19 april 2014"],
        [50, 300, "Artikel"],
        [700, 300, "Aantal"],
        [1050, 300, "Prijs incl. BTW"],
        [50, 330, "Tablet 10 inch"],
        [700, 330, "1"],
        [1050, 330, "€ 399,00"],
        [50, 360, "Incl. recyclingbijdrage €3.50"],
        [700, 360, "1"],
        [1050, 360, "€ 4,24"],
        [50, 390, "Hoes zwart"],
        [700, 390, "1"],
        [1050, 390, "€ 19,99"],
        [50, 500, "Exclusief BTW"],
        [300, 500, "€ 346,28"],
        [700, 500, "Subtotaal"],
        [1050, 500, "€ 418,99"],
        [50, 530, "BTW 21%"],
        [300, 530, "€ 72,71"],
        [700, 560, "Totaal"],
        [1050, 560, "€ 418,99"],
      ]),
    );
    // "Subtotaal" here has the tax in it: the subtotal that makes the total with the tax is taken.
    expect(valuesOf(data)).toMatchObject({ subtotal: 346.28, tax_amount: 72.71, total: 418.99 });
    // The "Incl." line is part of the item above it, no item.
    expect(amounts(data)).toEqual([399, 19.99]);
    expect(data.checks.line_items_match_subtotal).toBe(false);
    expect(checkInvoice(data).confident).toBe(true);
  });

  it("a total's row under the columns with net, tax and gross, and no subtotal's label", () => {
    const data = extractByLayout(
      document([
        [50, 40, "Suministros Ibéricos S.L."],
        [50, 65, "Calle Mayor 8"],
        [50, 90, "28013 Madrid"],
        [700, 120, "Factura nº: F-2024-090"],
        [700, 150, "Fecha: 05/06/2024"],
        [50, 300, "Artículo"],
        [500, 300, "Cant."],
        [650, 300, "Base"],
        [850, 300, "IVA"],
        [1050, 300, "Importe"],
        [50, 340, "Tóner negro"],
        [500, 340, "2"],
        [650, 340, "150,00"],
        [850, 340, "31,50"],
        [1050, 340, "181,50"],
        [400, 420, "Total"],
        [500, 420, "2"],
        [650, 420, "150,00"],
        [850, 420, "31,50"],
        [1050, 420, "181,50"],
      ]),
    );
    expect(valuesOf(data)).toMatchObject({ subtotal: 150, tax_amount: 31.5, total: 181.5 });
  });

  it.each([
    ["by layout", extractByLayout],
    ["by patterns", extractByPatterns],
  ])("'Nett Total' after rounding, 'Paid Amount', and a street after 'No.' (%s)", (_, extract) => {
    const data = extract(
      withWords(
        document([
          [300, 90, "NO. 7, JALAN KENANGA"],
          [300, 115, "30450 IPOH, PERAK"],
          [100, 160, "Date : 04/09/2018  Time: 18:05"],
          [100, 210, "KOPI O"],
          [700, 210, "2.20"],
          [100, 240, "ROTI BAKAR"],
          [700, 240, "3.32"],
          [100, 280, "Sub Total"],
          [700, 280, "5.52"],
          [100, 310, "Rounding Adj"],
          [700, 310, "-0.02"],
          [100, 340, "Nett Total"],
          [700, 340, "5.50"],
          [100, 370, "Paid Amount"],
          [700, 370, "10.00"],
          [100, 400, "Change"],
          [700, 400, "4.50"],
        ]),
        big(300, 30, "KEDAI KOPI SENG", 36),
      ),
    );
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "KEDAI KOPI SENG",
      supplier_address: "NO. 7, JALAN KENANGA, 30450 IPOH, PERAK",
      invoice_number: null,
      invoice_date: "2018-09-04",
      total: 5.5,
    });
    expect(amounts(data)).not.toContain(10);
  });

  it("by patterns: when no amounts add up, the labelled total rather than the last amount", () => {
    const data = extractByPatterns(
      document([
        [300, 40, "Bäckerei Sonne"],
        [300, 65, "Marktstr. 4"],
        [300, 90, "79098 Freiburg"],
        [100, 140, "31.12.19 08:15"],
        [100, 190, "Brezel"],
        [700, 190, "0,90"],
        [100, 220, "Kaffee"],
        [700, 220, "2,80"],
        [100, 260, "SUMME EUR"],
        [700, 260, "3,70"],
        [100, 290, "BAR"],
        [700, 290, "5,00"],
        [100, 320, "Rückgeld"],
        [700, 320, "1,30"],
        [100, 350, "MwSt 7% 0,24"],
      ]),
    );
    expect(valuesOf(data)).toMatchObject({ total: 3.7, invoice_date: "2019-12-31" });
    expect(amounts(data)).toEqual([0.9, 2.8]);
  });

  it("'Total Sales (Excluding GST)' is the subtotal; 'Total Qty' counts pieces, no sum", () => {
    const data = extractByLayout(
      document([
        [300, 40, "MAJU JAYA HARDWARE SDN BHD"],
        [100, 90, "23/02/2018 18:28"],
        [100, 140, "SEALANT"],
        [700, 140, "20.00"],
        [100, 190, "Total Sales (Excluding GST)"],
        [700, 190, "20.00"],
        [100, 220, "GST @6%"],
        [700, 220, "1.20"],
        [100, 250, "TOTAL AMOUNT PAYABLE"],
        [700, 250, "21.20"],
        [100, 280, "Total Qty:"],
        [700, 280, "1.00"],
      ]),
    );
    expect(valuesOf(data)).toMatchObject({ subtotal: 20, tax_amount: 1.2, total: 21.2 });
  });

  it("'SUMA PLN' is a Polish till's total and 'SUMA PTU' its tax; the rand's 'R' before a total on the line under its label", () => {
    const polish = extractByLayout(
      document([
        [300, 40, "RESTAURACJA BACHUS"],
        [260, 70, "20-410 Lublin, ul. 1-go Maja 32"],
        [100, 110, "2019-06-16 17:45"],
        [100, 150, "PIEROGI RUSKIE 1 x9,00"],
        [700, 150, "9,00"],
        [100, 180, "MIZERIA 1 x4,50"],
        [700, 180, "4,50"],
        [100, 220, "SUMA PTU"],
        [700, 220, "1,00"],
        [100, 250, "SUMA PLN"],
        [700, 250, "13,50"],
      ]),
    );
    expect(valuesOf(polish)).toMatchObject({ total: 13.5, tax_amount: 1, currency: "PLN" });
    const rand = extractByLayout(
      document([
        [300, 40, "012 Lifestyle Brooklyn"],
        [330, 70, "Brooklyn Mall"],
        [100, 120, "1 Coke 300ml @ 25.00"],
        [700, 120, "250.00"],
        [100, 150, "2 Veuve Rich @ 2000.00"],
        [700, 150, "4000.00"],
        [100, 190, "Subtotal"],
        [700, 190, "R4250.00"],
        [100, 230, "Total Due"],
        [650, 260, "R4250.00"],
        // The tax inside the total, before the label: no value for "Total Due".
        [100, 290, "554.35 VAT 15 %"],
        [700, 290, "4250.00"],
      ]),
    );
    expect(rand.fields.total.value).toBe(4250);
  });

  it("a total on its label's line before a tax table whose 'Total' column is misread", () => {
    const data = extractByLayout(
      document([
        [300, 40, "ROSSMANN"],
        [300, 70, "Mein Drogeriemarkt"],
        [100, 100, "27.02.2020 15:56 Kasse 02"],
        [100, 140, "ZEISS BRILLENPUTZTUCH"],
        [700, 140, "1,95"],
        [100, 170, "Total"],
        [700, 170, "€1,95"],
        [100, 200, "Bar"],
        [700, 200, "€2,00"],
        [100, 230, "Rückgeld (Bar)"],
        [700, 230, "€0,05"],
        [100, 270, "MwSt"],
        [300, 270, "Netto"],
        [500, 270, "MwSt"],
        [700, 270, "Total"],
        // One rate's row, its gross misread.
        [100, 300, "A 19%"],
        [300, 300, "1,64"],
        [500, 300, "0,31"],
        [700, 300, "1,35"],
      ]),
    );
    expect(valuesOf(data)).toMatchObject({ invoice_date: "2020-02-27", total: 1.95 });
  });
});

describe("a tax table's rows", () => {
  it("one rate's net under the total is no subtotal; the slip's answer stays sure", () => {
    const slip = (rows: [number, number, string][]) => {
      const data = extractByLayout(
        document([
          [300, 40, "Marktkauf Lehr"],
          [300, 70, "Detmolder Str. 4"],
          [100, 100, "20.04.20 09:50"],
          [100, 140, "SMIRNOFF VODKA 0,7L"],
          [700, 140, "12,99"],
          [100, 170, "SUMME EUR"],
          [700, 170, "26,90"],
          [100, 200, "Bar"],
          [700, 200, "30,00"],
          ...rows,
        ]),
      );
      return { ...valuesOf(data), sure: checkInvoice(data).confident };
    };
    // Rate A's row only (rate B's misread): 8,87 + 0,62 is 9,49, not the total.
    expect(
      slip([
        [100, 240, "MwSt"],
        [300, 240, "Netto"],
        [500, 240, "MwSt"],
        [700, 240, "Brutto"],
        [100, 270, "A 7 %"],
        [300, 270, "8,87"],
        [500, 270, "0,62"],
        [700, 270, "9,49"],
      ]),
    ).toMatchObject({ total: 26.9, subtotal: null, tax_amount: null, sure: true });
    // The net and tax of the whole slip do make it: kept.
    expect(
      slip([
        [100, 240, "Netto"],
        [700, 240, "25,14"],
        [100, 270, "MwSt"],
        [700, 270, "1,76"],
      ]),
    ).toMatchObject({ total: 26.9, subtotal: 25.14, tax_amount: 1.76 });
  });

  it("by patterns: a till's tax table adds up rate by rate; the total is the one its label names", () => {
    const slip = (taxTable: [number, number, string][]) =>
      extractByPatterns(
        document([
          [300, 40, "Warburger Straße 130"],
          [300, 70, "33100 Paderborn"],
          [100, 110, "Emmentaler Stück"],
          [700, 110, "1,99 A"],
          [100, 140, "Premium Vodka"],
          [700, 140, "9,98 B"],
          [100, 170, "Orangensaft"],
          [700, 170, "7,80 A"],
          [100, 210, "zu zahlen"],
          [700, 210, "19,77"],
          [100, 240, "Kreditkarte"],
          [700, 240, "19,77"],
          ...taxTable,
          [100, 400, "11.04.20 09:51"],
        ]),
      ).fields.total.value;
    // Each rate's row adds up (0,58 + 8,22 = 8,80), and so does the sum row.
    expect(
      slip([
        [100, 280, "A 7 %"],
        [300, 280, "0,58"],
        [450, 280, "8,22"],
        [700, 280, "8,80"],
        [100, 310, "B 19 %"],
        [300, 310, "1,75"],
        [450, 310, "9,22"],
        [700, 310, "10,97"],
        [100, 340, "Summe"],
        [300, 340, "2,33"],
        [450, 340, "17,44"],
        [700, 340, "19,77"],
      ]),
    ).toBe(19.77);
    // Only the rates' rows, no sum row: the label's total.
    expect(
      slip([
        [100, 280, "A 7 %"],
        [300, 280, "8,22"],
        [450, 280, "0,58"],
        [700, 280, "8,80"],
        [100, 310, "B 19 %"],
        [300, 310, "9,22"],
        [450, 310, "1,75"],
        [700, 310, "10,97"],
      ]),
    ).toBe(19.77);
  });

  it("the total a tax table's net and tax make, its own sum misread", () => {
    const page = document([
      [300, 40, "LIDL"],
      [300, 70, "Warburger Straße 130"],
      [100, 110, "EUR"],
      [100, 140, "Bio Orangen"],
      [700, 140, "2,49 A"],
      [100, 170, "Premium Vodka"],
      [700, 170, "9,98 B"],
      [100, 200, "zu zahlen"],
      [700, 200, "23,51"],
      [100, 230, "Kreditkarte"],
      [700, 230, "23,51"],
      [100, 270, "MWST%"],
      [300, 270, "MWST"],
      [500, 270, "Netto"],
      [700, 270, "Brutto"],
      [100, 300, "A 7%"],
      [300, 300, "0,63"],
      [500, 300, "9,04"],
      [700, 300, "9,67"],
      [100, 330, "B 19%"],
      [300, 330, "2,21"],
      [500, 330, "11,63"],
      [700, 330, "13,84"],
      [100, 360, "Summe"],
      [300, 360, "2,84"],
      [500, 360, "20,67"],
      // The sum row's gross, misread.
      [700, 360, "73,51"],
      [100, 400, "Datum 12.05.20 09:55 Uhr"],
    ]);
    expect(valuesOf(extractByLayout(page))).toMatchObject({
      total: 23.51,
      subtotal: 20.67,
      tax_amount: 2.84,
    });
  });

  it("no total's label read: the tax table's rate row, gross first, gives the total", () => {
    const page = document([
      [300, 40, "Kaufland"],
      [300, 70, "Bentelerstraße 4"],
      [100, 110, "K.Toipa 3lagig"],
      [700, 110, "2,95 A"],
      [100, 140, "Holzkohle 3 kg"],
      [700, 140, "5,99 A"],
      // The total's label in bold, misread.
      [100, 170, "S-me"],
      [700, 170, "8,94"],
      [100, 210, "Steuer %"],
      [300, 210, "Brutto"],
      [500, 210, "Netto"],
      [700, 210, "Steuer"],
      [100, 240, "A=19,00%"],
      [300, 240, "8,94"],
      [500, 240, "7,51"],
      [700, 240, "1,43"],
      [100, 280, "Datum/Uhrzeit 14.05.2020 17:35"],
    ]);
    for (const extract of [extractByLayout, extractByPatterns]) {
      expect(valuesOf(extract(page))).toMatchObject({
        total: 8.94,
        subtotal: 7.51,
        tax_amount: 1.43,
      });
    }
  });

  it("a total misread in one figure gives way to the tax table's sum that checks itself", () => {
    const page = document([
      [300, 40, "PENNY-MARKT GmbH"],
      [300, 70, "Bilker Allee 30"],
      [100, 110, "EUR"],
      [100, 140, "TURMBRAEU PILS"],
      [700, 140, "2,94 A"],
      [100, 170, "PENNY Chips"],
      [700, 170, "2,09 B"],
      // The total, misread in one figure.
      [100, 200, "SUMME EUR"],
      [700, 200, "5,05"],
      [100, 240, "Steuer %"],
      [300, 240, "Netto"],
      [500, 240, "Steuer"],
      [700, 240, "Brutto"],
      [100, 270, "A 19,0%"],
      [300, 270, "2,47"],
      [500, 270, "0,47"],
      [700, 270, "2,94"],
      [100, 300, "B 7,0%"],
      [300, 300, "1,95"],
      [500, 300, "0,14"],
      [700, 300, "2,09"],
      // The total's label, misread.
      [100, 330, "Gesantbetrag"],
      [300, 330, "4,42"],
      [500, 330, "0,61"],
      [700, 330, "5,03"],
      [100, 370, "06.06.2015 21:45"],
    ]);
    expect(valuesOf(extractByLayout(page))).toMatchObject({
      total: 5.03,
      subtotal: 4.42,
      tax_amount: 0.61,
    });
  });
});
