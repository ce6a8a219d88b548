// A till receipt's total: cash, change and roundings, and what was paid when the
// total itself is not read.
import { describe, expect, it } from "vitest";
import { extractByLayout, extractByPatterns } from "../src/providers/invoices/extract";
import { amounts, big, bothExtractors, document, valuesOf, withWords } from "./invoice-words";

describe("a till receipt's cash, change and rounding", () => {
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

  it.each(bothExtractors)(
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

  it.each(bothExtractors)(
    "%s: 'ROUNDED TOTAL (RM)' under 'TOTAL:' and the rounding",
    (_, extract) => {
      const data = extract(
        document([
          [300, 40, "CAHAYA BUKU SDN BHD"],
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
    },
  );

  it.each(bothExtractors)(
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
});

describe("a receipt whose total is not read", () => {
  it("no total read, but cash tendered and change: the total is what was paid", () => {
    const page = document([
      [300, 40, "U2 SUPERMERCATO"],
      [300, 70, "VIA VALLAZZE, 87"],
      [100, 110, "DESCRIZIONE IVA EURO"],
      [100, 140, "PATATINA 1936 B"],
      [700, 140, "1,69"],
      [100, 170, "BIANCO CUSTOZA SARTO E"],
      [700, 170, "3,69"],
      // The total's label run together with its amount, the amount misread.
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
      // The total's label in double size, its amount not read.
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
      // The total's line, misread.
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
