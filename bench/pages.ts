// Many pages at full machine speed (issue 18.2): a 12-page scanned PDF (the
// calibration invoices drawn at 200 dpi and stored as pictures only, no text
// layer) read by the PDF category's first choice (pdf-text over native
// tesseract, pages in a pipeline over the cores), beside the plain native
// pipeline, `pdftoppm -r 200 | tesseract` per page, two pages at a time. Rounds
// alternate; printed: pages per second of each, their ratio (target ≥ 1.2×), and
// each one's share of the invoices' own words it did not read, so speed is not
// bought with quality.
//
// It reads with the pdf-text provider itself (the pipeline measured, without
// HTTP around it) and draws the scanned pages with the service's own pdfjs
// drawing, so both sides read the same pictures.
//
//   npx tsx bench/pages.ts [--detail]   # --detail: page 1 as each read it
//   npx tsx bench/pages.ts --write      # also into docs/performance.md
//   ROUNDS=1 npx tsx bench/pages.ts
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pMap from "p-map";
import { imagePage, writePdf } from "../scripts/calibration/simple-pdf";
import { drawPage, openPdf } from "../service/src/pages/pdf";
import { closeAll, createProviders, loadProviderConfig } from "../service/src/registry";
import {
  benchArgs,
  docFigures,
  machineLoad,
  markdownTable,
  median,
  root,
  type Table,
  textTable,
  writeDocSection,
} from "./harness";

const PAGES = 12;
const DPI = 200;
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const TARGET = 1.2;
const run = promisify(execFile);
const invoices = path.join(root, "fixtures/calibration/invoices");
const args = benchArgs({ detail: { type: "boolean", default: false } });

const normalise = (text: string) => text.replace(/\s+/g, " ").trim();
/** The scanned document and each page's true text. */
async function scannedDocument(): Promise<{ pdf: Buffer; truth: string[] }> {
  const pages = [];
  const truth: string[] = [];
  for (let i = 1; i <= PAGES; i++) {
    const bytes = await readFile(path.join(invoices, `invoice-${i}.pdf`));
    const pdf = await openPdf(bytes);
    const page = await pdf.getPage(1);
    const content = await page.getTextContent();
    truth.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
    const png = await drawPage({ bytes, pdf, page }, DPI, AbortSignal.timeout(30_000));
    pages.push(await imagePage(png, DPI));
    await pdf.destroy();
  }
  return { pdf: writePdf(pages), truth };
}

/**
 * True words not read, over all pages, whatever their order: the two read a
 * table's columns in different orders (ours block by block), which a character
 * error rate would count as errors.
 */
function wordsMissed(read: string[], truth: string[]): number {
  let missed = 0;
  let words = 0;
  truth.forEach((text, i) => {
    const left = new Map<string, number>();
    for (const word of normalise(read[i] ?? "").split(" "))
      left.set(word, (left.get(word) ?? 0) + 1);
    for (const word of normalise(text).split(" ")) {
      words += 1;
      const n = left.get(word) ?? 0;
      if (n === 0) missed += 1;
      else left.set(word, n - 1);
    }
  });
  return missed / words;
}

const { pdf, truth } = await scannedDocument();
const dir = await mkdtemp(path.join(tmpdir(), "docroute-pages-"));
const file = path.join(dir, "scanned.pdf");
await writeFile(file, pdf);

const providers = createProviders(loadProviderConfig({}));
const pdfText = providers.get("pdf-text");
if (!pdfText) throw new Error("no pdf-text provider");

async function ours(): Promise<string[]> {
  const { data } = await (pdfText as NonNullable<typeof pdfText>).run({
    bytes: pdf,
    mimeType: "application/pdf",
    languageHints: ["en"],
    passthrough: {},
    signal: AbortSignal.timeout(300_000),
    traceId: "0".repeat(32),
  });
  return (data as { pages: { text: string }[] }).pages.map((p) => p.text);
}

const native = () =>
  pMap(
    Array.from({ length: PAGES }, (_, i) => i + 1),
    async (n) => {
      const { stdout } = await run(
        "sh",
        ["-c", `pdftoppm -f ${n} -l ${n} -r ${DPI} -gray -png "$0" | tesseract stdin stdout`, file],
        { maxBuffer: 16 << 20 },
      );
      return stdout;
    },
    { concurrency: 2 },
  );

const intro = `${PAGES}-page scanned PDF at ${DPI} dpi, ${ROUNDS} rounds taken by turns`;
console.log(`${intro}\n`);
const seconds = { ours: [] as number[], native: [] as number[] };
const texts: Record<"ours" | "native", string[]> = { ours: [], native: [] };
await ours(); // engines load once
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, read] of [
    ["native", native],
    ["ours", ours],
  ] as const) {
    const start = performance.now();
    texts[name] = await read();
    seconds[name].push((performance.now() - start) / 1000);
  }
}
if (args.detail)
  console.log(
    JSON.stringify({ truth: truth[0], ours: texts.ours[0], native: texts.native[0] }, null, 1),
  );
await closeAll(providers);
await rm(dir, { recursive: true, force: true });

const rate = (name: "ours" | "native") => PAGES / median(seconds[name]);
const missed = (name: "ours" | "native") =>
  `${(wordsMissed(texts[name], truth) * 100).toFixed(2)}%`;
const table: Table = {
  columns: ["", "pages/s", "words missed"],
  rows: [
    ["pdftoppm | tesseract, two pages at a time", rate("native").toFixed(2), missed("native")],
    ["pdf-text (native tesseract, pages pipelined)", rate("ours").toFixed(2), missed("ours")],
  ],
};
console.log(textTable(table));
const ratio = rate("ours") / rate("native");
const verdict = `ours / native: ${ratio.toFixed(2)}× (target ≥ ${TARGET}×: ${ratio >= TARGET ? "met" : "not met"})`;
console.log(`\n${verdict}`);
if (args.write) {
  writeDocSection(
    "performance",
    "pages",
    docFigures("pages", `${intro} (${machineLoad()}):`, markdownTable(table), verdict),
  );
}
