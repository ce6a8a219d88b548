import { readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { writePdf } from "@/scripts/calibration/simple-pdf";
import { countPdfPages } from "./count-pages";

const letter = { mediaBox: [0, 0, 612, 792], content: "" } as const;
const blob = (bytes: Buffer | string) =>
  new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)]);

describe("countPdfPages", () => {
  it("counts the page objects of a PDF, not its page tree", async () => {
    expect(await countPdfPages(blob(readFileSync("fixtures/scanned.pdf")))).toBe(1);
    expect(await countPdfPages(blob(writePdf(Array.from({ length: 30 }, () => letter))))).toBe(30);
  });

  it("counts pages kept in compressed object streams (PDF 1.5 and later)", async () => {
    const objects = Array.from(
      { length: 12 },
      (_, i) => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${100 + i} 0 R >>`,
    ).join("\n");
    const data = deflateSync(Buffer.from(`${objects}\n<< /Type /Pages /Count 12 >>`, "latin1"));
    const pdf = Buffer.concat([
      Buffer.from(
        `%PDF-1.7\n5 0 obj\n<< /Type /ObjStm /N 13 /First 40 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
        "latin1",
      ),
      data,
      Buffer.from("\nendstream\nendobj\n%%EOF\n", "latin1"),
    ]);
    expect(await countPdfPages(blob(pdf))).toBe(12);
  });

  it("says it cannot tell rather than guess", async () => {
    expect(await countPdfPages(blob("%PDF-1.4\nnot a real PDF\n%%EOF"))).toBeNull();
    const damaged = "%PDF-1.5\n<< /Type /ObjStm /Filter /FlateDecode >>\nstream\nxxxx\nendstream\n";
    expect(await countPdfPages(blob(damaged))).toBeNull();
  });
});
