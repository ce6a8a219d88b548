// Generates the table calibration set: text-layer PDFs of ruled and borderless
// tables, each beside its truth (`name.json`: the rows, header first), and the
// first two pages also as 150 dpi images without a text layer (pdftoppm), read by OCR.
// Reproducible: a seeded generator, no clock. `npx tsx scripts/calibration/tables.ts`
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type PdfLine, type PdfText, simplePdf } from "./simple-pdf";

const OUT = path.join(import.meta.dirname, "../../fixtures/calibration/tables");

/** Mulberry32: a small seeded generator, so every run writes the same files. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ITEMS = ["Copper wire", "Steel bolts", "Paint, white", "Wood glue", "Sand paper", "Hinges"];
const CITIES = ["Lyon", "Porto", "Graz", "Leeds", "Turin", "Ghent"];

function rowsFor(random: () => number, kind: number): string[][] {
  const count = 3 + Math.floor(random() * 4);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const amount = () => (random() * 900 + 10).toFixed(2);
  const headers = [
    ["Item", "Qty", "Price", "Amount"],
    ["City", "Orders", "Revenue"],
    ["Code", "Description", "Stock", "Location", "Value"],
  ][kind % 3] as string[];
  const body = Array.from({ length: count }, (_, i) => {
    const qty = String(1 + Math.floor(random() * 40));
    if (kind % 3 === 0) return [pick(ITEMS), qty, amount(), amount()];
    if (kind % 3 === 1) return [pick(CITIES), qty, amount()];
    return [`A-${100 + i}`, pick(ITEMS), qty, pick(CITIES), amount()];
  });
  return [headers, ...body];
}

function layout(rows: readonly string[][], ruled: boolean, random: () => number) {
  const left = 60 + Math.floor(random() * 40);
  const top = 120 + Math.floor(random() * 60);
  const width = (rows[0]?.length ?? 1) > 4 ? 95 : 120;
  const rowHeight = 20;
  const texts: PdfText[] = [{ x: left, y: top - 40, text: "Quarterly report", size: 14 }];
  rows.forEach((row, r) => {
    row.forEach((cell, c) => {
      texts.push({ x: left + c * width + 4, y: top + r * rowHeight + 14, text: cell });
    });
  });
  const lines: PdfLine[] = [];
  if (ruled) {
    const right = left + (rows[0]?.length ?? 0) * width;
    const bottom = top + rows.length * rowHeight;
    for (let r = 0; r <= rows.length; r++) {
      const y = top + r * rowHeight;
      lines.push({ x0: left, y0: y, x1: right, y1: y });
    }
    for (let c = 0; c <= (rows[0]?.length ?? 0); c++) {
      const x = left + c * width;
      lines.push({ x0: x, y0: top, x1: x, y1: bottom });
    }
  }
  texts.push({ x: left, y: top + rows.length * rowHeight + 60, text: "Figures are unaudited." });
  return simplePdf(texts, lines);
}

// generate.ts empties fixtures/calibration before npm run calibration:generate runs this.
mkdirSync(OUT, { recursive: true });
const random = seeded(16);
for (let i = 0; i < 6; i++) {
  const ruled = i % 2 === 0;
  const rows = rowsFor(random, i);
  const name = `${ruled ? "ruled" : "borderless"}-${i + 1}`;
  writeFileSync(path.join(OUT, `${name}.pdf`), layout(rows, ruled, random));
  // One row a line, as Biome formats it.
  const lines = rows.map((row) => `    ${JSON.stringify(row).replaceAll('","', '", "')}`);
  const truth = `{\n  "rows": [\n${lines.join(",\n")}\n  ]\n}\n`;
  writeFileSync(path.join(OUT, `${name}.json`), truth);
  if (i < 2) {
    const pdf = path.join(OUT, `${name}.pdf`);
    execFileSync("pdftoppm", [
      "-r",
      "150",
      "-png",
      "-singlefile",
      pdf,
      path.join(OUT, `${name}-image`),
    ]);
    writeFileSync(path.join(OUT, `${name}-image.json`), truth);
  }
}
