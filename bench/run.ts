// npm run bench: every benchmark, one after the other, in one run. Each prints
// its own figures side by side with what it is compared against, as ratios.
//
//   npm run bench                       # all of them
//   npm run bench -- ocr pages          # those whose file name starts so
//   npm run bench -- --write            # each also writes its figures into docs/
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

const BENCHMARKS = [
  ["ocr.ts", "OCR pages per second: each provider against native tesseract"],
  [
    "calibration.ts",
    "OCR quality: CER and time per page of every provider and of default routing, by kind of page",
  ],
  [
    "invoices.ts",
    "Invoice data: fields and line items right, time per page against OCR alone, per provider and kind",
  ],
  [
    "tables.ts",
    "Table data: cells right and time per page against OCR alone, per provider and routed, by kind",
  ],
  [
    "pages.ts",
    "Scanned PDFs (10+ pages, three sets): each category's default route against pdftoppm | tesseract two at a time",
  ],
  [
    "jobs.ts",
    "Jobs: a 100-page scanned PDF's first page and memory, one buyer's batch beside another's image",
  ],
  ["rasterise.ts", "PDF pages drawn for OCR: pdfjs in-process against poppler's pdftoppm"],
  ["pdf-parse.ts", "PDFs parsed by pdfjs: in the service's thread against its parsing thread"],
  ["text-layer.ts", "PDF text layers read: poppler's pdftotext against pdfjs, three sources"],
  ["spawn.ts", "Starting a program: from the service against from its launcher, small and large"],
  ["storage.ts", "Upload throughput: embedded storage against a plain PUT"],
  ["overhead.ts", "The service's own latency per process call"],
  ["app.ts", "The app's added latency per route handler against the service directly"],
  ["drop.ts", "Drop → text on screen in Chromium against the service's own latency"],
  ["browser-upload.ts", "Browser upload throughput: Chromium XHR PUT against curl -T"],
  [
    "bundle.ts",
    "JavaScript downloaded (compressed): home and category page against a blank Next.js page",
  ],
  ["lighthouse.ts", "Lighthouse performance score, LCP and TBT: home and category page"],
  ["load.ts", "Load: concurrent listing, grants, uploads and processing (autocannon)"],
  ["abuse.ts", "Abuse: one buyer's flood against the other buyers' error rate"],
] as const;

const given = process.argv.slice(2);
// Options go to every benchmark (so only --write, which they all take); other words pick them.
const options = given.filter((arg) => arg.startsWith("--"));
const only = given.filter((arg) => !arg.startsWith("--"));
let failed = 0;
for (const [file, title] of BENCHMARKS) {
  if (only.length > 0 && !only.some((name) => file.startsWith(name))) continue;
  const path = join(import.meta.dirname, file);
  if (!existsSync(path)) continue;
  console.log(`\n=== ${title} (bench/${file}) ===\n`);
  const { status } = spawnSync("npx", ["tsx", path, ...options], { stdio: "inherit" });
  if (status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
