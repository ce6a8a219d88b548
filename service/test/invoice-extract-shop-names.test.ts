// A receipt's shop name as its print sets it: large print, letters set wide, lines
// that wrap, legal forms.
import { describe, expect, it } from "vitest";
import type { OcrData, OcrSpan } from "@/lib/kernel/contract";
import { extractByLayout, extractByPatterns } from "../src/providers/invoices/extract";
import { big, document, slipBelow, tillBelow, valuesOf, withWords } from "./invoice-words";

describe("a shop's name as its print sets it", () => {
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

  it("a shop whose name starts with a number and carries its registration number", () => {
    const data = extractByLayout(
      document([
        [300, 40, "77 SEGAR MART SDN BHD (604318-W)"],
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
      supplier_name: "77 SEGAR MART SDN BHD",
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

  it("a name in large print over two lines, the second read taller, specks between", () => {
    const data = extractByLayout(
      withWords(
        document([
          [330, 130, "8, JALAN KENANGA 3/2,"],
          [330, 155, "83000 BATU PAHAT, JOHOR"],
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
      supplier_address: "8, JALAN KENANGA 3/2, 83000 BATU PAHAT, JOHOR",
    });
  });

  it("a name in large print broken into cells on its line, its legal form under it; its district opens the address", () => {
    const data = extractByLayout(
      withWords(
        document([
          [330, 120, "NO. 21, JALAN SERAI 2/5,"],
          [330, 145, "TAMAN SERAI,"],
          [330, 170, "86000 KLUANG"],
          [100, 220, "DATE: 09/04/2025 3:37:22 PM"],
          [100, 270, "RULER 30CM"],
          [700, 270, "2.40"],
          [100, 310, "TOTAL:"],
          [700, 310, "2.40"],
          [100, 340, "CASH"],
          [700, 340, "5.00"],
        ]),
        [
          ...big(100, 30, "CAHAYA BUKU", 34),
          // Brackets stand taller than the letters.
          ...big(380, 28, "(TAMAN SERAI)", 38),
          ...big(300, 72, "SDN BHD", 34),
        ],
      ),
    );
    expect(valuesOf(data)).toMatchObject({
      supplier_name: "CAHAYA BUKU (TAMAN SERAI) SDN BHD",
      supplier_address: "NO. 21, JALAN SERAI 2/5, TAMAN SERAI, 86000 KLUANG",
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

  it("short cells beside a name in large print are of it ('DR.', '(M)')", () => {
    const data = extractByLayout(
      withWords(
        document([
          [330, 120, "LOT 2207-B, JALAN INDUSTRI 4,"],
          [330, 145, "47100 PUCHONG"],
          [100, 195, "16-04-22 08:45"],
          [100, 245, "LED BULB 9W"],
          [700, 245, "2.81"],
          [100, 285, "TOTAL RM"],
          [700, 285, "2.81"],
          [100, 315, "CASH"],
          [700, 315, "5.00"],
        ]),
        [
          ...big(100, 30, "DR.", 32),
          ...big(240, 28, "HARDWARE", 40),
          ...big(500, 28, "(M)", 40),
          ...big(640, 30, "SDN BHD", 32),
        ],
      ),
    );
    expect(data.fields.supplier_name.value).toBe("DR. HARDWARE (M) SDN BHD");
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

  it("capitals with a small letter of their shape read into them, and a name set wide", () => {
    const name = (text: string) =>
      extractByLayout(
        slipBelow([
          [300, 40, text],
          [300, 70, "Grüner Weg 41"],
        ]),
      ).fields.supplier_name.value;
    expect(name("AUTo SPREVES GmbH")).toBe("AUTO SPREVES GmbH");
    expect(name("toom B a u m a r kt GmbH")).toBe("toom Baumarkt GmbH");
    // Mixed case as printed stays.
    expect(name("McDonald's Restaurants Pte Ltd")).toBe("McDonald's Restaurants Pte Ltd");
  });

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

  it("a name the slip prints again, spaced apart differently, is one word", () => {
    for (const extract of [extractByLayout, extractByPatterns]) {
      const name = (head: [number, number, string][]) =>
        extract(tillBelow(head)).fields.supplier_name.value;
      // The logo over the name read whole or split in one place, the name split in another.
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

  it("a legal form's dots read as dashes", () => {
    const page = tillBelow([
      [300, 40, "MERCADONA,"],
      [430, 40, "S-A-"],
      [300, 70, "AVDA. ALCALDE MIGUEL ESCALONA, S/N"],
      [300, 100, "29620 Torremolinos"],
    ]);
    expect(extractByLayout(page).fields.supplier_name.value).toBe("MERCADONA, S.A.");
  });
});
