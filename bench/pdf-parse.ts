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
//   npx tsx bench/pdf-parse.ts
//   npx tsx bench/pdf-parse.ts --write   # also into docs/performance.md
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { loadPdfjs, openPdf } from "../service/src/pages/pdf";
import {
  benchArgs,
  docFigures,
  machineLoad,
  markdownTable,
  median,
  percentile,
  root,
  type Table,
  textTable,
  writeDocSection,
} from "./harness";

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const { write } = benchArgs({});

const SOURCES = {
  calibration: ["calibration/invoices", "calibration/tables"],
  rendered: ["rendered/invoices", "rendered/tables"],
  real: ["real/invoices", "real/tables", "real/einvoices"],
} as const;

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
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const start = performance.now();
  const pdf = await WAYS[way](bytes).catch(() => undefined);
  if (!pdf) return undefined;
  try {
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      await page.getTextContent();
      await page.getOperatorList();
    }
    const msPerPage = (performance.now() - start) / pdf.numPages;
    loop.disable();
    return { msPerPage, stallMs: loop.max / 1e6 };
  } finally {
    await pdf.destroy();
  }
}

const pdfsIn = (dir: string) => {
  const full = path.join(root, "fixtures", dir);
  return existsSync(full)
    ? readdirSync(full)
        .filter((f) => f.endsWith(".pdf"))
        .map((f) => path.join(full, f))
    : [];
};

const ways = Object.keys(WAYS) as Way[];
const columns: Record<string, string[]> = {};
for (const [source, dirs] of Object.entries(SOURCES)) {
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
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
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

const sources = Object.keys(columns);
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
const table: Table = {
  columns: ["", ...sources],
  rows: labels.map((label, i) => [label, ...sources.map((s) => columns[s]?.[i] ?? "–")]),
};
const intro = `pdfjs parsing each PDF (every page's text and operator list), in the service's thread against the parsing thread, median of ${ROUNDS} rounds a document, then of the documents`;
console.log(`${intro} (${machineLoad()}):\n`);
console.log(textTable(table));
if (write) {
  writeDocSection(
    "performance",
    "pdf-parse",
    docFigures("pdf-parse", `${intro} (${machineLoad()}):`, markdownTable(table)),
  );
}
process.exit(0);
