// Generates the table calibration set: text-layer PDFs of ruled and borderless
// tables, each beside its truth (`name.json`: the rows, header first), and the
// first two pages also as 150 dpi images without a text layer (pdftoppm), read by OCR.
// Reproducible: a seeded generator, no clock. `npx tsx scripts/calibration/tables.ts`
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { photographPdf } from "./draw";
import {
  imagePage,
  type PdfLine,
  type PdfText,
  simplePdf,
  textWidth,
  writePdf,
} from "./simple-pdf";
import { seeded } from "./text";

const OUT = path.join(import.meta.dirname, "../../fixtures/calibration/tables");

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

/** A cell over more than one row or column (grid positions it covers beyond its own hold ""). */
interface Span {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
}

/** Which ruling lines a table has: every cell's, only above and below the header and at the end, or none. */
type Rules = "grid" | "header" | "none";

/** Lines of `text` that fit in `width` points at 10 pt. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(" ")) {
    const last = lines.at(-1);
    if (last !== undefined && textWidth(`${last} ${word}`, 10) <= width) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else lines.push(word);
  }
  return lines;
}

function layout(
  rows: readonly string[][],
  widths: readonly number[],
  rules: Rules,
  random: () => number,
  spans: readonly Span[] = [],
  /** White space kept clear at the right of every cell, past which text wraps. */
  gutter = 0,
) {
  const left = 60 + Math.floor(random() * 40);
  const top = 120 + Math.floor(random() * 60);
  const spanOf = (r: number, c: number) =>
    spans.find((s) => r >= s.row && r < s.row + s.rowSpan && c >= s.col && c < s.col + s.colSpan);
  const xs = [left];
  for (const w of widths) xs.push((xs.at(-1) ?? left) + w);
  const texts: PdfText[] = [{ x: left, y: top - 40, text: "Quarterly report", size: 14 }];
  // A row is as tall as its most wrapped cell: 12 pt a line and 8 pt of padding.
  const ys = [top];
  rows.forEach((row, r) => {
    const y = ys[r] ?? top;
    let lines = 1;
    row.forEach((cell, c) => {
      const span = spanOf(r, c);
      const cellWidth = (xs[c + (span?.colSpan ?? 1)] ?? 0) - (xs[c] ?? 0) - 8 - gutter;
      wrap(cell, cellWidth).forEach((line, l) => {
        if (line) texts.push({ x: (xs[c] ?? 0) + 4, y: y + 14 + l * 12, text: line });
        lines = Math.max(lines, l + 1);
      });
    });
    ys.push(y + lines * 12 + 8);
  });
  const right = xs.at(-1) ?? left;
  const bottom = ys.at(-1) ?? top;
  const lines: PdfLine[] = [];
  const same = (a?: Span, b?: Span) => a !== undefined && a === b;
  // Segments of one line joined where they meet.
  const push = (line: PdfLine) => {
    const last = lines.at(-1);
    if (last && last.x1 === line.x0 && last.y1 === line.y0 && last.y0 === line.y1)
      last.x1 = line.x1;
    else if (last && last.y1 === line.y0 && last.x0 === line.x1 && last.x1 === line.x0) {
      last.y1 = line.y1;
    } else lines.push(line);
  };
  if (rules === "grid") {
    ys.forEach((y, r) => {
      widths.forEach((_, c) => {
        if (r === 0 || r === rows.length || !same(spanOf(r - 1, c), spanOf(r, c))) {
          push({ x0: xs[c] ?? 0, y0: y, x1: xs[c + 1] ?? 0, y1: y });
        }
      });
    });
    xs.forEach((x, c) => {
      rows.forEach((_, r) => {
        if (c === 0 || c === widths.length || !same(spanOf(r, c - 1), spanOf(r, c))) {
          push({ x0: x, y0: ys[r] ?? 0, x1: x, y1: ys[r + 1] ?? 0 });
        }
      });
    });
  } else if (rules === "header") {
    for (const y of [top, ys[1] ?? top, bottom]) lines.push({ x0: left, y0: y, x1: right, y1: y });
  }
  texts.push({ x: left, y: bottom + 60, text: "Figures are unaudited." });
  return simplePdf(texts, lines);
}

const DESCRIPTIONS = [
  "Annual maintenance of the cooling units, parts and labour included",
  "Delivery to site",
  "Replacement filters for the ventilation system, set of twelve",
  "Training of two operators, one day on site",
  "Spare fuses",
  "Inspection report with photographs and recommendations",
];

/** A ruled table whose descriptions wrap onto two or three lines inside their cells. */
function wrappedRows(random: () => number): string[][] {
  const count = 3 + Math.floor(random() * 3);
  const body = Array.from({ length: count }, (_, i) => [
    `S-${20 + i}`,
    DESCRIPTIONS[Math.floor(random() * DESCRIPTIONS.length)] as string,
    String(1 + Math.floor(random() * 12)),
    (random() * 2000 + 50).toFixed(2),
  ]);
  return [["Ref", "Description", "Qty", "Amount"], ...body];
}

/** Two header rows: a product name over both, and each half year over its two columns. */
function mergedRows(random: () => number): { rows: string[][]; spans: Span[] } {
  const body = ITEMS.slice(0, 3 + Math.floor(random() * 3)).map((item) => [
    item,
    ...Array.from({ length: 2 }, () => [
      String(10 + Math.floor(random() * 400)),
      (random() * 9000 + 100).toFixed(2),
    ]).flat(),
  ]);
  const rows = [
    ["Product", "First half", "", "Second half", ""],
    ["", "Units", "Revenue", "Units", "Revenue"],
    ...body,
  ];
  const spans = [
    { row: 0, col: 0, rowSpan: 2, colSpan: 1 },
    { row: 0, col: 1, rowSpan: 1, colSpan: 2 },
    { row: 0, col: 3, rowSpan: 1, colSpan: 2 },
  ];
  return { rows, spans };
}

const write = (name: string, bytes: Buffer, truthOf: readonly string[][], ext = "pdf") => {
  writeFileSync(path.join(OUT, `${name}.${ext}`), bytes);
  // One row a line, as Biome formats it.
  const lines = truthOf.map((row) => `    ${JSON.stringify(row).replaceAll('","', '", "')}`);
  writeFileSync(path.join(OUT, `${name}.json`), `{\n  "rows": [\n${lines.join(",\n")}\n  ]\n}\n`);
};

// generate.ts empties fixtures/calibration before npm run calibration:generate runs this.
mkdirSync(OUT, { recursive: true });
const random = seeded(16);
for (let i = 0; i < 6; i++) {
  const ruled = i % 2 === 0;
  const rows = rowsFor(random, i);
  const name = `${ruled ? "ruled" : "borderless"}-${i + 1}`;
  const width = (rows[0]?.length ?? 1) > 4 ? 95 : 120;
  const widths = (rows[0] ?? []).map(() => width);
  write(name, layout(rows, widths, ruled ? "grid" : "none", random), rows);
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
    write(`${name}-image`, readFileSync(path.join(OUT, `${name}-image.png`)), rows, "png");
  }
}

// Cells of several lines, header rules only, cells over two rows or columns.
const more = seeded(1616);
for (let i = 0; i < 2; i++) {
  const rows = wrappedRows(more);
  write(`ruled-wrapped-${i + 1}`, layout(rows, [50, 190, 45, 80], "grid", more), rows);
}
for (let i = 0; i < 2; i++) {
  const rows = rowsFor(more, i);
  const widths = (rows[0] ?? []).map(() => 110);
  write(`header-rules-${i + 1}`, layout(rows, widths, "header", more), rows);
}
const merged = mergedRows(more);
const mergedWidths = [110, 70, 90, 70, 90];
write("ruled-merged-1", layout(merged.rows, mergedWidths, "grid", more, merged.spans), merged.rows);

for (let i = 0; i < 2; i++) {
  const rows = wrappedRows(more);
  write(`borderless-wrapped-${i + 1}`, layout(rows, [50, 210, 45, 80], "none", more, [], 30), rows);
}

// Phone photos of some of them: tilted on a desk, unevenly lit, noisy JPEG.
const photos = seeded(1617);
for (const name of [
  "ruled-1",
  "borderless-2",
  "ruled-wrapped-1",
  "header-rules-1",
  "ruled-merged-1",
  "borderless-wrapped-1",
]) {
  const truthOf = JSON.parse(readFileSync(path.join(OUT, `${name}.json`), "utf8")).rows;
  write(
    `${name}-photo`,
    await photographPdf(path.join(OUT, `${name}.pdf`), photos),
    truthOf,
    "jpg",
  );
}

// Scans: PDFs whose page is only a picture, read by OCR. One printed page
// scanned straight at 200 dpi, and one photo put in a PDF.
const rows = JSON.parse(readFileSync(path.join(OUT, "ruled-wrapped-1.json"), "utf8")).rows;
const render = path.join(OUT, "ruled-wrapped-1-scan");
execFileSync("pdftoppm", [
  "-r",
  "200",
  "-gray",
  "-png",
  "-singlefile",
  `${OUT}/ruled-wrapped-1.pdf`,
  render,
]);
const scan = await imagePage(readFileSync(`${render}.png`), 200);
rmSync(`${render}.png`);
write("ruled-wrapped-1-scan", writePdf([scan]), rows);
const photo = await imagePage(readFileSync(path.join(OUT, "ruled-1-photo.jpg")), 200);
write(
  "ruled-1-photo-scan",
  writePdf([photo]),
  JSON.parse(readFileSync(path.join(OUT, "ruled-1.json"), "utf8")).rows,
);
