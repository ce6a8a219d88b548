// Who an invoice is from and to: the customer under its label, and where a party's
// address starts and ends.
import { describe, expect, it } from "vitest";
import { extractByLayout, extractByPatterns } from "../src/providers/invoices/extract";
import { big, document, shopOf, slipBelow, tillBelow, valuesOf, withWords } from "./invoice-words";

describe("the customer", () => {
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
});

describe("a party's address", () => {
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

  it("an address's 'ß' read as 'B' and its postcode run into the town are mended", () => {
    const data = extractByPatterns(
      slipBelow([
        [300, 40, "Thalia Bücher"],
        [300, 70, "Detmolder StraBe 8"],
        [300, 100, "33098Paderborn"],
      ]),
    );
    expect(shopOf(data).address).toBe("Detmolder Straße 8, 33098 Paderborn");
  });

  it("a store's number with a leading zero before its name: no street's", () => {
    const page = tillBelow([
      [300, 40, "012 Lifestyle Brooklyn"],
      [300, 70, "Brooklyn Mall"],
      [300, 100, "VAT: 4820237339"],
    ]);
    expect(extractByPatterns(page).fields.supplier_name.value).toBe("012 Lifestyle Brooklyn");
    expect(extractByLayout(page).fields.supplier_name.value).toBe("012 Lifestyle Brooklyn");
  });
});
