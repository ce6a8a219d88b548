// PDFs are parsed by pdfjs in a thread of their own (pages/pdf-worker.mjs):
// documents read there as before, again after the thread has ended, and a
// script that read one still ends by itself. DecompressionStream, hidden from
// pdfjs in that thread, is still there for everything else (file-type's ZIP
// detection, for one), and the built-ins pdfjs's core-js replaces are put back.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { closePdfParser, openPdf } from "../src/pages/pdf";

const here = path.dirname(fileURLToPath(import.meta.url));
const invoice = readFileSync(path.join(here, "../../fixtures/calibration/invoices/invoice-1.pdf"));

async function firstPageText(bytes: Buffer): Promise<string> {
  const pdf = await openPdf(bytes);
  try {
    const { items } = await (await pdf.getPage(1)).getTextContent();
    return items.map((item) => ("str" in item ? item.str : "")).join(" ");
  } finally {
    await pdf.destroy();
  }
}

describe("the PDF parsing thread", () => {
  it("reads a document, and again once the thread before has ended", async () => {
    const text = await firstPageText(invoice);
    expect(text).toMatch(/invoice/i);
    await closePdfParser();
    expect(await firstPageText(invoice)).toBe(text);
  });

  it("reads documents side by side", async () => {
    const texts = await Promise.all([1, 2, 3].map(() => firstPageText(invoice)));
    expect(new Set(texts).size).toBe(1);
  });

  it("leaves DecompressionStream to the rest of the service", async () => {
    await firstPageText(invoice);
    const stream = new Blob([new Uint8Array([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])])
      .stream()
      .pipeThrough(new DecompressionStream("deflate"));
    expect((await new Response(stream).arrayBuffer()).byteLength).toBe(0);
  });

  it("lets a script that read a PDF end by itself, with the built-ins pdfjs's core-js replaces put back", async () => {
    const pdf = path.join(here, "../src/pages/pdf.ts");
    // In a process of its own: the built-ins as they were before pdfjs was loaded.
    const script = `const before = [Array.prototype.push, JSON.stringify, JSON.parse];
      const { readFileSync } = await import("node:fs");
      const { openPdf } = await import(${JSON.stringify(pdf)});
      const doc = await openPdf(readFileSync(${JSON.stringify(path.join(here, "../../fixtures/calibration/invoices/invoice-1.pdf"))}));
      const after = [Array.prototype.push, JSON.stringify, JSON.parse];
      console.log(doc.numPages, after.every((f, i) => f === before[i]), typeof Promise.withResolvers);
      await doc.destroy();`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      { timeout: 20_000 },
    );
    expect(stdout.trim()).toBe("1 true function");
  });
});
