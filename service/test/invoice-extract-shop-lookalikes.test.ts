// What heads a slip but is no shop's name: logos, marks, slogans, operators, titles
// and streets.
import { describe, expect, it } from "vitest";
import { extractByLayout, extractByPatterns } from "../src/providers/invoices/extract";
import {
  big,
  document,
  line,
  shopOf,
  slipBelow,
  tillBelow,
  valuesOf,
  withWords,
} from "./invoice-words";

describe("logos and marks before the name", () => {
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

  it("a name in small letters right over its street, past a logo's letters before it", () => {
    for (const extract of [extractByLayout, extractByPatterns]) {
      const data = extract(
        slipBelow([
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

  it("a word read with next to no confidence before the name is a logo's", () => {
    const page = slipBelow([
      [300, 40, "hewau SHELL TANJUNG BARAT"],
      [300, 70, "JL. RAYA TANJUNG BARAT NO.150"],
    ]);
    const logo = page.pages[0]?.words[0];
    if (logo) logo.confidence = 0.05;
    expect(extractByLayout(page).fields.supplier_name.value).toBe("SHELL TANJUNG BARAT");
  });

  it("under a logo read as letters, the shop's name right over its operator's", () => {
    const page = slipBelow([
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

  it("a logo's name read unsure right over the street, not a heading under the address", () => {
    const page = tillBelow([
      [300, 40, "ALDI"],
      [300, 70, "Pohlweg 110"],
      [300, 100, "33100 Paderborn"],
      [300, 130, "UNSERE ÖFFNUNGSZEITEN"],
    ]);
    const logo = page.pages[0]?.words[0];
    if (logo) logo.confidence = 0.16;
    expect(extractByLayout(page).fields.supplier_name.value).toBe("ALDI");
  });
});

describe("slogans, operators, titles and streets", () => {
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
});
