import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { sampleInvoice, sampleInvoiceWithProblems } from "@/lib/testing/result-samples";
import {
  checkLines,
  displayValue,
  fieldsCsv,
  formatAmount,
  formatDate,
  lineItemsCsv,
  sourceNote,
} from "./invoice-text";

describe("invoice text", () => {
  it("writes dates and amounts as a person reads them", () => {
    expect(formatDate("2026-03-03")).toBe("3 March 2026");
    expect(formatDate("14/02/2026")).toBe("14/02/2026");
    expect(formatAmount(2418.75, "USD")).toBe("$2,418.75");
    expect(formatAmount(1234.56, "EUR")).toBe("€1,234.56");
    expect(formatAmount(1234.5, "XX1")).toBe("1,234.50");
    expect(formatAmount(1234.5, null)).toBe("1,234.50");
    expect(displayValue("total", sampleInvoice.fields.total, "GBP")).toBe("£2,418.75");
    expect(displayValue("due_date", sampleInvoice.fields.due_date, "GBP")).toBe("2 April 2026");
    expect(
      displayValue("tax_amount", sampleInvoiceWithProblems.fields.tax_amount, "GBP"),
    ).toBeNull();
  });

  it("says the checks in words, with the figures that disagree", () => {
    expect(checkLines(sampleInvoice).map((c) => [c.state, c.text])).toEqual([
      ["ok", "Line items add up to the subtotal"],
      ["ok", "Subtotal plus tax equals the total"],
    ]);
    expect(checkLines(sampleInvoiceWithProblems).map((c) => [c.state, c.text])).toEqual([
      ["wrong", "Line items add up to £2,024.63, but the subtotal says £2,015.63"],
      ["unknown", "Subtotal, tax and total could not be checked: a figure is missing"],
    ]);
    const noItems = {
      ...sampleInvoice,
      line_items: [],
      checks: { line_items_match_subtotal: null, subtotal_and_tax_match_total: false },
    };
    expect(checkLines(noItems).map((c) => c.text)).toEqual([
      "No line items were found, so they could not be checked against the subtotal",
      "Subtotal plus tax comes to £2,418.75, but the total says £2,418.75",
    ]);
  });

  it("adds the checks a service gives beyond the two, and says where an e-invoice was read", () => {
    const eInvoice = {
      ...sampleInvoice,
      checks: {
        ...sampleInvoice.checks,
        dates_plausible: true,
        total_on_page: false,
        invoice_number_on_page: null,
      },
      source: "embedded_xml" as const,
      e_invoice: {
        syntax: "CII" as const,
        profile: "urn:cen.eu:en16931:2017",
        type: "invoice" as const,
        attachment: "factur-x.xml",
        amount_due: 2418.75,
      },
    };
    expect(checkLines(eInvoice).map((c) => [c.id, c.state])).toEqual([
      ["line_items_match_subtotal", "ok"],
      ["subtotal_and_tax_match_total", "ok"],
      ["dates_plausible", "ok"],
      ["total_on_page", "wrong"],
      ["invoice_number_on_page", "unknown"],
    ]);
    expect(checkLines(eInvoice)[3]?.text).toBe(
      "The page prints a different total from the e-invoice data",
    );
    expect(sourceNote(eInvoice)).toBe(
      "Read from the electronic invoice data inside this file (factur-x.xml, Factur-X / ZUGFeRD CII), not from the page's print: every value is exactly as the seller's system wrote it.",
    );
    expect(sourceNote(sampleInvoice)).toBeNull();
    expect(sourceNote({ ...sampleInvoice, source: "page" })).toBeNull();
  });

  it("gives every field and every line item as CSV cells", () => {
    const fields = Papa.parse<string[]>(fieldsCsv(sampleInvoiceWithProblems).trimEnd()).data;
    expect(fields[0]).toEqual(["Field", "Value", "As printed", "Page", "Confidence"]);
    expect(fields).toHaveLength(12);
    expect(fields).toContainEqual([
      "Supplier address",
      "12 Harbour Road, Leeds LS1 4AB",
      "12 Harbour Road\nLeeds LS1 4AB",
      "1",
      "91%",
    ]);
    expect(fields).toContainEqual(["Invoice date", "2026-03-03", "March 3, 2026", "1", "96%"]);
    expect(fields).toContainEqual(["Tax", "", "", "", ""]);
    expect(fields).toContainEqual(["Total", "2418.75", "£2,418.75", "1", "98%"]);

    const items = Papa.parse<string[]>(lineItemsCsv(sampleInvoice).trimEnd()).data;
    expect(items).toEqual([
      ["Description", "Quantity", "Unit price", "Amount"],
      ["Flour, strong white (25 kg)", "30", "38.5", "1155"],
      ["Delivery", "1", "45", "45"],
      ["Yeast, dried (500 g)", "25", "32.6252", "815.63"],
    ]);
  });
});
