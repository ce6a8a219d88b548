// An invoice's or a receipt's dates and its number.
import { describe, expect, it } from "vitest";
import { extractByLayout, extractByPatterns } from "../src/providers/invoices/extract";
import { big, document, valuesOf, withWords } from "./invoice-words";

describe("dates and the document's number", () => {
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
});
