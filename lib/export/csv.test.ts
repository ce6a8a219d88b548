import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("toCsv", () => {
  it("quotes commas, quotes and line breaks, and reads back to the same cells", () => {
    const rows = [
      ["Description", "Amount"],
      ['Widget, "large"', "1,234.56"],
      ["Two\nlines", ""],
    ];
    const csv = toCsv(rows);
    expect(csv).toBe('Description,Amount\r\n"Widget, ""large""","1,234.56"\r\n"Two\nlines",\r\n');
    expect(Papa.parse(csv.trimEnd(), { newline: "\r\n" }).data).toEqual(rows);
  });

  it("keeps formulas from running in a spreadsheet, but leaves signed numbers alone", () => {
    const csv = toCsv([['=HYPERLINK("http://x")', "-12.50", "+3", "@SUM(A1)", "-2+3", 7, null]]);
    expect(csv).toBe('"\'=HYPERLINK(""http://x"")",-12.50,+3,"\'@SUM(A1)","\'-2+3",7,\r\n');
  });
});
