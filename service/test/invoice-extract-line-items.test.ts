// Which lines of an invoice or a receipt are its items, and what each item's cells are.
import { describe, expect, it } from "vitest";
import type { OcrSpan } from "@/lib/kernel/contract";
import { checkInvoice } from "../src/providers/invoices/checks";
import { extractByLayout, extractByPatterns } from "../src/providers/invoices/extract";
import { amounts, document, valuesOf, withWords } from "./invoice-words";

describe("line items and the lines that are none", () => {
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
