// OCR pages per second of each provider against native tesseract, side by side
// in one run, on the same page images: the three image fixtures and the
// scanned PDF's page rasterised once at 150 dpi. Each engine reads one page at
// a time (tesseract with one thread, tesseract.js with one worker), so both
// figures are per core:
//   wall  pages per second of elapsed time (disturbed by anything else running);
//   cpu   pages per CPU second, this process and its children (robust to load).
// Target: WASM OCR at least half native speed per core (ratio ≥ 0.5).
//
// It measures the engines themselves, so it takes them from the service's
// provider registry and reads each one directly, not through HTTP.
//
//   npx tsx bench/ocr.ts           # about 40 s
//   npx tsx bench/ocr.ts --write   # also into docs/performance-reading.md
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { loadProviderConfig } from "../service/src/config";
import { openPdf, rasterisePage } from "../service/src/pages/pdf";
import type { Provider } from "../service/src/providers/interface/types";
import { closeAll, createProviders } from "../service/src/registry";
import {
  benchArgs,
  docFigures,
  machineLoad,
  markdownTable,
  ownCpuMs,
  root,
  type Table,
  textTable,
  writeDocSection,
} from "./harness";

const TARGET_RATIO = 0.5;
/** Timed reading per provider, after one warm-up pass (worker start, data load). */
const BUDGET_MS = 8_000;
const MIN_ROUNDS = 2;
const OCR_PROVIDERS = ["tesseract-native", "tesseractjs-best", "tesseractjs-fast"] as const;
const NATIVE = "tesseract-native";

const fixtures = path.join(root, "fixtures");

export interface OcrBenchResult {
  provider: string;
  pages: number;
  wallSeconds: number;
  cpuSeconds: number;
  pagesPerSecond: number;
  pagesPerCpuSecond: number;
}

interface Page {
  name: string;
  bytes: Buffer;
  mimeType: string;
}

/** CPU seconds of this process (all threads) and of the programs it ran (tesseract). */
const cpuSeconds = () => ownCpuMs() / 1000;

async function pages(): Promise<Page[]> {
  const read = (name: string) => readFileSync(path.join(fixtures, name));
  const scanned = read("scanned.pdf");
  const pdf = await openPdf(scanned);
  const page = await pdf.getPage(1);
  const scan = await rasterisePage({ bytes: scanned, pdf, page }, 150, AbortSignal.timeout(30_000));
  await pdf.destroy();
  return [
    { name: "letter.png", bytes: read("letter.png"), mimeType: "image/png" },
    { name: "letter.jpg", bytes: read("letter.jpg"), mimeType: "image/jpeg" },
    { name: "invoice.png", bytes: read("invoice.png"), mimeType: "image/png" },
    { name: "scanned.pdf p1 @150dpi", bytes: scan, mimeType: "image/png" },
  ];
}

async function readAll(provider: Provider, images: readonly Page[]): Promise<number> {
  let count = 0;
  for (const image of images) {
    const { pages: read } = await provider.run({
      bytes: image.bytes,
      mimeType: image.mimeType,
      languageHints: ["en"],
      passthrough: {},
      signal: AbortSignal.timeout(60_000),
      traceId: "0".repeat(32),
    });
    count += read;
  }
  return count;
}

async function measure(provider: Provider, images: readonly Page[]): Promise<OcrBenchResult> {
  await readAll(provider, images);
  const wallStart = performance.now();
  const cpuStart = cpuSeconds();
  let count = 0;
  for (let round = 0; round < MIN_ROUNDS || performance.now() - wallStart < BUDGET_MS; round++) {
    count += await readAll(provider, images);
  }
  const wallSeconds = (performance.now() - wallStart) / 1000;
  const cpu = cpuSeconds() - cpuStart;
  return {
    provider: provider.name,
    pages: count,
    wallSeconds,
    cpuSeconds: cpu,
    pagesPerSecond: count / wallSeconds,
    pagesPerCpuSecond: count / cpu,
  };
}

export async function measureOcr(): Promise<OcrBenchResult[]> {
  // One worker per tesseract.js model and one tesseract process at a time: per core.
  const providers = createProviders(
    loadProviderConfig({ TESSERACTJS_POOL_SIZE: "1", TESSERACT_NATIVE_CONCURRENCY: "1" }),
  );
  try {
    const images = await pages();
    const results: OcrBenchResult[] = [];
    for (const name of OCR_PROVIDERS) {
      const provider = providers.get(name);
      if (!provider || !(await provider.available())) {
        console.warn(`  ${name}: not available on this machine, skipped`);
        continue;
      }
      results.push(await measure(provider, images));
    }
    return results;
  } finally {
    await closeAll(providers);
  }
}

/** Prints the table and the target (and with `write`, into docs/performance-reading.md); true when met. */
export function printOcr(results: OcrBenchResult[], write = false): boolean {
  const native = results.find((r) => r.provider === NATIVE);
  const intro = `OCR speed per core, same 4 page images for every engine (target: WASM ≥ ${TARGET_RATIO} × native)`;
  let ok = true;
  const table: Table = {
    columns: [
      "provider",
      "pages/s wall",
      "× native",
      "pages/cpu-s",
      "× native",
      "pages",
      "s",
      "target",
    ],
    left: [7],
    rows: results.map((r) => {
      const wallRatio = native ? r.pagesPerSecond / native.pagesPerSecond : Number.NaN;
      const cpuRatio = native ? r.pagesPerCpuSecond / native.pagesPerCpuSecond : Number.NaN;
      let verdict = "(reference)";
      if (r.provider !== NATIVE) {
        const pass = cpuRatio >= TARGET_RATIO;
        ok &&= pass;
        verdict = pass ? "✓ meets target" : "✗ below target";
      }
      return [
        r.provider,
        r.pagesPerSecond.toFixed(2),
        wallRatio.toFixed(2),
        r.pagesPerCpuSecond.toFixed(2),
        cpuRatio.toFixed(2),
        String(r.pages),
        r.wallSeconds.toFixed(1),
        verdict,
      ];
    }),
  };
  const noNative = native ? "" : "native tesseract is not installed: no ratios";
  console.log(`\n${intro}`);
  console.log(textTable(table, "  "));
  if (noNative) console.log(`  ${noNative}`);
  if (write) {
    writeDocSection(
      "performance-reading",
      "ocr",
      docFigures(
        "ocr",
        `${intro}; wall: pages per second of elapsed time, cpu-s: pages per CPU second of this process and its children (${machineLoad()}):`,
        markdownTable(table),
        noNative,
      ),
    );
  }
  return ok;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { write } = benchArgs({});
  measureOcr()
    .then((results) => {
      printOcr(results, write);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
