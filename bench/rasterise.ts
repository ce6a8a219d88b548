// PDF pages into pictures for OCR: pdfjs drawing in-process (PDF_RASTERISER=pdfjs,
// the default) against poppler's pdftoppm (a child process), the same pages at
// PDF_DPI's default, rounds alternating, in one run, one page at a time and eight
// at once. Printed per page: median milliseconds of each and their ratio, and the
// longest the event loop stood still while each drew (pdfjs draws on the service's
// main thread; pdftoppm leaves it free). The issue-14 rule: pdftoppm stays the
// default where it is faster, or where pdfjs would stall every other request.
//
// What it measures is the service's rasteriser itself, so it imports it
// (service/src/pages/pdf) rather than going through HTTP.
//
//   npx tsx bench/rasterise.ts
//   npx tsx bench/rasterise.ts --write   # also into docs/performance-reading.md
import { readFileSync } from "node:fs";
import path from "node:path";
import { drawPage, openPdf, rasterisePage } from "../service/src/pages/pdf";
import {
  benchArgs,
  docFigures,
  machineLoad,
  markdownTable,
  median,
  root,
  type Table,
  textTable,
  timedWithStall,
  writeDocSection,
} from "./harness";

const DPI = 200;
const ROUNDS = 7;
const AT_ONCE = 8;
const fixtures = path.join(root, "fixtures");
const { write } = benchArgs({});
const PAGES = [
  "scanned.pdf",
  "text-layer.pdf",
  "calibration/tables/ruled-1.pdf",
  "calibration/invoices/invoice-1.pdf",
];

const intro = `One page at ${DPI} dpi, median of ${ROUNDS} rounds taken by turns`;
console.log(`${intro}\n`);
const rows: string[][] = [];
let worst = 0;
let atOnce = "";
for (const name of PAGES) {
  const bytes = readFileSync(path.join(fixtures, name));
  const pdf = await openPdf(bytes);
  const page = await pdf.getPage(1);
  const source = { bytes, pdf, page };
  const signal = AbortSignal.timeout(60_000);
  const runs = { pdftoppm: [] as number[], pdfjs: [] as number[] };
  const stalls = { pdftoppm: [] as number[], pdfjs: [] as number[] };
  await drawPage(source, DPI, signal); // pdfjs's first draw loads fonts and decoders
  for (let round = 0; round < ROUNDS; round++) {
    for (const [kind, draw] of [
      ["pdftoppm", () => rasterisePage(source, DPI, signal, "pdftoppm")],
      ["pdfjs", () => drawPage(source, DPI, signal)],
    ] as const) {
      const { ms, stallMs } = await timedWithStall(draw, 5);
      runs[kind].push(ms);
      stalls[kind].push(stallMs);
    }
  }
  if (name === PAGES[0]) {
    const together = { pdftoppm: [] as number[], pdfjs: [] as number[] };
    for (let round = 0; round < 3; round++) {
      for (const kind of ["pdftoppm", "pdfjs"] as const) {
        const start = performance.now();
        await Promise.all(
          Array.from({ length: AT_ONCE }, () =>
            kind === "pdfjs"
              ? drawPage(source, DPI, signal)
              : rasterisePage(source, DPI, signal, "pdftoppm"),
          ),
        );
        together[kind].push(performance.now() - start);
      }
    }
    atOnce = `${AT_ONCE} pages of ${name} at once: pdftoppm ${median(together.pdftoppm).toFixed(0)} ms, pdfjs ${median(together.pdfjs).toFixed(0)} ms (${(median(together.pdfjs) / median(together.pdftoppm)).toFixed(2)}×)`;
  }
  await pdf.destroy();
  const ratio = median(runs.pdfjs) / median(runs.pdftoppm);
  worst = Math.max(worst, median(stalls.pdfjs));
  rows.push([
    name,
    median(runs.pdftoppm).toFixed(0),
    median(runs.pdfjs).toFixed(0),
    `${ratio.toFixed(2)}×`,
    median(stalls.pdftoppm).toFixed(0),
    median(stalls.pdfjs).toFixed(0),
  ]);
}
const table: Table = {
  columns: ["page", "pdftoppm ms", "pdfjs ms", "pdfjs/pdftoppm", "loop stall: pdftoppm", "pdfjs"],
  rows,
};
const stall = `The event loop's longest stall while pdfjs drew: ${worst.toFixed(0)} ms.`;
console.log(textTable(table));
console.log(`\n${atOnce}\n${stall}`);
if (write) {
  writeDocSection(
    "performance-reading",
    "rasterise",
    docFigures(
      "rasterise",
      `${intro} (${machineLoad()}):`,
      markdownTable(table),
      `${atOnce}. ${stall}`,
    ),
  );
}
