// Two layouts of real tables the calibration's generator never draws, read by
// the real table providers from PDFs made here: a table without rules printed
// turned on its page (its words upright, reading down), and a table whose rules
// run between its columns and under its head but not between its rows, as
// statistical abstracts print them. The first must come out level, row by row;
// the second is no ruled table (its grid would hold each column's figures in
// one cell), so the stream reading's rows are the answer.
import { degrees, PDFDocument, type PDFFont, type PDFPage, StandardFonts } from "@cantoo/pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import type { TableData } from "@/lib/kernel/contract";
import type { ProviderInput, ProviderOutput } from "../src/providers/types";
import { closeAll, createProviders, loadProviderConfig } from "../src/registry";

const ROWS = [
  ["Offense", "Total", "Male"],
  ["Robbery", "102.1", "90.0"],
  ["Burglary", "240.9", "205.0"],
  ["Arson", "9.8", "8.1"],
  ["Fraud", "152.5", "84.8"],
  ["Vandalism", "230.2", "188.6"],
];
/** Where each column starts along its rows, in points from the first. */
const COLUMNS = [0, 160, 260];
const PITCH = 18;
const SIZE = 10;

function input(bytes: Uint8Array): ProviderInput {
  return {
    bytes: Buffer.from(bytes),
    mimeType: "application/pdf",
    languageHints: [],
    passthrough: {},
    signal: AbortSignal.timeout(60_000),
    traceId: "0123456789abcdef0123456789abcdef",
  };
}

async function onePage(draw: (page: PDFPage, font: PDFFont) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  draw(doc.addPage([595, 842]), font);
  return doc.save();
}

describe("table layouts of real documents", () => {
  const providers = createProviders(loadProviderConfig({}));
  afterAll(() => closeAll(providers));
  const run = async (name: string, bytes: Uint8Array) =>
    (await providers.get(name)?.run(input(bytes))) as ProviderOutput<TableData>;

  it("reads a table without rules printed turned on its page, row by row", async () => {
    // Turned a quarter clockwise: each row runs down the page, the first at the right.
    const bytes = await onePage((page, font) => {
      ROWS.forEach((row, r) => {
        row.forEach((text, c) => {
          const x = 400 - r * PITCH;
          const y = 700 - (COLUMNS[c] ?? 0);
          page.drawText(text, { x, y, size: SIZE, font, rotate: degrees(-90) });
        });
      });
    });
    const { data, check } = await run("tables-stream-tesseract", bytes);
    expect(check?.confident).toBe(true);
    expect(data.tables.map((t) => t.rows)).toEqual([ROWS]);
    // Its box is on the page as sent: taller than wide, as the turned table stands.
    const box = data.tables[0]?.bbox;
    expect(box && box.y1 - box.y0 > box.x1 - box.x0).toBe(true);
  }, 60_000);

  it("takes no grid for the table whose rules leave out its rows", async () => {
    const top = 700;
    const left = 80;
    const right = left + 340;
    const bottom = top - PITCH * ROWS.length - 4;
    const bytes = await onePage((page, font) => {
      ROWS.forEach((row, r) => {
        row.forEach((text, c) => {
          const x = left + 6 + (COLUMNS[c] ?? 0);
          page.drawText(text, { x, y: top - 14 - r * PITCH, size: SIZE, font });
        });
      });
      const line = (x0: number, y0: number, x1: number, y1: number) =>
        page.drawLine({ start: { x: x0, y: y0 }, end: { x: x1, y: y1 }, thickness: 0.8 });
      // Its edges, a rule under its head, and rules between its columns only.
      line(left, top, right, top);
      line(left, top - PITCH - 2, right, top - PITCH - 2);
      line(left, bottom, right, bottom);
      for (const x of [left, left + 150, left + 250, right]) line(x, top, x, bottom);
    });
    const lattice = await run("tables-lattice", bytes);
    expect(lattice.check).toMatchObject({ confident: false, reason: "no ruled table found" });
    const stream = await run("tables-stream-tesseract", bytes);
    expect(stream.check?.confident).toBe(true);
    expect(stream.data.tables.map((t) => t.rows)).toEqual([ROWS]);
  }, 60_000);
});
