// The two invoice extractors on hand-placed words (no OCR): what each finds,
// and how a tilted photo's words, misread labels and several tax rates are read.
import { describe, expect, it } from "vitest";
import type { OcrData, OcrSpan } from "@/lib/kernel/contract";
import { extractByLayout, extractByPatterns } from "../src/invoices/extract";

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
    });
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
