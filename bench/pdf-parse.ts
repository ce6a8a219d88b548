// pdfjs parsing PDFs two ways, side by side in one run: in the service's own
// thread, as pdfjs runs in Node by default (its "fake worker", DecompressionStream
// inflating every stream), against the service's parsing thread
// (pages/pdf-worker.mjs: pdfjs's worker in a worker thread, inflating in place).
// What is parsed is what the service asks of a PDF: each page's text and its
// operator list (the lines the tables read, the pictures a scan is). Every PDF
// of three sources, each its own column:
//   calibration  fixtures/calibration/{invoices,tables} (the canvas generator)
//   rendered     fixtures/rendered/{invoices,tables} (HTML drawn by Chromium)
//   real         fixtures/real/{invoices,tables,einvoices} (public documents;
//                fetched, not committed: `npx tsx scripts/real/fetch.ts`)
// Each document is parsed by the two in turn, ROUNDS times, the order swapped
// every round. Printed per source: median and 90th-percentile milliseconds a
// page, and the longest the service's event loop stood still meanwhile.
//
// First, the service's own work with the built-ins pdfjs's core-js replaces for
// the whole process (Array.prototype.push, JSON.stringify, JSON.parse) against
// the engine's own, which the service puts back (pages/pdf.ts, loadPdfjs): the
// invoice extraction over each text-layer PDF (invoices-layout), each set of
// built-ins in turn.
//
//   npx tsx bench/pdf-parse.ts
//   npx tsx bench/pdf-parse.ts --write   # also into docs/performance-reading.md
import { readFileSync } from "node:fs";
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { loadProviderConfig } from "../service/src/config";
import { loadPdfjs, openPdf } from "../service/src/pages/pdf";
import { sniffDocument } from "../service/src/pages/sniff";
import { closeAll, createProviders } from "../service/src/registry";
import {
  benchArgs,
  benchInput,
  docFigures,
  machineLoad,
  markdownTable,
  median,
  PDF_SOURCES,
  pdfsIn,
  percentile,
  sourcesTable,
  textTable,
  timedWithStall,
  writeDocSection,
} from "./harness";

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const { write } = benchArgs({});

const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

// ---- the service's work with core-js's built-ins against the engine's own ----

interface BuiltIns {
  push: typeof Array.prototype.push;
  stringify: typeof JSON.stringify;
  parse: typeof JSON.parse;
}
const current = (): BuiltIns => ({
  push: Array.prototype.push,
  stringify: JSON.stringify,
  parse: JSON.parse,
});
const install = ({ push, stringify, parse }: BuiltIns) => {
  Array.prototype.push = push;
  Object.assign(JSON, { stringify, parse });
};
const engines = current();
// pdfjs loaded as it comes, core-js and all (loadPdfjs then finds the module loaded).
await import("pdfjs-dist/legacy/build/pdf.mjs");
const coreJs = current();
install(engines);

const providers = createProviders(loadProviderConfig(process.env));
const extraction = providers.get("invoices-layout");
const BUILT_INS = { "core-js": coreJs, engine: engines };
type BuiltInsName = keyof typeof BUILT_INS;
const builtInColumns: Record<string, string[]> = {};
for (const [source, dirs] of Object.entries(PDF_SOURCES)) {
  const perDoc: Record<BuiltInsName, number[]> = { "core-js": [], engine: [] };
  for (const file of dirs.filter((d) => !d.endsWith("tables")).flatMap(pdfsIn)) {
    const bytes = readFileSync(file);
    if (!extraction || (await sniffDocument(bytes)) !== "pdf") continue;
    const runs: Record<BuiltInsName, number[]> = { "core-js": [], engine: [] };
    for (let round = 0; round <= ROUNDS; round++) {
      const order: BuiltInsName[] = round % 2 === 0 ? ["core-js", "engine"] : ["engine", "core-js"];
      for (const name of order) {
        install(BUILT_INS[name]);
        const start = performance.now();
        const output = await extraction
          .run(benchInput(bytes, "application/pdf", AbortSignal.timeout(120_000)))
          .catch(() => undefined);
        install(engines);
        // The first round warms up (the engines a PDF without text needs load there).
        if (output && round > 0) runs[name].push((performance.now() - start) / output.pages);
      }
    }
    if (runs.engine.length === 0 || runs["core-js"].length === 0) continue;
    perDoc["core-js"].push(median(runs["core-js"]));
    perDoc.engine.push(median(runs.engine));
  }
  if (perDoc.engine.length === 0) continue;
  builtInColumns[source] = [
    String(perDoc.engine.length),
    median(perDoc["core-js"]).toFixed(1),
    median(perDoc.engine).toFixed(1),
    ratio(median(perDoc.engine), median(perDoc["core-js"])),
  ];
}
await closeAll(providers);

/** pdfjs as Node runs it by default: its worker's code on the caller's thread. */
async function openInThread(bytes: Buffer): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfjs();
  return pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  }).promise;
}

const WAYS = { "in the service's thread": openInThread, "parsing thread": openPdf };
type Way = keyof typeof WAYS;

interface Parse {
  msPerPage: number;
  stallMs: number;
}

async function parse(way: Way, bytes: Buffer): Promise<Parse | undefined> {
  const opened: PDFDocumentProxy[] = [];
  try {
    const {
      result: pages,
      ms,
      stallMs,
    } = await timedWithStall(async () => {
      const pdf = await WAYS[way](bytes).catch(() => undefined);
      if (!pdf) return undefined;
      opened.push(pdf);
      for (let n = 1; n <= pdf.numPages; n++) {
        const page = await pdf.getPage(n);
        await page.getTextContent();
        await page.getOperatorList();
      }
      return pdf.numPages;
    }, 1);
    return pages === undefined ? undefined : { msPerPage: ms / pages, stallMs };
  } finally {
    await opened[0]?.destroy();
  }
}

const ways = Object.keys(WAYS) as Way[];
const columns: Record<string, string[]> = {};
for (const [source, dirs] of Object.entries(PDF_SOURCES)) {
  const perDoc = new Map<Way, { ms: number[]; stall: number[] }>(
    ways.map((w) => [w, { ms: [], stall: [] }]),
  );
  for (const file of dirs.flatMap(pdfsIn)) {
    const bytes = readFileSync(file);
    const runs = new Map<Way, Parse[]>(ways.map((w) => [w, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const way of round % 2 === 0 ? ways : [...ways].reverse()) {
        const result = await parse(way, bytes);
        if (result) runs.get(way)?.push(result);
      }
    }
    if (ways.some((w) => !runs.get(w)?.length)) continue;
    for (const way of ways) {
      const done = runs.get(way) ?? [];
      perDoc.get(way)?.ms.push(median(done.map((r) => r.msPerPage)));
      perDoc.get(way)?.stall.push(median(done.map((r) => r.stallMs)));
    }
  }
  const [inThread, parser] = ways.map((w) => perDoc.get(w));
  if (!inThread || !parser || inThread.ms.length === 0) continue;
  columns[source] = [
    String(inThread.ms.length),
    median(inThread.ms).toFixed(0),
    median(parser.ms).toFixed(0),
    ratio(median(parser.ms), median(inThread.ms)),
    percentile(inThread.ms, 90).toFixed(0),
    percentile(parser.ms, 90).toFixed(0),
    ratio(percentile(parser.ms, 90), percentile(inThread.ms, 90)),
    percentile(inThread.stall, 90).toFixed(0),
    percentile(parser.stall, 90).toFixed(0),
  ];
}

const builtInTable = sourcesTable(
  [
    "text-layer PDFs (invoices, e-invoices)",
    "core-js's built-ins: median ms/page",
    "the engine's: median ms/page",
    "the engine's / core-js's",
  ],
  builtInColumns,
);
const labels = [
  "PDFs",
  "in the service's thread: median ms/page",
  "parsing thread: median ms/page",
  "parsing thread / in the service's thread",
  "in the service's thread: p90 ms/page",
  "parsing thread: p90 ms/page",
  "parsing thread / in the service's thread (p90)",
  "in the service's thread: loop stood still, p90 ms",
  "parsing thread: loop stood still, p90 ms",
];
const table = sourcesTable(labels, columns);
const builtInIntro = `The invoice extraction over a text layer (invoices-layout), with the Array.prototype.push, JSON.stringify and JSON.parse pdfjs's core-js installs against the engine's own, median of ${ROUNDS} rounds a document after one to warm up, then of the documents`;
const intro = `pdfjs parsing each PDF (every page's text and operator list), in the service's thread against the parsing thread, median of ${ROUNDS} rounds a document, then of the documents`;
const load = machineLoad();
console.log(`${builtInIntro} (${load}):\n`);
console.log(textTable(builtInTable));
console.log(`\n${intro} (${load}):\n`);
console.log(textTable(table));
if (write) {
  writeDocSection(
    "performance-reading",
    "pdf-parse",
    docFigures(
      "pdf-parse",
      `${builtInIntro} (${load}):`,
      markdownTable(builtInTable),
      `${intro}:`,
      markdownTable(table),
    ),
  );
}
process.exit(0);
