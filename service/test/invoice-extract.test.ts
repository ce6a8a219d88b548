// The two invoice extractors on hand-placed words (no OCR): what each finds,
// and how a tilted photo's words, misread labels and several tax rates are read.
import { describe, expect, it } from "vitest";
import type { OcrData, OcrSpan } from "@/lib/kernel/contract";
import { checkInvoice } from "../src/providers/invoices/checks";
import { extractByLayout, extractByPatterns } from "../src/providers/invoices/extract";

/** Words of `text` from (x, y), 10 px a character, 20 px high; `tilt` lifts them by x × tilt. */
function line(x: number, y: number, text: string, tilt = 0): OcrSpan[] {
  let at = x;
  return text.split(" ").map((word) => {
    const x0 = at;
    at += word.length * 10 + 10;
    const dy = ((x0 + at) / 2) * tilt;
    return { text: word, confidence: 0.9, bbox: { x0, y0: y + dy, x1: at - 10, y1: y + 20 + dy } };
  });
}

function document(lines: [number, number, string][], tilt = 0): OcrData {
  const words = lines.flatMap(([x, y, text]) => line(x, y, text, tilt));
  const page = {
    number: 1,
    width: 1200,
    height: 1600,
    text: "",
    confidence: 0.9,
    lines: [],
    words,
  };
  return { text: "", language: "eng", pages: [page] };
}

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

describe("invoices by layout", () => {
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
});

describe("invoices by patterns", () => {
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

/** The fields' values, by name. */
const valuesOf = (data: ReturnType<typeof extractByLayout>) =>
  Object.fromEntries(Object.entries(data.fields).map(([k, f]) => [k, f.value]));
const amounts = (data: ReturnType<typeof extractByLayout>) => data.line_items.map((i) => i.amount);

/** Words of `text` in a larger print: `size` px high, `size / 2` px a character. */
function big(x: number, y: number, text: string, size: number): OcrSpan[] {
  let at = x;
  return text.split(" ").map((word) => {
    const x0 = at;
    at += (word.length * size) / 2 + size / 2;
    return { text: word, confidence: 0.9, bbox: { x0, y0: y, x1: at - size / 2, y1: y + size } };
  });
}

function withWords(data: OcrData, words: OcrSpan[]): OcrData {
  const [page] = data.pages;
  if (!page) return data;
  return { ...data, pages: [{ ...page, words: [...page.words, ...words] }] };
}

describe("layouts the calibration set does not draw", () => {
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

  it("'Inv #', an 'Items total' and a discount inside the table, 'SOLD TO'", () => {
    const data = extractByLayout(
      document([
        [50, 40, "Tidewater Supply Co."],
        [50, 65, "210 Harbor Blvd"],
        [50, 90, "Norfolk, VA 23510"],
        [800, 40, "INVOICE"],
        [800, 90, "Inv #"],
        [1000, 90, "58213"],
        [800, 115, "Date"],
        [1000, 115, "Mar 4, 2024"],
        [50, 180, "SOLD TO"],
        [50, 205, "Bayside Dental LLC"],
        [50, 230, "77 Shore Drive"],
        [50, 255, "Hampton, VA 23666"],
        [50, 330, "Item"],
        [200, 330, "Description"],
        [700, 330, "Qty"],
        [850, 330, "Unit Price"],
        [1050, 330, "Total"],
        [50, 360, "HW-101"],
        [200, 360, "Gloves, box"],
        [700, 360, "10"],
        [850, 360, "8.50"],
        [1050, 360, "85.00"],
        [50, 390, "OF-220"],
        [200, 390, "Printer paper"],
        [700, 390, "4"],
        [850, 390, "12.25"],
        [1050, 390, "49.00"],
        [50, 420, "Items total"],
        [1050, 420, "134.00"],
        [50, 450, "Discount (10%)"],
        [1050, 450, "-13.40"],
        [700, 520, "Subtotal"],
        [1050, 520, "120.60"],
        [700, 550, "Sales Tax (8.25%)"],
        [1050, 550, "9.95"],
        [700, 580, "Total"],
        [1050, 580, "$130.55"],
      ]),
    );
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "Tidewater Supply Co.",
      customer_name: "Bayside Dental LLC",
      invoice_number: "58213",
      invoice_date: "2024-03-04",
      subtotal: 120.6,
      tax_amount: 9.95,
      total: 130.55,
    });
    // Neither "Items total" nor the discount is an item; the discount makes the subtotal.
    expect(amounts(data)).toEqual([85, 49]);
    expect(data.checks.line_items_match_subtotal).toBe(true);
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

  it("'Bill No.', an 'Hours / Qty' column, and shipping that is no item", () => {
    const data = extractByLayout(
      document([
        [50, 40, "Northgate Studio LLC"],
        [50, 65, "5 Elm Court"],
        [50, 90, "Denver, CO 80202"],
        [800, 40, "Bill No. 00384"],
        [800, 70, "Date: 02/14/2024"],
        [50, 160, "Bill To:"],
        [50, 185, "Ridge Outfitters"],
        [50, 210, "19 Pine Road"],
        [50, 235, "Boulder, CO 80301"],
        [50, 320, "Description"],
        [700, 320, "Hours / Qty"],
        [900, 320, "Rate"],
        [1050, 320, "Amount"],
        [50, 350, "Logo design"],
        [700, 350, "12"],
        [900, 350, "75.00"],
        [1050, 350, "900.00"],
        [50, 380, "Shipping"],
        [1050, 380, "25.00"],
        [700, 450, "Subtotal"],
        [1050, 450, "900.00"],
        [700, 480, "Shipping & handling"],
        [1050, 480, "25.00"],
        [700, 510, "Total"],
        [1050, 510, "$925.00"],
      ]),
    );
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "Northgate Studio LLC",
      customer_name: "Ridge Outfitters",
      invoice_number: "00384",
      invoice_date: "2024-02-14",
      subtotal: 900,
      total: 925,
    });
    expect(data.line_items.map((i) => [i.quantity, i.unit_price, i.amount])).toEqual([
      [12, 75, 900],
    ]);
    expect(data.checks.subtotal_and_tax_match_total).toBe(true);
  });

  it.each([
    ["Cliente", "es"],
    ["Klant", "nl"],
    ["Factuuradres", "nl"],
    ["Destinatario", "it"],
    ["Cessionario / committente", "it"],
    ["Destinataire", "fr"],
    ["Sold to", "en"],
  ])("a customer under '%s' (%s)", (label) => {
    const data = extractByLayout(
      document([
        [50, 40, "Ferreira & Filhos Lda"],
        [50, 65, "Rua Augusta 21"],
        [50, 90, "1100-048 Lisboa"],
        [50, 160, label],
        [50, 185, "Oliveira Rossi S.r.l."],
        [50, 210, "Via Roma 4"],
        [50, 235, "20121 Milano"],
        [700, 160, "Fatura n.º 2024/77"],
        [700, 185, "Data 10/05/2024"],
      ]),
    );
    expect(data.fields.customer_name.value).toBe("Oliveira Rossi S.r.l.");
    expect(data.fields.customer_address.value).toBe("Via Roma 4, 20121 Milano");
    expect(data.fields.supplier_name.value).toBe("Ferreira & Filhos Lda");
  });

  it("an address as a person writes it: commas spaced and single, a line that goes on in lower case, postcode and city together", () => {
    const data = extractByLayout(
      document([
        [50, 40, "WS Retail Services Pvt. Ltd."],
        [50, 65, "Badweg 48, 8401 BL, Gorredijk"],
        [50, 160, "Billing Address"],
        [50, 185, "Anushrut Singh"],
        [50, 210, "3/64, Vishwas Khand,Gomti Nagar,,"],
        [50, 235, "near Fun republic mall and nehru"],
        [50, 260, "enclave."],
        [50, 285, "Lucknow 226010 Uttar Pradesh"],
        [700, 160, "Invoice No: BLR-982590"],
        [700, 185, "Invoice Date: 20-10-2015"],
      ]),
    );
    expect(data.fields.customer_address.value).toBe(
      "3/64, Vishwas Khand, Gomti Nagar, near Fun republic mall and nehru enclave, Lucknow 226010 Uttar Pradesh",
    );
    // A postcode printed as a part of its own goes with its city, not with a country's code.
    expect(data.fields.supplier_address.value).toBe("Badweg 48, 8401 BL Gorredijk");
    const hk = extractByLayout(
      document([
        [50, 40, "Amazon Web Services"],
        [50, 160, "Bill to Address:"],
        [50, 185, "iViveLabs Limited"],
        [50, 210, "93B Sai Yu Chung"],
        [50, 235, "Yuen Long, N.T., 0000, HK"],
        [700, 160, "Invoice Number: 42183017"],
      ]),
    );
    expect(hk.fields.customer_address.value).toBe("93B Sai Yu Chung, Yuen Long, N.T., 0000, HK");
  });

  it("a till receipt: the shop at the top, TOTAL, cash and change", () => {
    const data = extractByLayout(
      withWords(
        document([
          [400, 110, "12 Market Street"],
          [400, 135, "Leeds LS1 6AB"],
          [400, 180, "14/03/2024 13:59"],
          [400, 240, "Flat white"],
          [800, 240, "3.20"],
          [400, 270, "Croissant"],
          [800, 270, "2.45"],
          [400, 330, "TOTAL"],
          [800, 330, "£5.65"],
          [400, 360, "CASH"],
          [800, 360, "10.00"],
          [400, 390, "CHANGE"],
          [800, 390, "4.35"],
        ]),
        big(420, 40, "Corner Café", 44),
      ),
    );
    expect(data.document_kind).toBe("receipt");
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "Corner Café",
      supplier_address: "12 Market Street, Leeds LS1 6AB",
      invoice_date: "2024-03-14",
      currency: "GBP",
      total: 5.65,
    });
  });
});

describe("what a photo's OCR and a letter's wording leave", () => {
  it("a due date said in a sentence, a total that lost its decimal comma", () => {
    const data = extractByLayout(
      document([
        [50, 40, "Visser Drukwerk B.V."],
        [50, 65, "Stationsplein 9"],
        [50, 90, "2011 LR Haarlem"],
        [700, 40, "FACTUUR"],
        [700, 90, "Factuurnummer: 20198818"],
        [700, 115, "Factuurdatum: 17-10-2019"],
        [50, 300, "Omschrijving"],
        [700, 300, "Aantal"],
        [850, 300, "Prijs per stuk"],
        [1050, 300, "Bedrag"],
        [50, 330, "Bureaulamp LED"],
        [700, 330, "5"],
        [850, 330, "€ 1.278,69"],
        [1050, 330, "€ 6.393,45"],
        [700, 400, "Totaal excl. btw"],
        [1050, 400, "€ 6.393 45"],
        [700, 430, "Btw 21%"],
        [1050, 430, "€ 1.342,62"],
        [700, 460, "Totaal incl. btw"],
        [1050, 460, "€ 7.736,07"],
        [50, 540, "Wij verzoeken u het bedrag te betalen voor 16-11-2019 op onze rekening."],
      ]),
    );
    expect(valuesOf(data)).toMatchObject({
      invoice_number: "20198818",
      invoice_date: "2019-10-17",
      due_date: "2019-11-16",
      subtotal: 6393.45,
      tax_amount: 1342.62,
      total: 7736.07,
    });
    expect(data.line_items.map((i) => [i.quantity, i.unit_price, i.amount])).toEqual([
      [5, 1278.69, 6393.45],
    ]);
  });

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
});

describe("receipts and folios as real ones print them (issue 26)", () => {
  it("a German till receipt: a name set wide between stars ('#' no number's label), the street after it, EUR over the amounts", () => {
    const data = extractByLayout(
      document([
        [300, 40, "#** P E N N Y - M A R K T"],
        [620, 40, "GmbH ***"],
        [330, 70, "Bilker Allee 30"],
        [310, 95, "40219 Düsseldorf-Bilk"],
        [330, 130, "UID Nr.: DE202748117"],
        [700, 170, "EUR"],
        [200, 200, "Saftorangen"],
        [700, 200, "1,49 B"],
        [200, 230, "Pflaume 750g"],
        [700, 230, "0,99 B"],
        [200, 280, "SUMME"],
        [560, 280, "EUR"],
        [700, 280, "2,48"],
        [200, 310, "Geg. BAR"],
        [560, 310, "EUR"],
        [700, 310, "5,00"],
        [200, 340, "Rückgeld BAR"],
        [560, 340, "EUR"],
        [700, 340, "2,52"],
        [200, 400, "18.10.2014 19:03"],
      ]),
    );
    expect(valuesOf(data)).toMatchObject({
      // Set wide, the name reads as letters: they are joined into its words.
      supplier_name: "PENNY-MARKT GmbH",
      supplier_address: "Bilker Allee 30, 40219 Düsseldorf-Bilk",
      invoice_date: "2014-10-18",
      total: 2.48,
      invoice_number: null,
    });
    expect(data.document_kind).toBe("receipt");
  });

  it("a till's items without a header: quantity lines above and under, a deposit returned as 0,25-, the tax table's sum row", () => {
    const data = extractByLayout(
      document([
        [300, 40, "Brandt Markt GmbH"],
        [330, 70, "Bilker Allee 30"],
        [310, 95, "40219 Düsseldorf"],
        [700, 170, "EUR"],
        [200, 200, "Apfel gruen kg"],
        [230, 230, "0,410 kg x 1,99 EUR/kg"],
        [700, 230, "0,82 B"],
        [200, 260, "HAUTKLAR 3IN1"],
        [700, 260, "5,98 A"],
        [230, 290, "2 Stk x 2,99"],
        [200, 320, "Leergutbon"],
        [700, 320, "0,25-"],
        [200, 370, "SUMME"],
        [560, 370, "EUR"],
        [700, 370, "6,55"],
        [200, 400, "Geg. BAR"],
        [700, 400, "10,00"],
        [200, 430, "Rückgeld BAR"],
        [700, 430, "3,45"],
        [200, 480, "Steuer %"],
        [350, 480, "Netto"],
        [500, 480, "Steuer"],
        [650, 480, "Brutto"],
        [200, 510, "A= 19,0%"],
        [350, 510, "4,82"],
        [500, 510, "0,91"],
        [650, 510, "5,73"],
        [200, 540, "B= 7,0%"],
        [350, 540, "0,77"],
        [500, 540, "0,05"],
        [650, 540, "0,82"],
        // The sum row's label misread.
        [200, 570, "Gesantbetrag"],
        [350, 570, "5,59"],
        [500, 570, "0,96"],
        [650, 570, "6,55"],
        [200, 620, "18.10.2014 19:03"],
      ]),
    );
    expect(data.line_items.map((i) => [i.description, i.quantity, i.unit_price, i.amount])).toEqual(
      [
        ["Apfel gruen kg", 0.41, 1.99, 0.82],
        ["HAUTKLAR 3IN1", 2, 2.99, 5.98],
        ["Leergutbon", null, null, -0.25],
      ],
    );
    expect(valuesOf(data)).toMatchObject({ subtotal: 5.59, tax_amount: 0.96, total: 6.55 });
    // Prices with their tax in them add up to the total.
    expect(checkInvoice(data).confident).toBe(true);
  });

  it("a card receipt: 'TOT TTC', and the card's expiry no date of the sale", () => {
    const data = extractByLayout(
      withWords(
        document([
          [300, 80, "2 AV DE L'EUROPE"],
          [300, 105, "92310 SEVRES"],
          [200, 160, "*S98Ultimate"],
          [700, 160, "€ 21.74"],
          [200, 200, "TOT TTC"],
          [700, 200, "€ 21.74"],
          [200, 230, "Carte bancaire"],
          [700, 230, "€ 21.74"],
          [200, 280, "Date d'expiration: 31/05/18"],
          [200, 310, "EXP 05/18 12/12/19"],
          [200, 360, "07-04-2017 18:49"],
        ]),
        big(300, 30, "STATION BP SEVRES", 36),
      ),
    );
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "STATION BP SEVRES",
      invoice_date: "2017-04-07",
      total: 21.74,
    });
  });

  it("a slogan in large print over the shop's legal name; cash less change finds the total", () => {
    const data = extractByLayout(
      withWords(
        document([
          [300, 200, "Kaiser's Tengelmann GmbH"],
          [330, 230, "Lorettostraße 26"],
          [330, 255, "40219 Düsseldorf"],
          [200, 300, "Wurst"],
          [700, 300, "2,92"],
          [200, 330, "Kaese"],
          [700, 330, "2,90"],
          [200, 380, "Zwischensumme"],
          [560, 380, "EUR"],
          [700, 380, "5,82"],
          [560, 410, "EURO"],
          [700, 410, "10,00"],
          [200, 440, "Rueckgeld"],
          [560, 440, "EUR"],
          [700, 440, "4,18"],
          [200, 500, "Dat.31.08.2015 Zeit19:22:02"],
        ]),
        big(330, 40, "IMMER EINE GUTE IDEE", 60),
      ),
    );
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "Kaiser's Tengelmann GmbH",
      supplier_address: "Lorettostraße 26, 40219 Düsseldorf",
      total: 5.82,
    });
  });

  it("by patterns: a column of dates before each item's description", () => {
    const data = extractByPatterns(
      document([
        [50, 40, "Harbour View Lodge"],
        [50, 65, "7 Quay Road, Oban PA34 4LW"],
        [50, 120, "05Nov23 Double room 2 x 65.00 130.00"],
        [50, 150, "06Nov23 Breakfast 2 x 9.50 19.00"],
        [50, 210, "Total 149.00"],
      ]),
    );
    expect(data.line_items.map((i) => [i.description, i.amount])).toEqual([
      ["Double room", 130],
      ["Breakfast", 19],
    ]);
    expect(data.fields.invoice_date.value).toBe("2023-11-05");
  });

  it.each([
    ["by layout", extractByLayout],
    ["by patterns", extractByPatterns],
  ])(
    "a till's 'TAX INVOICE' paid in cash (%s): a receipt, cash and change no item or sum",
    (_, extract) => {
      const data = extract(
        withWords(
          document([
            [400, 110, "NO 12 JALAN BESAR"],
            [400, 135, "81300 SKUDAI JOHOR"],
            [400, 200, "TAX INVOICE"],
            [400, 230, "DATE: 09/07/2018 14:02"],
            [400, 280, "MILO 1KG"],
            [800, 280, "18.90"],
            [400, 310, "ROTI GARDENIA"],
            [800, 310, "3.50"],
            [400, 340, "SUBTOTAL"],
            [800, 340, "22.40"],
            [400, 370, "GST 6%"],
            [800, 370, "1.34"],
            [400, 400, "TOTAL"],
            [800, 400, "23.74"],
            [400, 430, "CASH"],
            [800, 430, "50.00"],
            [400, 460, "CHANGE"],
            [800, 460, "26.26"],
          ]),
          big(420, 40, "KEDAI MAJU JAYA", 40),
        ),
      );
      expect(data.document_kind).toBe("receipt");
      expect(valuesOf(data)).toMatchObject({
        supplier_name: "KEDAI MAJU JAYA",
        supplier_address: "NO 12 JALAN BESAR, 81300 SKUDAI JOHOR",
        invoice_date: "2018-07-09",
        subtotal: 22.4,
        tax_amount: 1.34,
        total: 23.74,
      });
      expect(amounts(data)).not.toContain(50);
      expect(amounts(data)).not.toContain(26.26);
    },
  );

  it("a logo the OCR misread: no shop name, the address under it, no line after the date", () => {
    const logo = line(450, 30, "JL q 4.90").map((w) => ({ ...w, confidence: 0.15 }));
    const data = extractByLayout(
      withWords(
        document([
          [400, 110, "88 Rue Lepic"],
          [400, 135, "75018 Paris"],
          [400, 160, "01 42 55 66 77"],
          [400, 200, "21-03-2024 09:12"],
          [400, 230, "Served by: Tom Muller"],
          [400, 280, "Espresso"],
          [800, 280, "2,40"],
          [400, 310, "Tarte citron"],
          [800, 310, "4,50"],
          [400, 360, "TOTAL TTC"],
          [800, 360, "6,90 €"],
          [400, 390, "ESPECES"],
          [800, 390, "10,00"],
          [400, 420, "RENDU"],
          [800, 420, "3,10"],
        ]),
        logo,
      ),
    );
    expect(data.document_kind).toBe("receipt");
    expect(valuesOf(data)).toMatchObject({
      supplier_name: null,
      supplier_address: "88 Rue Lepic, 75018 Paris",
      invoice_date: "2024-03-21",
      total: 6.9,
    });
  });

  it.each([
    ["a street without its number", "Purplecat Island Ave,", "Chicago, IL 60608, USA"],
    ["a street named first", "Jalan Besar Kepong", "52100 Kuala Lumpur"],
    ["a registration number's label", "CIN", "U63090DL2012PTC231770"],
  ])("a logo the OCR missed, then %s: no shop name", (_, first, second) => {
    const data = extractByLayout(
      document([
        [400, 110, first],
        [400, 135, second],
        [400, 200, "21-03-2024 09:12"],
        [400, 280, "Espresso"],
        [800, 280, "2.40"],
        [400, 360, "TOTAL"],
        [800, 360, "2.40"],
      ]),
    );
    expect(data.document_kind).toBe("receipt");
    expect(valuesOf(data)).toMatchObject({ supplier_name: null, total: 2.4 });
  });

  it("an app's receipt: the navigation bar and greeting pass, the name runs on into its street", () => {
    const data = extractByPatterns(
      document([
        [40, 20, "< Back"],
        [300, 20, "Help"],
        [40, 60, "Receipt"],
        [40, 100, "Thanks for your order!"],
        [40, 140, "Bistro Lumen 44 Elm Avenue"],
        [40, 165, "Portland, OR 97205, USA"],
        [40, 200, "April 3, 2024 at 7:41 PM"],
        [40, 250, "2 Pad thai"],
        [300, 250, "$25.00"],
        [40, 280, "1 Lemonade"],
        [300, 280, "$3.50"],
        [40, 320, "Subtotal"],
        [300, 320, "$28.50"],
        [40, 350, "Tip"],
        [300, 350, "$4.00"],
        [40, 380, "Total"],
        [300, 380, "$32.50"],
      ]),
    );
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "Bistro Lumen",
      supplier_address: "44 Elm Avenue, Portland, OR 97205, USA",
      invoice_date: "2024-04-03",
      total: 32.5,
    });
  });

  it("a hotel's receipt: the guest and the booking's number by their labels", () => {
    const data = extractByLayout(
      withWords(
        document([
          [100, 120, "PAYMENT RECEIPT"],
          [100, 170, "Guest Name: Priya Raman"],
          [700, 170, "Date: 14/01/2024"],
          [700, 220, "Booking ID"],
          [700, 250, "HX4471Q"],
          [100, 320, "Room 2 nights"],
          [800, 320, "4,200.00"],
          [100, 360, "Grand Total"],
          [800, 360, "4,200.00"],
        ]),
        big(100, 40, "Lakeside Stay", 40),
      ),
    );
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "Lakeside Stay",
      customer_name: "Priya Raman",
      invoice_number: "HX4471Q",
      invoice_date: "2024-01-14",
      total: 4200,
    });
  });

  it("a footer's one line of address, phone and e-mail parts; a phone under a misread label ends an address", () => {
    const data = extractByLayout(
      document([
        [700, 60, "RECHNUNG"],
        [700, 120, "Rechnungsnr.: 2024-311"],
        [700, 150, "Datum: 02.05.2024"],
        [50, 200, "Rechnungsempfänger:"],
        [50, 230, "Weber & Sohn OHG"],
        [50, 255, "Am Markt 4"],
        [50, 280, "04109 Leipzig"],
        [50, 305, "Telefcn: 0341 998877"],
        [50, 400, "Beschreibung"],
        [700, 400, "Menge"],
        [850, 400, "Preis"],
        [1050, 400, "Betrag"],
        [50, 430, "Visitenkarten"],
        [700, 430, "500"],
        [850, 430, "0,10"],
        [1050, 430, "50,00"],
        [700, 500, "Netto"],
        [1050, 500, "50,00"],
        [700, 530, "MwSt. 19%"],
        [1050, 530, "9,50"],
        [700, 560, "Gesamtbetrag"],
        [1050, 560, "59,50 €"],
        [405, 1480, "Kessler Druck GmbH"],
        [100, 1505, "Sitz: Torstraße 12 - 10119 Berlin – Tel: 030 1234567 – info@kessler-druck.de"],
        [100, 1530, "USt-IdNr. DE123456789 – IBAN DE02 1203 0000 0000 2020 51"],
      ]),
    );
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "Kessler Druck GmbH",
      supplier_address: "Torstraße 12, 10119 Berlin",
      customer_name: "Weber & Sohn OHG",
      customer_address: "Am Markt 4, 04109 Leipzig",
      total: 59.5,
    });
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

  it("the number under the document's name heading a column among other labels", () => {
    const data = extractByLayout(
      document([
        [50, 40, "Ottica Verdi S.r.l."],
        [50, 65, "Via Garibaldi 21"],
        [50, 90, "10122 Torino"],
        [50, 200, "Cliente"],
        [300, 200, "Data fattura"],
        [600, 200, "Fattura"],
        [850, 200, "Scadenza"],
        [50, 225, "C-0931"],
        [300, 225, "11/09/2024"],
        [600, 225, "VT2024-5512"],
        [850, 225, "11/10/2024"],
        [50, 320, "Descrizione"],
        [800, 320, "Importo"],
        [50, 350, "Montatura titanio"],
        [800, 350, "180,00"],
        [600, 420, "Imponibile"],
        [800, 420, "180,00"],
        [600, 450, "IVA 22%"],
        [800, 450, "39,60"],
        [600, 480, "Totale"],
        [800, 480, "219,60"],
      ]),
    );
    expect(valuesOf(data)).toMatchObject({
      invoice_number: "VT2024-5512",
      invoice_date: "2024-09-11",
      due_date: "2024-10-11",
      total: 219.6,
    });
  });

  it("by patterns: a summary's sum line, indented breakdowns and credits are no items", () => {
    const data = extractByPatterns(
      document([
        [50, 40, "Statement"],
        [50, 100, "Cloud Services"],
        [900, 100, "$57.50"],
        [80, 130, "Usage"],
        [900, 130, "$57.50"],
        [80, 160, "Credits"],
        [900, 160, "$0.00"],
        [50, 200, "Total for this statement"],
        [900, 200, "$57.50"],
        [50, 300, "Compute Engine"],
        [900, 300, "$40.00"],
        [80, 330, "Usage"],
        [900, 330, "$40.00"],
        [50, 370, "Object Storage"],
        [900, 370, "$17.50"],
        [80, 400, "Usage"],
        [900, 400, "$17.50"],
      ]),
    );
    expect(amounts(data)).toEqual([40, 17.5]);
    expect(data.fields.total.value).toBe(57.5);
  });

  it("by patterns: a discount line is no item", () => {
    const data = extractByPatterns(
      document([
        [50, 40, "Deli Nord"],
        [50, 65, "Storgatan 4, 111 23 Stockholm"],
        [50, 120, "Smörgås"],
        [400, 120, "65.00"],
        [50, 150, "Kaffe"],
        [400, 150, "32.00"],
        [50, 180, "Discount"],
        [400, 180, "-10.00"],
        [50, 220, "Total"],
        [400, 220, "87.00"],
      ]),
    );
    expect(amounts(data)).toEqual([65, 32]);
    expect(data.fields.total.value).toBe(87);
  });

  it("a shop whose name starts with a number and carries its registration number", () => {
    const data = extractByLayout(
      document([
        [300, 40, "88 FRESH MART SDN BHD (771204-K)"],
        [300, 65, "LOT 12, JALAN MELATI 3,"],
        [300, 90, "47100 PUCHONG, SELANGOR"],
        [300, 115, "GST ID : 001234567890"],
        [100, 160, "Doc No : CS-0042871"],
        [600, 160, "08/11/2018 19:44"],
        [100, 210, "SUGAR 1KG"],
        [700, 210, "RM 2.85"],
        [100, 240, "EGGS 10S"],
        [700, 240, "RM 4.50"],
        [100, 280, "TOTAL"],
        [700, 280, "RM 7.35"],
        [100, 310, "CASH"],
        [700, 310, "RM 10.00"],
        [100, 340, "CHANGE"],
        [700, 340, "RM 2.65"],
      ]),
    );
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "88 FRESH MART SDN BHD",
      supplier_address: "LOT 12, JALAN MELATI 3, 47100 PUCHONG, SELANGOR",
      invoice_number: "CS-0042871",
      invoice_date: "2018-11-08",
      currency: "MYR",
      total: 7.35,
    });
  });

  /**
   * A till slip whose shop name is printed in `nameHeight` px letters over
   * `name` lines, its words `space` px apart.
   */
  function slip(name: string[], nameHeight: number, space = 10): OcrData {
    // Letters as wide as their print: a name that wraps fills the slip's width.
    const letter = Math.max(10, nameHeight * 0.6);
    const tall = name.flatMap((text, i) => {
      let at = 300;
      return text.split(" ").map((word) => {
        const x0 = at;
        at += word.length * letter + space;
        const y0 = 40 + i * (nameHeight + 8);
        return {
          text: word,
          confidence: 0.9,
          bbox: { x0, y0, x1: x0 + word.length * letter, y1: y0 + nameHeight },
        };
      });
    });
    const top = 40 + name.length * (nameHeight + 8) + 10;
    return withWords(
      document([
        [300, top, "(654321-K)"],
        [300, top + 25, "LOT 23, JALAN PERUSAHAAN 2"],
        [300, top + 50, "68100 BATU CAVES, SELANGOR"],
        [300, top + 100, "23/02/2018 18:28"],
        [100, top + 150, "SEALANT"],
        [700, top + 150, "14.34"],
        [100, top + 190, "TOTAL"],
        [700, top + 190, "14.35"],
      ]),
      tall,
    );
  }

  it("a shop's name in large print wrapped over two lines is one name, its address under both", () => {
    const data = extractByLayout(slip(["MAJU JAYA HARDWARE", "TRADING"], 34));
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "MAJU JAYA HARDWARE TRADING",
      supplier_address: "LOT 23, JALAN PERUSAHAAN 2, 68100 BATU CAVES, SELANGOR",
      total: 14.35,
    });
    // Large print has wide spaces: its words are still one name.
    const spaced = extractByLayout(slip(["MAJU JAYA HARDWARE", "TRADING"], 34, 36));
    expect(spaced.fields.supplier_name.value).toBe("MAJU JAYA HARDWARE TRADING");
    // The legal form alone under the name is the name's end, whatever its size.
    const form = extractByLayout(slip(["MAJU JAYA HARDWARE SDN", "BHD"], 20));
    expect(form.fields.supplier_name.value).toBe("MAJU JAYA HARDWARE SDN BHD");
  });

  it("under a shop's name in the body's print, the next line is not more of the name", () => {
    const data = extractByLayout(slip(["MAJU JAYA HARDWARE", "JALAN BESAR"], 20));
    expect(data.fields.supplier_name.value).toBe("MAJU JAYA HARDWARE");
  });

  it("'Co. No.' in brackets and a 'GST ID' line before the address; 'SDN BHD' names no currency", () => {
    const data = extractByLayout(
      withWords(
        document([
          [330, 80, "(Co. No. 654321~-K)"],
          [300, 105, "GST ID No: 001234567890"],
          [300, 130, "LOT 23, JALAN PERUSAHAAN 2"],
          [300, 155, "68100 BATU CAVES, SELANGOR"],
          [300, 205, "23/02/2020 18:28"],
          [300, 255, "SEALANT"],
          [700, 255, "14.35"],
          [300, 295, "TOTAL"],
          [700, 295, "14.35"],
        ]),
        big(300, 30, "MAJU JAYA HARDWARE SDN BHD", 36),
      ),
    );
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "MAJU JAYA HARDWARE SDN BHD",
      supplier_address: "LOT 23, JALAN PERUSAHAAN 2, 68100 BATU CAVES, SELANGOR",
      currency: null,
      total: 14.35,
    });
  });

  it("a company's registration number in brackets under its name is no address line", () => {
    const data = extractByLayout(
      withWords(
        document([
          [330, 80, "(203145-W)"],
          [300, 105, "12 JALAN BUNGA RAYA"],
          [300, 130, "75100 MELAKA"],
          [300, 180, "25-12-2018 11:02"],
          [300, 230, "NASI LEMAK"],
          [700, 230, "6.50"],
          [300, 270, "TOTAL"],
          [700, 270, "6.50"],
        ]),
        big(300, 30, "RESTORAN SRI MELATI", 36),
      ),
    );
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "RESTORAN SRI MELATI",
      supplier_address: "12 JALAN BUNGA RAYA, 75100 MELAKA",
      invoice_date: "2018-12-25",
      total: 6.5,
    });
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
});

describe("till slips as the second generator prints them (issue 26)", () => {
  const both = [
    ["layout", extractByLayout],
    ["patterns", extractByPatterns],
  ] as const;

  it.each(both)(
    "%s: the total after the cash rounding, whatever the rounding's amount was read as",
    (_, extract) => {
      const slip = (rounding: string) =>
        extract(
          document([
            [300, 40, "WAH HENG RESTAURANT"],
            [100, 90, "26 May 2025 13:44"],
            [100, 140, "CHINESE TEA"],
            [700, 140, "6.64"],
            [100, 170, "SOUP OF THE DAY"],
            [700, 170, "51.18"],
            [100, 220, "Total Excl. GST"],
            [700, 220, "57.82"],
            [100, 250, "GST 6%"],
            [700, 250, "3.47"],
            [100, 280, "Total Incl. GST"],
            [700, 280, "61.29"],
            [100, 310, "Rounding"],
            [700, 310, rounding],
            [100, 340, "Total"],
            [700, 340, "61.30"],
            [100, 370, "CASH"],
            [700, 370, "100.00"],
          ]),
        );
      for (const rounding of ["0.01", "@.01"]) {
        const data = slip(rounding);
        expect(valuesOf(data)).toMatchObject({ subtotal: 57.82, tax_amount: 3.47, total: 61.3 });
        expect(data.checks.subtotal_and_tax_match_total).toBe(true);
      }
    },
  );

  it.each(both)("%s: 'ROUNDED TOTAL (RM)' under 'TOTAL:' and the rounding", (_, extract) => {
    const data = extract(
      document([
        [300, 40, "SINAR ILMU SDN BHD"],
        [100, 90, "DATE: 09/04/2025 3:37:22 PM"],
        [100, 140, "CORRECTION TAPE"],
        [700, 140, "6.57"],
        [100, 170, "PLASTIC FOLDER A4"],
        [700, 170, "15.01"],
        [100, 200, "Total Qty: 2"],
        [100, 230, "TOTAL:"],
        [700, 230, "21.58"],
        [100, 260, "ROUNDING ADJUSTMENT"],
        [700, 260, "0.02"],
        [100, 290, "ROUNDED TOTAL (RM):"],
        [700, 290, "21.60"],
        [100, 320, "CASH"],
        [700, 320, "30.00"],
        [100, 350, "CHANGE"],
        [700, 350, "8.40"],
      ]),
    );
    expect(valuesOf(data)).toMatchObject({ invoice_date: "2025-04-09", total: 21.6 });
    expect(amounts(data)).toEqual([6.57, 15.01]);
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

  it("a name in large print over two lines, the second read taller, specks between", () => {
    const data = extractByLayout(
      withWords(
        document([
          [330, 130, "12, JALAN TAMPOI 7/4,"],
          [330, 155, "81200 JOHOR BAHRU, JOHOR"],
          [100, 205, "26 May 2025 13:44"],
          [100, 255, "CHINESE TEA"],
          [700, 255, "6.64"],
          [100, 295, "TOTAL"],
          [700, 295, "6.64"],
        ]),
        [
          ...big(250, 30, "WAH HENG CHICKEN RICE", 34),
          // The slip's edge, read as a speck on a row of its own.
          { text: "|", confidence: 0.9, bbox: { x0: 40, y0: 66, x1: 42, y1: 74 } },
          ...big(380, 72, "RESTAURANT", 40),
        ],
      ),
    );
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "WAH HENG CHICKEN RICE RESTAURANT",
      supplier_address: "12, JALAN TAMPOI 7/4, 81200 JOHOR BAHRU, JOHOR",
    });
  });

  it("a name in large print broken into cells on its line, its legal form under it; its district opens the address", () => {
    const data = extractByLayout(
      withWords(
        document([
          [330, 120, "NO. 21, JALAN MOLEK 1/9,"],
          [330, 145, "TAMAN MOLEK,"],
          [330, 170, "81100 JOHOR BAHRU"],
          [100, 220, "DATE: 09/04/2025 3:37:22 PM"],
          [100, 270, "RULER 30CM"],
          [700, 270, "2.40"],
          [100, 310, "TOTAL:"],
          [700, 310, "2.40"],
          [100, 340, "CASH"],
          [700, 340, "5.00"],
        ]),
        [
          ...big(100, 30, "SINAR ILMU", 34),
          // Brackets stand taller than the letters.
          ...big(380, 28, "(TAMAN MOLEK)", 38),
          ...big(300, 72, "SDN BHD", 34),
        ],
      ),
    );
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "SINAR ILMU (TAMAN MOLEK) SDN BHD",
      supplier_address: "NO. 21, JALAN MOLEK 1/9, TAMAN MOLEK, 81100 JOHOR BAHRU",
    });
  });

  it("a legal form alone under a name in large print ends it, however close a tilt puts their boxes", () => {
    const slip = (name: OcrSpan[]) =>
      extractByLayout(
        withWords(
          document([
            [330, 120, "Calle Mayor 14"],
            [330, 145, "28013 Madrid"],
            [100, 195, "14/09/2018 13:38"],
            [100, 245, "PAN DE MOLDE"],
            [700, 245, "3,52"],
            [100, 285, "TOTAL"],
            [700, 285, "3,52"],
            [100, 315, "EFECTIVO"],
            [700, 315, "5,00"],
          ]),
          name,
        ),
      ).fields.supplier_name.value;
    expect(slip([...big(150, 30, "SUPERMERCADOS LA PLAZA", 34), ...big(330, 72, "S.L.", 34)])).toBe(
      "SUPERMERCADOS LA PLAZA S.L.",
    );
    // The first line's box reaches below the top of the second's.
    expect(
      slip([...big(150, 30, "SUPERMERCADOS LA PLAZA", 44), ...big(300, 68, "SDN BHD", 30)]),
    ).toBe("SUPERMERCADOS LA PLAZA SDN BHD");
  });

  it("short cells beside a name in large print are of it ('MR.', '(M)')", () => {
    const data = extractByLayout(
      withWords(
        document([
          [330, 120, "LOT 1851-A, JALAN KPB 6,"],
          [330, 145, "43300 SERI KEMBANGAN"],
          [100, 195, "16-04-22 08:45"],
          [100, 245, "LED BULB 9W"],
          [700, 245, "2.81"],
          [100, 285, "TOTAL RM"],
          [700, 285, "2.81"],
          [100, 315, "CASH"],
          [700, 315, "5.00"],
        ]),
        [
          ...big(100, 30, "MR.", 32),
          ...big(240, 28, "HARDWARE", 40),
          ...big(500, 28, "(M)", 40),
          ...big(640, 30, "SDN BHD", 32),
        ],
      ),
    );
    expect(data.fields.supplier_name.value).toBe("MR. HARDWARE (M) SDN BHD");
  });

  it.each(both)(
    "%s: a total whose label is misread is what the cash less the change comes to",
    (_, extract) => {
      const data = extract(
        document([
          [300, 40, "KEDAI RUNCIT SRI MAJU"],
          [100, 90, "02-07-2021 19:44"],
          [100, 140, "ROTI GARDENIA"],
          [700, 140, "1.58"],
          [100, 170, "BERAS 5KG"],
          [700, 170, "21.12"],
          [100, 210, "JU LAH (RM)"],
          [700, 210, "22.70"],
          [100, 240, "TUNAI"],
          [700, 240, "30.00"],
          [100, 270, "BAKI"],
          [700, 270, "7.30"],
        ]),
      );
      expect(data.fields.total.value).toBe(22.7);
    },
  );

  it("a time, a currency or a number alone under the shop's name is no address", () => {
    const data = extractByLayout(
      document([
        [300, 40, "Drogerie Sonne"],
        [300, 65, "11:05"],
        [300, 90, "0761/2"],
        [500, 140, "EUR"],
        [100, 165, "Zahnpasta"],
        [500, 165, "1,95"],
        [100, 205, "SUMME EUR"],
        [500, 205, "1,95"],
        [100, 235, "BAR"],
        [500, 235, "5,00"],
        [100, 275, "11.12.2014"],
      ]),
    );
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "Drogerie Sonne",
      supplier_address: null,
      total: 1.95,
    });
  });

  it("a comma between a name and its legal form in two cells stays", () => {
    const data = extractByLayout(
      withWords(
        document([
          [330, 80, "Rua Augusta 120"],
          [330, 105, "1100-053 Lisboa"],
          [100, 155, "2022-07-02 09:41"],
          [100, 205, "Bica"],
          [700, 205, "0,80"],
          [100, 245, "TOTAL"],
          [700, 245, "0,80"],
        ]),
        [...big(100, 30, "Pastelaria Bela Vista,", 30), ...big(600, 30, "Lda.", 30)],
      ),
    );
    expect(data.fields.supplier_name.value).toBe("Pastelaria Bela Vista, Lda.");
  });

  it("a mark the OCR reads before the shop's name is no part of it", () => {
    const data = extractByLayout(
      document([
        [300, 40, "« Contoso"],
        [300, 65, "123 Main Street"],
        [300, 90, "Redmond, WA 98052"],
        [100, 140, "6/10/2019 13:59"],
        [100, 190, "Surface Pen"],
        [700, 190, "$99.99"],
        [100, 230, "TOTAL"],
        [700, 230, "$99.99"],
        [100, 260, "VISA"],
        [700, 260, "$99.99"],
      ]),
    );
    expect(data.fields.supplier_name.value).toBe("Contoso");
  });

  it("a store's number after its name is no postcode", () => {
    const data = extractByLayout(
      document([
        [300, 40, "QUIKSTOP MARKET #4411"],
        [300, 65, "902 E Colfax Ave"],
        [300, 90, "Denver, CO 80218"],
        [100, 140, "07-07-2025 7:20 PM"],
        [100, 190, "TRAIL MIX"],
        [700, 190, "$6.22"],
        [100, 230, "TOTAL"],
        [700, 230, "$6.22"],
        [100, 260, "DEBIT"],
        [700, 260, "$6.22"],
      ]),
    );
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "QUIKSTOP MARKET #4411",
      supplier_address: "902 E Colfax Ave, Denver, CO 80218",
    });
  });

  it("a monospaced till: a space as wide as a letter parts no cell, two spaces do", () => {
    /** Words 10 px a letter and 20 px high, one space 26 px between their boxes: a monospaced face's. */
    const mono = (x: number, y: number, text: string): OcrSpan[] => {
      let at = x;
      return text.split(" ").map((word) => {
        const x0 = at;
        at += word.length * 10 + 26;
        return { text: word, confidence: 0.9, bbox: { x0, y0: y, x1: at - 26, y1: y + 20 } };
      });
    };
    const slip: [number, number, string][] = [
      [300, 40, "The Copper Kettle"],
      [300, 70, "8 Market Place"],
      [300, 100, "Ludlow SY8 1AR"],
      [100, 150, "19 Oct 2019 10:34"],
      [100, 200, "Pot of tea for one"],
      [500, 200, "1.34"],
      [100, 230, "Soup of the day"],
      // Two spaces after "day" (ending at x 298): a space's 26 px and a letter's 10.
      [334, 230, "3.47"],
      [100, 270, "AMOUNT DUE"],
      [500, 270, "4.81"],
    ];
    const page = document([]);
    const data = extractByLayout(
      withWords(
        page,
        slip.flatMap(([x, y, text]) => mono(x, y, text)),
      ),
    );
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "The Copper Kettle",
      supplier_address: "8 Market Place, Ludlow SY8 1AR",
      invoice_date: "2019-10-19",
      total: 4.81,
    });
    expect(data.line_items.map((i) => i.description)).toEqual([
      "Pot of tea for one",
      "Soup of the day",
    ]);
  });
});

describe("till slips from more countries (issue 26, the real receipts' second draw)", () => {
  it("a shop's own name over its operator's, in the same print, is the shop; the tax 'di cui' the total", () => {
    const data = extractByLayout(
      withWords(
        document([
          [330, 110, "VIA VALLAZZE, 87"],
          [370, 135, "MILANO"],
          [330, 160, "P.IVA: 07515280159"],
          [100, 210, "PATATINA 1936"],
          [700, 210, "1,69"],
          [100, 240, "BIANCO CUSTOZA SARTO"],
          [700, 240, "3,69"],
          [100, 290, "TOTALE COMPLESSIVO EURO"],
          [700, 290, "5,38"],
          [100, 320, "di cui IVA"],
          [700, 320, "0,82"],
          [100, 350, "Pagamento contante"],
          [700, 350, "10.00"],
          [300, 400, "06-07-2022 18:50"],
        ]),
        [...big(330, 30, "U2 SUPERMERCATO", 30), ...big(330, 70, "UNES MAXI S.P.A.", 30)],
      ),
    );
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "U2 SUPERMERCATO",
      supplier_address: "VIA VALLAZZE, 87, MILANO",
      invoice_date: "2022-07-06",
      total: 5.38,
      tax_amount: 0.82,
    });
  });

  it("a slogan a word a line over the legal name is no shop, however near its print the first word", () => {
    const data = extractByLayout(
      withWords(
        document([
          [330, 230, "Kaiser's Tengelmann GmbH"],
          [330, 260, "Lorettostraße 26"],
          [330, 290, "40219 Düsseldorf"],
          [200, 340, "Wurst"],
          [700, 340, "2,92"],
          [200, 380, "SUMME"],
          [700, 380, "2,92"],
          [200, 410, "BAR"],
          [700, 410, "5,00"],
          [200, 440, "Rückgeld"],
          [700, 440, "2,08"],
          [200, 490, "31.08.2015 19:22"],
        ]),
        [
          ...big(330, 20, "IMMER", 22),
          ...big(330, 55, "EINE", 40),
          ...big(330, 105, "GUTE", 48),
          ...big(330, 165, "IDEE", 48),
        ],
      ),
    );
    expect(data.fields.supplier_name.value).toBe("Kaiser's Tengelmann GmbH");
  });

  it("a company's registration of letters and figures opens no address; a street without a number does", () => {
    const data = extractByLayout(
      document([
        [330, 40, "MERCADONA, S.A."],
        [350, 70, "A-46103834"],
        [260, 110, "AVDA. ALCALDE MIGUEL ESCALONA, S/N"],
        [330, 140, "29620 Torremolinos"],
        [300, 170, "03/01/2026 20:41 OP:2722511"],
        // A sign misread once makes no slip of euros a US one (dates month first).
        [100, 196, "$6"],
        [600, 222, "Imp.(€)"],
        [100, 246, "1 NARANJA MALLA 3 KG"],
        [700, 246, "4,05"],
        [100, 280, "TOTAL (€)"],
        [700, 280, "4,05"],
      ]),
    );
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "MERCADONA, S.A.",
      supplier_address: "AVDA. ALCALDE MIGUEL ESCALONA, S/N, 29620 Torremolinos",
      invoice_date: "2026-01-03",
      currency: "EUR",
      total: 4.05,
    });
  });

  it("a name in lower case with its legal form is the shop; registrations ('CNPJ', 'Insc. Est.') open no address", () => {
    const data = extractByLayout(
      withWords(
        document([
          [100, 100, "adidas do Brasil Ltda."],
          [100, 130, "CNPJ: 42.274.696/0014-09"],
          [100, 160, "Insc. Est.: 1170937361 Insc. Mun.: 29787130"],
          [100, 190, "R Cel Xavier de Toledo, 23 - Centro, Sao Paulo,"],
          [100, 220, "SP, Brasil - 01048-100"],
          [100, 270, "BOLSA AC FESTIVAL"],
          [700, 270, "149,99"],
          [100, 310, "VALOR TOTAL R$"],
          [700, 310, "149,99"],
          [100, 350, "Dinheiro"],
          [700, 350, "150,00"],
          [100, 380, "Troco"],
          [700, 380, "0,01"],
          [100, 420, "Emissao:2022-09-03T18:13:32-03"],
        ]),
        big(200, 20, "adidas", 60),
      ),
    );
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "adidas do Brasil Ltda.",
      supplier_address: "R Cel Xavier de Toledo, 23 - Centro, Sao Paulo, SP, Brasil - 01048-100",
      invoice_date: "2022-09-03",
      currency: "BRL",
      total: 149.99,
    });
  });

  it("an address without a till's stars around its lines or a store's number before its street", () => {
    const slip = (street: string, city: string) =>
      extractByLayout(
        document([
          [300, 40, "FRESHWAY MARKET"],
          [260, 70, street],
          [260, 100, city],
          [100, 150, "05/24/2022 1:10 PM"],
          [100, 200, "COCA COLA MINICAN"],
          [700, 200, "4.99"],
          [100, 240, "TOTAL"],
          [700, 240, "4.99"],
          [100, 270, "CASH"],
          [700, 270, "5.00"],
        ]),
      ).fields.supplier_address.value;
    expect(slip("**** Bilker Allee 57 ****", "**** 40219 Düsseldorf ****")).toBe(
      "Bilker Allee 57, 40219 Düsseldorf",
    );
    expect(slip("#03296 191 E 3RD AVE", "SAN MATEO, CA 94401")).toBe(
      "191 E 3RD AVE, SAN MATEO, CA 94401",
    );
  });

  it("the operator's name under the address is not the shop's; 'TOTAL INCLUDES GST OF' is the tax", () => {
    const data = extractByLayout(
      document([
        [300, 40, "McDonald's Toa Payoh Central"],
        [300, 70, "600 @ Toa Payoh #01-02,"],
        [300, 100, "Singapore 319515"],
        [300, 130, "McDonald's Restaurants Pte Ltd"],
        [300, 160, "TAX INVOICE"],
        [100, 210, "ORD #57 -REG #1- 13/01/2016 15:49:52"],
        [100, 250, "1 Med Ice Lemon Tea"],
        [700, 250, "2.95"],
        [100, 280, "1 Coffee with Milk"],
        [700, 280, "2.40"],
        [100, 320, "Eat-In Total (incl GST)"],
        [700, 320, "5.35"],
        [100, 350, "Cash Tendered"],
        [700, 350, "10.00"],
        [100, 380, "Change"],
        [700, 380, "4.65"],
        [100, 420, "TOTAL INCLUDES GST OF"],
        [700, 420, "0.35"],
      ]),
    );
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "McDonald's Toa Payoh Central",
      supplier_address: "600 @ Toa Payoh #01-02, Singapore 319515",
      invoice_date: "2016-01-13",
      total: 5.35,
      tax_amount: 0.35,
    });
  });

  it("an Indonesian street ('JL. RAYA …') is no name, nor an Italian slip's title; 'Rp' is the rupiah", () => {
    const slip = (date: string) =>
      extractByLayout(
        withWords(
          document([
            [300, 40, "SHELL TANJUNG BARAT"],
            [100, 70, "JL.RAYA TANJUNG BARAT"],
            [100, 100, "NO.156"],
            [100, 130, "JAKARTA SELATAN"],
            [100, 180, date],
            [500, 180, "08:59:45"],
            [100, 280, "TOTAL"],
            [500, 280, "30000.00 Rp"],
          ]),
          // The OCR boxes a field's line taller than the name.
          big(100, 215, "Fuel Type :SUPER", 34),
        ),
      );
    const shell = slip("06/07/25");
    // With the date misread, the lines under it are still read as the shop's.
    expect(slip("06/07725").fields.supplier_name.value).toBe("SHELL TANJUNG BARAT");
    expect(valuesOf(shell)).toMatchObject({
      supplier_name: "SHELL TANJUNG BARAT",
      invoice_date: "2025-07-06",
      currency: "IDR",
      total: 30000,
    });
    const titled = extractByLayout(
      document([
        [300, 40, "DOCUMENTO COMMERCIALE"],
        [260, 70, "DI VENDITA O PRESTAZIONE"],
        [100, 120, "ASPARAGI"],
        [700, 120, "4,98"],
        [100, 160, "TOTALE EURO"],
        [700, 160, "4,98"],
        [300, 210, "14-02-2023 18:35"],
      ]),
    );
    expect(titled.fields.supplier_name.value).toBeNull();
    expect(titled.fields.total.value).toBe(4.98);
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
});

describe("till slips, third round (issue 26)", () => {
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

  it("the shop's name heads the slip over its operator's in the same print, a legal form cut off or not; a phone line is no slogan", () => {
    const data = extractByLayout(
      withWords(
        document([
          [250, 70, "20-147 Lublin, al.Spółdzielczości Pracy 32"],
          [300, 170, "03-734 Warszawa ul. Targowa 72"],
          [300, 200, "Nr rej. BDO: 000009699"],
          [300, 230, "NIP 937-00-08-168"],
          [300, 260, "2020-05-28 17:55"],
          [100, 300, "A NAPOJ ARIZONA"],
          [700, 300, "6,79"],
          [100, 340, "SUMA PLN"],
          [700, 340, "6,79"],
        ]),
        [
          ...big(300, 40, "CARREFOUR MARKET Lublin", 20),
          // A tilted phone line, boxed twice as tall as the names.
          ...big(300, 95, "Tel. (81) 504-93-17", 40),
          // The operator's name a little taller, its "z o.o." not read.
          ...big(300, 140, "CARREFOUR Polska Sp.", 23),
        ],
      ),
    );
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "CARREFOUR MARKET Lublin",
      supplier_address: "20-147 Lublin, al.Spółdzielczości Pracy 32",
      total: 6.79,
    });
  });

  it("a mail's subject line, a quote mark before it, names no shop", () => {
    const data = extractByLayout(
      withWords(
        document([
          [100, 20, "From: noreply@contoso.com"],
          [100, 40, "‘Subject: Contoso Receipt"],
          [100, 100, "3050 Old Centre Road,"],
          [100, 120, "Los Angeles, CA 90018"],
          [100, 160, "Receipt Date 01/08/2024 5:55 PM"],
          [100, 200, "Total"],
          [700, 200, "$710.00"],
        ]),
        big(100, 65, "Contoso", 14),
      ),
    );
    expect(data.fields.supplier_name.value).toBe("Contoso");
  });

  it("a date run into its time still makes a till's slip a receipt, and a state's ZIP run into its name is no shop", () => {
    const data = extractByPatterns(
      document([
        [100, 40, "123Main Street"],
        [100, 70, "Redmond,WA98052"],
        [100, 100, "987-654-3210"],
        [100, 130, "6/10/201913:59"],
        [100, 170, "2 Surface Pro 6"],
        [700, 170, "$1,998.00"],
        [100, 200, "Sub-Total"],
        [700, 200, "$1,998.00"],
        [100, 230, "Tax"],
        [700, 230, "$189.81"],
        [100, 260, "Total"],
        [700, 260, "$2,187.81"],
      ]),
    );
    expect(data.document_kind).toBe("receipt");
    expect(valuesOf(data)).toMatchObject({
      supplier_name: null,
      supplier_address: "123Main Street, Redmond, WA98052",
      invoice_date: "2019-06-10",
      total: 2187.81,
    });
  });

  it("a slogan's sentence or question is no shop; a name set wide, its legal form apart, is one", () => {
    const toom = extractByLayout(
      withWords(
        document([
          [300, 110, "Grüner Weg 41"],
          [300, 140, "33098 Paderborn"],
          [100, 180, "06.04.2020 14:43"],
          [100, 220, "Spindelmäher"],
          [700, 220, "49,99"],
          [100, 260, "SUMME EUR"],
          [700, 260, "49,99"],
        ]),
        [
          ...big(200, 20, "Respekt, wer's selber macht.", 30),
          ...big(200, 70, "toom", 14),
          ...big(320, 70, "Baumarkt", 16),
          ...big(520, 70, "GmbH", 16),
        ],
      ),
    );
    expect(valuesOf(toom)).toMatchObject({
      supplier_name: "toom Baumarkt GmbH",
      supplier_address: "Grüner Weg 41, 33098 Paderborn",
      total: 49.99,
    });
    const question = extractByLayout(
      withWords(
        document([
          [300, 100, "Marktkauf Lehr"],
          [300, 130, "Detmolder Str. 4"],
          [300, 160, "33102 Paderborn"],
          [100, 200, "20.04.20 09:50"],
          [100, 240, "SUMME EUR"],
          [700, 240, "26,90"],
        ]),
        big(300, 40, "GLÜCKLICH?", 30),
      ),
    );
    expect(question.fields.supplier_name.value).toBe("Marktkauf Lehr");
    // A slogan's word in larger print, then the name right over its street: the name.
    const slogan = extractByLayout(
      withWords(
        document([
          [300, 130, "Marktkauf Lehr"],
          [300, 160, "Detmolder Str. 4"],
          [300, 190, "33102 Paderborn"],
          [100, 230, "20.04.20 09:50"],
          [100, 270, "SUMME EUR"],
          [700, 270, "26,90"],
        ]),
        [...big(300, 20, "WUNSCHLOS", 30), ...big(300, 60, "FRISCHE EINKAUFEN", 20)],
      ),
    );
    expect(valuesOf(slogan)).toMatchObject({
      supplier_name: "Marktkauf Lehr",
      supplier_address: "Detmolder Str. 4, 33102 Paderborn",
    });
  });

  it("a street whose 'ß' was read as 'B' is no shop; the items' column heads end the search for one", () => {
    const lidl = extractByPatterns(
      document([
        [300, 40, "Warburger StraBe 130"],
        [300, 70, "33100 Paderborn"],
        [100, 110, "Bananen"],
        [700, 110, "0,19 A"],
        [100, 150, "zu zahlen"],
        [700, 150, "0,19"],
        [100, 190, "11.04.20 09:51"],
      ]),
    );
    expect(valuesOf(lidl)).toMatchObject({
      supplier_name: null,
      supplier_address: "Warburger Straße 130, 33100 Paderborn",
    });
    const roller = extractByLayout(
      withWords(
        document([
          [300, 60, "Senefelder Straße 2"],
          [300, 90, "33100 Paderborn"],
          [300, 120, "Quittung"],
          // The date misread: the lines go on to the items' heads.
          [300, 150, "Datum: NND AN 13:56"],
          [200, 240, "1 Duschvorhang"],
          [700, 240, "29,98"],
          [100, 280, "Summe"],
          [700, 280, "29,98"],
        ]),
        // The column heads read larger than the lines above them.
        big(100, 190, "Pos Artikel-Nr. Menge €/Stk", 40),
      ),
    );
    expect(roller.fields.supplier_name.value).toBeNull();
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

  it("by patterns: a receipt is dated by its first date, a later one in its fine print is no due date", () => {
    const data = extractByPatterns(
      document([
        [300, 40, "ROSSMANN"],
        [300, 70, "Mein Drogeriemarkt"],
        [100, 100, "27.02.2020 15:56 Bed.Nr.:120 Kasse 02"],
        [100, 140, "ZEISS BRILLENPUTZTUCH"],
        [700, 140, "1,95"],
        [100, 170, "Total"],
        [700, 170, "1,95"],
        [100, 200, "Bar"],
        [700, 200, "2,00"],
        [100, 260, "Unterschriften für die Petition"],
        [100, 290, "Produkte vom 28.01.2020 an den Bundestag"],
      ]),
    );
    expect(data.document_kind).toBe("receipt");
    expect(valuesOf(data)).toMatchObject({
      invoice_date: "2020-02-27",
      due_date: null,
      total: 1.95,
    });
  });
});

describe("till slips, fourth round (issue 26)", () => {
  const slip = (head: [number, number, string][]) =>
    document([
      ...head,
      [100, 200, "18.05.2020 16:07 2171/3"],
      [100, 240, "Ricola Kräuter"],
      [700, 240, "1,75"],
      [100, 270, "Summe"],
      [700, 270, "1,75"],
    ]);
  const shopOf = (data: ReturnType<typeof extractByLayout>) => ({
    name: data.fields.supplier_name.value,
    address: data.fields.supplier_address.value,
  });

  it("a name in small letters right over its street, past a logo's letters before it", () => {
    for (const extract of [extractByLayout, extractByPatterns]) {
      const data = extract(
        slip([
          [300, 40, "am dm-drogerie markt"],
          [300, 70, "Pohlweg 110"],
          [300, 100, "33100 Paderborn"],
        ]),
      );
      expect(shopOf(data)).toEqual({
        name: "dm-drogerie markt",
        address: "Pohlweg 110, 33100 Paderborn",
      });
    }
  });

  it("an address's 'ß' read as 'B' and its postcode run into the town are mended", () => {
    const data = extractByPatterns(
      slip([
        [300, 40, "Thalia Bücher"],
        [300, 70, "Detmolder StraBe 8"],
        [300, 100, "33098Paderborn"],
      ]),
    );
    expect(shopOf(data).address).toBe("Detmolder Straße 8, 33098 Paderborn");
  });

  it("a word read with next to no confidence before the name is a logo's", () => {
    const page = slip([
      [300, 40, "hewau SHELL TANJUNG BARAT"],
      [300, 70, "JL. RAYA TANJUNG BARAT NO.150"],
    ]);
    const logo = page.pages[0]?.words[0];
    if (logo) logo.confidence = 0.05;
    expect(extractByLayout(page).fields.supplier_name.value).toBe("SHELL TANJUNG BARAT");
  });

  it("capitals with a small letter of their shape read into them, and a name set wide", () => {
    const name = (text: string) =>
      extractByLayout(
        slip([
          [300, 40, text],
          [300, 70, "Grüner Weg 41"],
        ]),
      ).fields.supplier_name.value;
    expect(name("AUTo SPREVES GmbH")).toBe("AUTO SPREVES GmbH");
    expect(name("toom B a u m a r kt GmbH")).toBe("toom Baumarkt GmbH");
    // Mixed case as printed stays.
    expect(name("McDonald's Restaurants Pte Ltd")).toBe("McDonald's Restaurants Pte Ltd");
  });

  it("a hotel's folio is dated when the guest leaves, not by its first night's charge", () => {
    const data = extractByLayout(
      document([
        [300, 40, "Contoso Inn"],
        [300, 70, "5600 148th Ave NE, Redmond, WA 98052"],
        [100, 110, "Arrive: 27Mar21 Time: 05:02PM"],
        [600, 110, "Depart: 28Mar21 Time: 02:52PM"],
        [100, 150, "DATE"],
        [300, 150, "DESCRIPTION"],
        [700, 150, "CHARGES"],
        [100, 180, "27Mar21"],
        [300, 180, "Room Charge"],
        [700, 180, "88.00"],
        [100, 210, "Total"],
        [700, 210, "88.00"],
      ]),
    );
    expect(valuesOf(data)).toMatchObject({ invoice_date: "2021-03-28", total: 88 });
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
      // 23,51 misread.
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
      // "Summe" in bold, misread.
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

  it("under a logo read as letters, the shop's name right over its operator's", () => {
    const page = slip([
      [300, 110, "MEDIA MARKT"],
      [300, 140, "TV-Hifi-Elektro GmbH Paderborn"],
      [300, 170, "Pohlweg 110"],
    ]);
    // The logo, in print three times the body's, read as a word.
    page.pages[0]?.words.unshift({
      text: "Modk",
      confidence: 0.7,
      bbox: { x0: 300, y0: 20, x1: 500, y1: 80 },
    });
    expect(extractByPatterns(page).fields.supplier_name.value).toBe("MEDIA MARKT");
    expect(extractByLayout(page).fields.supplier_name.value).toBe("MEDIA MARKT");
  });
});

describe("till slips, fifth round (issue 26)", () => {
  it("a legal form with a speck after it, and a logo's remnant before the name", () => {
    const page = document([
      [300, 40, "KK PENNY-MARKT"],
      [520, 40, "GmbH it"],
      [300, 70, "Bilker Allee 30"],
      [300, 100, "40219 Düsseldorf-Bilk"],
      [100, 140, "PENNY Chips"],
      [700, 140, "0,79 B"],
      [100, 170, "SUMME EUR"],
      [700, 170, "0,79"],
      [100, 200, "06.06.2015 21:45"],
    ]);
    const remnant = page.pages[0]?.words[0];
    if (remnant) remnant.confidence = 0.2;
    expect(extractByLayout(page).fields.supplier_name.value).toBe("PENNY-MARKT GmbH");
  });

  const till = (head: [number, number, string][]) =>
    document([
      ...head,
      [100, 200, "14.05.2020 17:35"],
      [100, 240, "Holzkohle 3 kg"],
      [700, 240, "5,99"],
      [100, 270, "Summe"],
      [700, 270, "5,99"],
    ]);

  it("a name the slip prints again, spaced apart differently, is one word", () => {
    for (const extract of [extractByLayout, extractByPatterns]) {
      const name = (head: [number, number, string][]) =>
        extract(till(head)).fields.supplier_name.value;
      // The logo's "Kaufland" over the name read "Kauf land"; or read "Ka ufland".
      for (const logo of ["Kaufland", "Ka ufland"]) {
        expect(
          name([
            [300, 40, logo],
            [300, 70, "Kauf land"],
            [300, 100, "Bentelerstraße 4"],
            [300, 130, "33104 Paderborn"],
          ]),
        ).toBe("Kaufland");
      }
      // Spaced alike in both readings, the space stays.
      expect(
        name([
          [300, 40, "Thalia Bücher"],
          [300, 70, "Thalia Bücher"],
          [300, 100, "Westernstraße 31"],
        ]),
      ).toBe("Thalia Bücher");
    }
  });

  it("a logo's name read unsure right over the street, not a heading under the address", () => {
    const page = till([
      [300, 40, "ALDI"],
      [300, 70, "Pohlweg 110"],
      [300, 100, "33100 Paderborn"],
      [300, 130, "UNSERE ÖFFNUNGSZEITEN"],
    ]);
    const logo = page.pages[0]?.words[0];
    if (logo) logo.confidence = 0.16;
    expect(extractByLayout(page).fields.supplier_name.value).toBe("ALDI");
  });

  it("a store's number with a leading zero before its name: no street's", () => {
    const page = till([
      [300, 40, "012 Lifestyle Brooklyn"],
      [300, 70, "Brooklyn Mall"],
      [300, 100, "VAT: 4820237339"],
    ]);
    expect(extractByPatterns(page).fields.supplier_name.value).toBe("012 Lifestyle Brooklyn");
    expect(extractByLayout(page).fields.supplier_name.value).toBe("012 Lifestyle Brooklyn");
  });

  it("a legal form's dots read as dashes", () => {
    const page = till([
      [300, 40, "MERCADONA,"],
      [430, 40, "S-A-"],
      [300, 70, "AVDA. ALCALDE MIGUEL ESCALONA, S/N"],
      [300, 100, "29620 Torremolinos"],
    ]);
    expect(extractByLayout(page).fields.supplier_name.value).toBe("MERCADONA, S.A.");
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
      // 5,03 misread.
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
      // "Gesamtbetrag" misread.
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

  it("no total read, but cash tendered and change: the total is what was paid", () => {
    const page = document([
      [300, 40, "U2 SUPERMERCATO"],
      [300, 70, "VIA VALLAZZE, 87"],
      [100, 110, "DESCRIZIONE IVA EURO"],
      [100, 140, "PATATINA 1936 B"],
      [700, 140, "1,69"],
      [100, 170, "BIANCO CUSTOZA SARTO E"],
      [700, 170, "3,69"],
      // "TOTALE COMPLESSIVO EUR 12,03", its amount misread.
      [100, 200, "TOTALECOMPLESSVOEUR 13"],
      [100, 230, "Pagamento contante"],
      [700, 230, "50,00"],
      [100, 260, "RESTO"],
      [700, 260, "37,97"],
      [100, 300, "06-07-2022 18:50"],
    ]);
    for (const extract of [extractByLayout, extractByPatterns]) {
      expect(extract(page).fields.total).toMatchObject({ value: 12.03, text: "50,00 − 37,97" });
    }
  });

  it("a Polish fiscal receipt whose sum is not read: its sales at each tax rate", () => {
    const page = document([
      [300, 40, "CARREFOUR MARKET Lublin"],
      [300, 70, "20-147 Lublin, al.Spółdzielczości Pracy 32"],
      [100, 110, "2020-05-28 nr wydr.0157"],
      [100, 140, "PARAGON FISKALNY"],
      [100, 170, "A NAPOJ ARIZONA 1szt*6,79="],
      [700, 170, "6,79 A"],
      [100, 200, "C BATONIK TWAROG 2szt*2,19="],
      [700, 200, "4,38 C"],
      [100, 230, "Sprzed. opod. PTU A"],
      [700, 230, "15,56"],
      [100, 260, "Kwota A 23,00%"],
      [700, 260, "2,91"],
      [100, 290, "Sprzed. opod. PTU C"],
      [700, 290, "4,38"],
      [100, 320, "Kwota C 05,00%"],
      [700, 320, "0,21"],
      // "SUMA PLN 19,94" in double size, its amount not read.
      [100, 360, "SUMA PLN"],
    ]);
    for (const extract of [extractByLayout, extractByPatterns]) {
      expect(valuesOf(extract(page))).toMatchObject({ total: 19.94, currency: "PLN" });
    }
  });

  it("a receipt whose sum is not read: what was paid by card, on the card's line or its slip's amount", () => {
    const slip = document([
      [300, 40, "Thalia Bücher"],
      [300, 70, "Westernstraße 2, 33098 Paderborn"],
      [100, 110, "Datum 06.05.2020"],
      [100, 140, "9783896262552"],
      [700, 140, "49,90"],
      // "SUMME 49,90" misread.
      [100, 170, "SUMME m . nn 49, 0"],
      [100, 200, "Kartenzahlung"],
      [100, 230, "girocard"],
      [100, 260, "Betrag"],
      [700, 260, "49,90 EUR"],
    ]);
    const line = document([
      [300, 40, "MEDIA MARKT"],
      [300, 70, "Pohlweg 110, 33100 Paderborn"],
      [100, 110, "Datum 14.05.2020"],
      [100, 140, "LIGHTNING TO USB-C"],
      [700, 140, "39,00"],
      [100, 170, "GIROCARD"],
      [700, 170, "39,00"],
    ]);
    // Cash is tendered, not what it cost.
    const cash = document([
      [300, 40, "Thalia Bücher"],
      [100, 110, "Datum 06.05.2020"],
      [100, 170, "Bar"],
      [700, 170, "50,00"],
    ]);
    for (const extract of [extractByLayout, extractByPatterns]) {
      expect(valuesOf(extract(slip)).total).toBe(49.9);
      expect(valuesOf(extract(line)).total).toBe(39);
      expect(valuesOf(extract(cash)).total).toBeNull();
    }
  });

  it("a fuel slip's amount on its field line is the total", () => {
    const page = document([
      [300, 40, "SHELL TANJUNG BARAT"],
      [300, 70, "JL. RAYA TANJUNG BARAT NO.156"],
      [100, 110, "06/07/25 08:59:45"],
      [100, 140, "Fuel Type : SUPER"],
      [100, 170, "Amount : 30000 Rp"],
      [100, 200, "Volume : 2.342 LTR"],
    ]);
    for (const extract of [extractByLayout, extractByPatterns]) {
      expect(valuesOf(extract(page))).toMatchObject({ total: 30000, currency: "IDR" });
    }
  });
});
