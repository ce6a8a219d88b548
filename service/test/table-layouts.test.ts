// Two layouts of real tables the calibration's generator never draws, read by
// the real table providers from PDFs made here: a table without rules printed
// turned on its page (its words upright, reading down), and a table whose rules
// run between its columns and under its head but not between its rows, as
// statistical abstracts print them. The first must come out level, row by row;
// the second is no ruled table (its grid would hold each column's figures in
// one cell), so the stream reading's rows are the answer. And a diagram whose
// labels sit in rows and columns (a neuron's inputs and weights) is no table:
// its arrows, bent or slanted, run among the words. A ruled table whose heads
// are set upright over narrow columns reads each head the way it runs.
import { degrees, PDFDocument, type PDFFont, type PDFPage, StandardFonts } from "@cantoo/pdf-lib";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { TableData } from "@/lib/kernel/contract";
import { loadProviderConfig } from "../src/config";
import { keptDrawing, type PageDrawing } from "../src/pages/pdf-lines";
import type { ProviderInput, ProviderOutput } from "../src/providers/interface/types";
import { closeAll, createProviders } from "../src/registry";

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

  /** A ruled table whose heads are set upright over narrow columns of figures, turned `by` degrees. */
  async function uprightHeads(by: 90 | -90): Promise<Uint8Array> {
    const heads = ["Registered voters", "Poll Book Totals", "Jim Hines"];
    const body = [
      ["963", "439", "47"],
      ["923", "393", "45"],
      ["1026", "349", "25"],
    ];
    const [left, top, width, headHeight] = [80, 700, 40, 110];
    return onePage((page, font) => {
      heads.forEach((text, c) => {
        const long = font.widthOfTextAtSize(text, SIZE);
        // Read up the page, its first letter at the foot; read down, at the head.
        const x = left + c * width + (by === 90 ? 26 : 14);
        const y = by === 90 ? top - headHeight + 8 : top - headHeight + 8 + long;
        page.drawText(text, { x, y, size: SIZE, font, rotate: degrees(by) });
      });
      body.forEach((row, r) => {
        row.forEach((text, c) => {
          const y = top - headHeight - 14 - r * PITCH;
          page.drawText(text, { x: left + 6 + c * width, y, size: SIZE, font });
        });
      });
      const bottom = top - headHeight - PITCH * body.length - 4;
      const line = (x0: number, y0: number, x1: number, y1: number) =>
        page.drawLine({ start: { x: x0, y: y0 }, end: { x: x1, y: y1 }, thickness: 0.8 });
      for (const y of [
        top,
        top - headHeight,
        ...body.map((_, r) => top - headHeight - (r + 1) * PITCH - (r === body.length - 1 ? 4 : 0)),
      ]) {
        line(left, y, left + width * heads.length, y);
      }
      for (let c = 0; c <= heads.length; c++) line(left + c * width, top, left + c * width, bottom);
    });
  }

  it("reads heads set upright over narrow columns the way they run, up or down", async () => {
    for (const by of [90, -90] as const) {
      const { data, check } = await run("tables-lattice", await uprightHeads(by));
      expect(check?.confident).toBe(true);
      expect(data.tables.map((t) => t.rows)).toEqual([
        [
          ["Registered voters", "Poll Book Totals", "Jim Hines"],
          ["963", "439", "47"],
          ["923", "393", "45"],
          ["1026", "349", "25"],
        ],
      ]);
    }
  }, 60_000);

  /** A neuron's inputs in circles and their weights, in rows as a table's cells would be. */
  const LABELS = ["x1", "x2", "x3", "x4", "x5", "x6"].map((x, i) => [x, `w${i + 1}`]);

  async function diagram(arrows: "bent" | "slanted" | "none"): Promise<Uint8Array> {
    return onePage((page, font) => {
      const top = 700;
      // The node they feed, right of them, level with their middle.
      const node = { x: 300, y: top - 2.5 * 30 + 3 };
      LABELS.forEach(([input, weight], r) => {
        const y = top - r * 30;
        page.drawText(input ?? "", { x: 100, y, size: SIZE, font });
        page.drawText(weight ?? "", { x: 220, y: y + 6, size: SIZE, font });
        page.drawCircle({ x: 105, y: y + 3, size: 10, borderWidth: 0.8 });
        if (arrows === "bent") {
          // From the input's circle to the node, bending on the way (SVG: y down, from (x, y)).
          const dy = y + 3 - node.y;
          page.drawSvgPath(`M 0 0 C 120 0 200 ${dy * 0.2} ${node.x - 125} ${dy}`, {
            x: 125,
            y: y + 3,
            borderWidth: 0.8,
          });
        } else if (arrows === "slanted") {
          page.drawLine({ start: { x: 115, y: y + 3 }, end: node, thickness: 0.8 });
        }
      });
      page.drawText("Sum", { x: node.x + 6, y: node.y - 3, size: SIZE, font });
      page.drawCircle({ x: node.x + 15, y: node.y, size: 16, borderWidth: 0.8 });
    });
  }

  it("takes no table from a diagram's labels, its arrows bent or slanted among them", async () => {
    // The words alone read as a table: without the arrows, the stream reading finds one.
    const words = await run("tables-stream-tesseract", await diagram("none"));
    expect(words.data.tables).toHaveLength(1);
    for (const arrows of ["bent", "slanted"] as const) {
      const { data, check } = await run("tables-stream-tesseract", await diagram(arrows));
      expect(data.tables).toEqual([]);
      expect(check).toMatchObject({ confident: false, reason: "no table found" });
    }
  }, 60_000);

  it("keeps a table framed with rounded corners", async () => {
    const top = 700;
    const bytes = await onePage((page, font) => {
      ROWS.forEach((row, r) => {
        row.forEach((text, c) => {
          page.drawText(text, {
            x: 86 + (COLUMNS[c] ?? 0),
            y: top - 14 - r * PITCH,
            size: SIZE,
            font,
          });
        });
      });
      // A frame whose corners are quarter circles, one closed outline.
      const w = 340;
      const h = PITCH * ROWS.length + 8;
      const k = 8;
      page.drawSvgPath(
        `M ${k} 0 H ${w - k} Q ${w} 0 ${w} ${k} V ${h - k} Q ${w} ${h} ${w - k} ${h} H ${k} Q 0 ${h} 0 ${h - k} V ${k} Q 0 0 ${k} 0 Z`,
        { x: 80, y: top + 4, borderWidth: 0.8 },
      );
    });
    const { data, check } = await run("tables-stream-tesseract", bytes);
    expect(check?.confident).toBe(true);
    expect(data.tables.map((t) => t.rows)).toEqual([ROWS]);
  }, 60_000);

  it("reads a page's drawing once a request: the lattice's, looked at again by the stream", async () => {
    const drawing: PageDrawing = { shapes: true, pictures: false, lines: [], figure: [] };
    const read = vi.fn(async () => drawing);
    const bytes = Buffer.from("one request's document");
    const page = { number: 1, width: 1700 };
    await keptDrawing(bytes, page, read);
    expect(await keptDrawing(bytes, page, read)).toBe(drawing);
    expect(read).toHaveBeenCalledTimes(1);
    // The same file sent again is other bytes, read anew; so is another page.
    await keptDrawing(Buffer.from(bytes), page, read);
    await keptDrawing(bytes, { number: 2, width: 1700 }, read);
    expect(read).toHaveBeenCalledTimes(3);
    // A failed reading is not kept.
    const failing = vi.fn(async (): Promise<PageDrawing> => {
      throw new Error("aborted");
    });
    await expect(keptDrawing(bytes, { number: 3, width: 1700 }, failing)).rejects.toThrow();
    await expect(keptDrawing(bytes, { number: 3, width: 1700 }, failing)).rejects.toThrow();
    expect(failing).toHaveBeenCalledTimes(2);
  });
});
