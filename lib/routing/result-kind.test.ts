import { describe, expect, it } from "vitest";
import { sampleInvoice, sampleTables } from "@/lib/testing/result-samples";
import { resultKindOf } from "./result-kind";

const ocr = {
  text: "Dear Sir",
  language: "eng",
  pages: [
    { number: 1, width: 400, height: 200, text: "Dear Sir", confidence: 0.7, lines: [], words: [] },
  ],
};

describe("resultKindOf", () => {
  it("names each shape the app draws, an invoice before the text it also carries", () => {
    expect(resultKindOf(sampleInvoice)).toBe("invoice");
    expect(resultKindOf(sampleTables)).toBe("table");
    expect(resultKindOf(ocr)).toBe("ocr");
  });

  it("calls anything else, or a known shape that breaks its schema, other", () => {
    expect(resultKindOf({ supplier: "x", total: 12 })).toBe("other");
    expect(resultKindOf({ ...ocr, pages: [{ ...ocr.pages[0], confidence: 87 }] })).toBe("other");
    expect(resultKindOf(null)).toBe("other");
  });
});
