// PDF text layers read two ways, side by side in one run: poppler's pdftotext
// (PDF_TEXT_READER=pdftotext, the default where it is installed; a child
// process) against pdfjs in-process, through the service's own pdf-text
// provider, on every text-layer PDF of three sources, each its own column:
//   calibration  fixtures/calibration/{invoices,tables} (the canvas generator)
//   rendered     fixtures/rendered/{invoices,tables} (HTML drawn by Chromium)
//   real         fixtures/real/{invoices,tables,einvoices} (public documents;
//                fetched, not committed: `npx tsx scripts/real/fetch.ts`)
// Each document is read by the two in turn, ROUNDS times, the order swapped
// every round. Printed per source: median and 90th-percentile milliseconds a
// page of each (wall, and the median CPU of the process and the programs it
// ran), their ratios, and how many of pdfjs's words pdftotext gives the same
// (text and place, within 0.05 in).
//
//   npx tsx bench/text-layer.ts
//   npx tsx bench/text-layer.ts --write   # also into docs/performance-reading.md
import { readFileSync } from "node:fs";
import type { OcrData } from "@/lib/kernel/contract";
import { sniffDocument } from "../service/src/pages/sniff";
import { createPdfText } from "../service/src/providers/text/pdf-text";
import {
  benchArgs,
  benchInput,
  docFigures,
  machineLoad,
  markdownTable,
  median,
  ownCpuMs,
  PDF_SOURCES,
  pdfsIn,
  percentile,
  sourcesTable,
  textTable,
  writeDocSection,
} from "./harness";

const DPI = 200;
const ROUNDS = Number(process.env.ROUNDS ?? 3);
/** 0.05 in at DPI: pdfjs shares a run's width among its characters by estimate. */
const SAME_PLACE = DPI / 20;
const { write } = benchArgs({});

const READERS = {
  pdftotext: createPdfText({ dpi: DPI, ocrEngines: [], pdftotext: "pdftotext" }),
  pdfjs: createPdfText({ dpi: DPI, ocrEngines: [], pdftotext: undefined }),
};
type Reader = keyof typeof READERS;

interface Reading {
  data: OcrData;
  ms: number;
  cpuMs: number;
}

async function read(reader: Reader, bytes: Buffer): Promise<Reading | undefined> {
  const input = benchInput(bytes, "application/pdf", AbortSignal.timeout(120_000));
  const cpu = ownCpuMs();
  const start = performance.now();
  // A page without a text layer would need OCR, which neither reader does: left out.
  const output = await READERS[reader].run(input).catch(() => undefined);
  if (!output || output.pages === 0) return undefined;
  const pages = output.pages;
  return {
    data: output.data,
    ms: (performance.now() - start) / pages,
    cpuMs: (ownCpuMs() - cpu) / pages,
  };
}

/** pdfjs's words that pdftotext gives as well, the same text at the same place. */
function sameWords(poppler: OcrData, pdfjs: OcrData): [number, number] {
  let same = 0;
  let all = 0;
  for (const page of pdfjs.pages) {
    const theirs = poppler.pages.find((p) => p.number === page.number)?.words ?? [];
    const unused = new Set(theirs);
    for (const word of page.words) {
      all++;
      const match = [...unused].find(
        (w) =>
          w.text === word.text &&
          Math.abs(w.bbox.x0 - word.bbox.x0) <= SAME_PLACE &&
          Math.abs(w.bbox.y0 - word.bbox.y0) <= SAME_PLACE,
      );
      if (match) {
        same++;
        unused.delete(match);
      }
    }
  }
  return [same, all];
}

const columns: Record<string, string[]> = {};
for (const [source, dirs] of Object.entries(PDF_SOURCES)) {
  const times: Record<Reader, { ms: number[]; cpuMs: number[] }> = {
    pdftotext: { ms: [], cpuMs: [] },
    pdfjs: { ms: [], cpuMs: [] },
  };
  let same = 0;
  let all = 0;
  let docs = 0;
  for (const file of dirs.flatMap(pdfsIn)) {
    const bytes = readFileSync(file);
    if ((await sniffDocument(bytes)) !== "pdf") continue;
    const runs: Record<Reader, Reading[]> = { pdftotext: [], pdfjs: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order: Reader[] = round % 2 === 0 ? ["pdftotext", "pdfjs"] : ["pdfjs", "pdftotext"];
      for (const reader of order) {
        const reading = await read(reader, bytes);
        if (reading) runs[reader].push(reading);
      }
    }
    const [first] = runs.pdftotext;
    const [other] = runs.pdfjs;
    if (!first || !other) continue;
    docs++;
    const [s, a] = sameWords(first.data, other.data);
    same += s;
    all += a;
    for (const reader of ["pdftotext", "pdfjs"] as const) {
      times[reader].ms.push(median(runs[reader].map((r) => r.ms)));
      times[reader].cpuMs.push(median(runs[reader].map((r) => r.cpuMs)));
    }
  }
  if (docs === 0) continue;
  const [popplerMs, pdfjsMs] = [median(times.pdftotext.ms), median(times.pdfjs.ms)];
  const [popplerCpu, pdfjsCpu] = [median(times.pdftotext.cpuMs), median(times.pdfjs.cpuMs)];
  const [popplerSlow, pdfjsSlow] = [
    percentile(times.pdftotext.ms, 90),
    percentile(times.pdfjs.ms, 90),
  ];
  columns[source] = [
    String(docs),
    popplerMs.toFixed(0),
    pdfjsMs.toFixed(0),
    `${(pdfjsMs / popplerMs).toFixed(2)}×`,
    popplerSlow.toFixed(0),
    pdfjsSlow.toFixed(0),
    `${(pdfjsSlow / popplerSlow).toFixed(2)}×`,
    popplerCpu.toFixed(0),
    pdfjsCpu.toFixed(0),
    `${(pdfjsCpu / popplerCpu).toFixed(2)}×`,
    `${same}/${all} (${((100 * same) / Math.max(1, all)).toFixed(1)} %)`,
  ];
}

const labels = [
  "PDFs with a text layer",
  "pdftotext: median ms/page",
  "pdfjs: median ms/page",
  "pdfjs / pdftotext",
  "pdftotext: slowest tenth from (p90 ms/page)",
  "pdfjs: slowest tenth from (p90 ms/page)",
  "pdfjs / pdftotext (p90)",
  "pdftotext: median CPU ms/page",
  "pdfjs: median CPU ms/page",
  "pdfjs / pdftotext (CPU)",
  "pdfjs's words pdftotext gives alike",
];
const table = sourcesTable(labels, columns);
const intro = `The pdf-text provider over each PDF's text layer at ${DPI} dpi, each reader in turn, median of ${ROUNDS} rounds a document, then of the documents`;
console.log(`${intro} (${machineLoad()}):\n`);
console.log(textTable(table));
if (write) {
  writeDocSection(
    "performance-reading",
    "text-layer",
    docFigures("text-layer", `${intro} (${machineLoad()}):`, markdownTable(table)),
  );
}
