// Scanned PDFs as a buyer's request takes them (issue 27): each document is
// read by the default route of the text-recognition and of the PDF-text
// category (the router the service builds, its default settings, quality
// failover included), beside the plain native pipeline on the same file,
// `pdftoppm -r 200 -gray | tesseract` per page, two pages at a time. Rounds
// alternate (native, one category, the other, native…); printed per document:
// pages per second, the ratio to native (target ≥ 1.2×), the CER and word F1
// of each (bench/harness/text-scores.ts, pages scored one by one and pooled),
// and which provider answered. Beside them, each route's engine alone (tesseract
// CLI, tesseract.js best with a worker a core) on the same pages drawn by
// pdftoppm before the clock starts: no drawing, preparation or second look, so
// its ratio to native is the most a route reading with that engine can reach.
//
// The documents are put together at bench time, each page a picture only (no
// text layer) at its own resolution:
//   rendered     fixtures/rendered/text, the second generator's English upright
//                pages (letters, newsletters, forms, banners; degraded by ImageMagick)
//   calibration  fixtures/calibration, its scan-like pages (small print, low
//                contrast, two columns, tables)
//   real         fixtures/real/text, every page (public scans, a screenshot, turned
//                pages); fetched, not committed: `npx tsx scripts/real/fetch.ts`
//
// The router is built in-process as calibration.ts builds it (the service's
// process route calls the same router.route); one router for the whole run, as
// one service instance keeps its providers' latency figures.
//
//   npx tsx bench/pages.ts                   # every document present
//   npx tsx bench/pages.ts --docs rendered   # only these (comma-separated)
//   npx tsx bench/pages.ts --detail          # also the CER of each page
//   npx tsx bench/pages.ts --write           # also into docs/performance-reading.md
//   ROUNDS=1 npx tsx bench/pages.ts
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pMap from "p-map";
import sharp from "sharp";
import { z } from "zod";
import type { OcrData } from "@/lib/kernel/contract";
import { imagePage, writePdf } from "../scripts/calibration/simple-pdf";
import { CATALOG, type CatalogEntry } from "../service/src/catalog";
import { loadProviderConfig, loadRoutingConfig } from "../service/src/config";
import { runCommand } from "../service/src/engines/command";
import { createTesseractJs } from "../service/src/engines/tesseractjs";
import { PageRasters } from "../service/src/providers/interface/rasters";
import { closeAll, createProviders } from "../service/src/registry";

import { createRouter } from "../service/src/router/router";
import {
  benchArgs,
  cerOf,
  docFigures,
  machineLoad,
  markdownTable,
  median,
  missedText,
  root,
  scoreText,
  type Table,
  type TextScore,
  textTable,
  wordF1Of,
  writeDocSection,
} from "./harness";

const DPI = 200;
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const TARGET = 1.2;
const CATEGORIES = ["text-recognition", "pdf-text-extraction"] as const;
const run = promisify(execFile);
const args = benchArgs({ docs: { type: "string" }, detail: { type: "boolean", default: false } });

const manifestSchema = z.array(
  z.object({
    file: z.string().min(1),
    kind: z.string().min(1),
    languageHints: z.array(z.string()).default([]),
    truth: z.string().optional(),
  }),
);

interface DocumentSpec {
  name: string;
  dir: string;
  what: string;
  /** Which of the set's pages go in, in manifest order. */
  takes: (entry: z.infer<typeof manifestSchema>[number]) => boolean;
  /** Said when the set is not on this machine. */
  absent?: string;
}

const DOCUMENTS: readonly DocumentSpec[] = [
  {
    name: "rendered",
    dir: "fixtures/rendered/text",
    what: "the second generator's English upright pages",
    takes: (e) => e.languageHints.join() === "en" && !/turned|photo|multi-page/.test(e.kind),
  },
  {
    name: "calibration",
    dir: "fixtures/calibration",
    what: "the calibration set's scan-like pages",
    takes: (e) => /small-print|low-contrast|two-column|table/.test(e.kind),
  },
  {
    name: "real",
    dir: "fixtures/real/text",
    what: "real scans, a screenshot and turned pages",
    takes: () => true,
    absent:
      "fixtures/real/text has no pages: fetch them with `npx tsx scripts/real/fetch.ts` (not committed)",
  },
];

interface ScannedDocument {
  spec: DocumentSpec;
  file: string;
  bytes: Buffer;
  truth: string[];
}

/** A page picture's resolution: its own when it says one, else a scanner's usual 300 dpi. */
async function densityOf(image: Buffer): Promise<number> {
  const { density } = await sharp(image).metadata();
  return density !== undefined && density >= 100 ? density : 300;
}

async function buildDocument(spec: DocumentSpec, dir: string): Promise<ScannedDocument | string> {
  const folder = path.join(root, spec.dir);
  const manifestFile = path.join(folder, "manifest.json");
  if (!existsSync(manifestFile)) return spec.absent ?? `${spec.dir}: no manifest`;
  const entries = manifestSchema
    .parse(JSON.parse(readFileSync(manifestFile, "utf8")))
    .filter((e) => spec.takes(e) && existsSync(path.join(folder, e.file)));
  if (entries.length === 0) return spec.absent ?? `${spec.dir}: no pages`;
  const pages = [];
  const truth: string[] = [];
  for (const entry of entries) {
    // canvas reads PNG and JPEG only; a TIFF scan goes in as the PNG of its first page.
    const png = await sharp(path.join(folder, entry.file)).png().toBuffer();
    pages.push(await imagePage(png, await densityOf(png)));
    const truthFile = entry.truth ?? entry.file.replace(/\.[^.]+$/, ".txt");
    truth.push(readFileSync(path.join(folder, truthFile), "utf8").split("\f")[0] ?? "");
  }
  const bytes = writePdf(pages);
  const file = path.join(dir, `${spec.name}.pdf`);
  await writeFile(file, bytes);
  return { spec, file, bytes, truth };
}

// The service's defaults, and whatever its variables set here (to try another setting).
const providers = createProviders(loadProviderConfig(process.env));
const router = createRouter(loadRoutingConfig(process.env), providers);
const categoryOf = (slug: string) => CATALOG.find((c) => c.slug === slug) as CatalogEntry;

interface Reading {
  pages: string[];
  /** Who answered, with its failover depth. */
  by: string;
}

async function routed(doc: ScannedDocument, slug: string): Promise<Reading> {
  const result = await router.route({
    category: categoryOf(slug),
    input: {
      // Each round is a request of its own: its bytes too (a reading is kept for the same bytes).
      bytes: Buffer.from(doc.bytes),
      mimeType: "application/pdf",
      languageHints: ["en"],
      passthrough: {},
      traceId: "0".repeat(32),
      rasters: new PageRasters(),
    },
  });
  const data = result.output.data as OcrData;
  const depth = result.failoverDepth ? ` +${result.failoverDepth}` : "";
  return { pages: data.pages.map((p) => p.text), by: `${result.provider}${depth}` };
}

async function native(doc: ScannedDocument): Promise<Reading> {
  const pages = await pMap(
    doc.truth.map((_, i) => i + 1),
    async (n) => {
      const { stdout } = await run(
        "sh",
        [
          "-c",
          `pdftoppm -f ${n} -l ${n} -r ${DPI} -gray -png "$0" | tesseract stdin stdout`,
          doc.file,
        ],
        // One thread a process, as the service runs it: two processes on two
        // cores, and OpenMP's spinning threads do not fight the machine's other load.
        { maxBuffer: 16 << 20, env: { ...process.env, OMP_THREAD_LIMIT: "1" } },
      );
      return stdout;
    },
    { concurrency: 2 },
  );
  return { pages, by: "tesseract CLI" };
}

/**
 * The document's pages as pdftoppm draws them for the native pipeline, drawn
 * once before any reading is timed: what an engine alone reads.
 */
async function drawnPages(doc: ScannedDocument): Promise<Buffer[]> {
  return pMap(
    doc.truth.map((_, i) => i + 1),
    async (n) => {
      const args = ["-f", String(n), "-l", String(n), "-r", String(DPI), "-gray", "-png"];
      // With no output root, pdftoppm writes the page to stdout.
      const { stdout } = await run("pdftoppm", [...args, doc.file], {
        encoding: "buffer",
        maxBuffer: 64 << 20,
      });
      return stdout;
    },
    { concurrency: 2 },
  );
}

/**
 * Each route's engine alone on the pages drawn in advance, two at a time: no
 * drawing, no preparation, no second look. Faster than that no route with the
 * engine can be (it must draw the pages too), so its ratio to native is the
 * most the route could reach.
 */
const drawn = new Map<ScannedDocument, Buffer[]>();
const aloneTesseractJs = createTesseractJs({ model: "best", poolSize: 2, queueLimit: 64 });
const alone =
  (recognize: (page: Buffer) => Promise<string>, by: string) => async (doc: ScannedDocument) => {
    const pages = drawn.get(doc) ?? [];
    return { pages: await pMap(pages, recognize, { concurrency: 2 }), by };
  };
const engineRead = { language: "eng", dpi: DPI, signal: new AbortController().signal };

const NATIVE = "pdftoppm | tesseract, two at a time";
const CLI_ALONE = "tesseract alone, pages drawn in advance";
const JS_ALONE = "tesseract.js best alone, pages drawn in advance";
/** The engine each category's default route reads scanned pages with first. */
const ENGINE_ALONE: Record<(typeof CATEGORIES)[number], string> = {
  "text-recognition": JS_ALONE,
  "pdf-text-extraction": CLI_ALONE,
};
type Reader = (doc: ScannedDocument) => Promise<Reading>;
const READERS: readonly [string, Reader][] = [
  [NATIVE, native],
  ...CATEGORIES.map((slug): [string, Reader] => [`${slug}, default route`, (d) => routed(d, slug)]),
  [
    CLI_ALONE,
    alone(async (page) => {
      const env = { ...process.env, OMP_THREAD_LIMIT: "1" };
      const out = await runCommand("tesseract", ["stdin", "stdout"], {
        input: page,
        env,
        signal: engineRead.signal,
      });
      return out.toString("utf8");
    }, "tesseract CLI"),
  ],
  [
    JS_ALONE,
    alone(
      async (page) => (await aloneTesseractJs.recognize(page, engineRead)).text,
      "tesseract.js",
    ),
  ],
];

interface Measured {
  seconds: number[];
  reading?: Reading;
  answeredBy: Set<string>;
}

const wanted = args.docs?.split(",").map((s) => s.trim());
const scratch = await mkdtemp(path.join(tmpdir(), "docroute-pages-"));
const tables: string[] = [];
const verdicts: string[] = [];
try {
  const docs: ScannedDocument[] = [];
  for (const spec of DOCUMENTS) {
    if (wanted && !wanted.includes(spec.name)) continue;
    const doc = await buildDocument(spec, scratch);
    if (typeof doc === "string") console.log(`${spec.name}: skipped, ${doc}\n`);
    else {
      docs.push(doc);
      drawn.set(doc, await drawnPages(doc));
    }
  }
  const first = docs[0];
  if (first) {
    // Engines start and load their data once, on a one-page document, untimed.
    const one = { ...first, bytes: await imagePageOf(first), truth: first.truth.slice(0, 1) };
    for (const slug of CATEGORIES) await routed(one, slug);
    const page = drawn.get(first)?.[0];
    if (page) await Promise.all([1, 2].map(() => aloneTesseractJs.recognize(page, engineRead)));
  }
  console.log(`Scanned PDFs, pages at their own resolution, ${ROUNDS} rounds taken by turns\n`);
  for (const doc of docs) {
    const measured = new Map<string, Measured>(
      READERS.map(([name]) => [name, { seconds: [], answeredBy: new Set() }]),
    );
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, read] of READERS) {
        const start = performance.now();
        const reading = await read(doc);
        const m = measured.get(name) as Measured;
        m.seconds.push((performance.now() - start) / 1000);
        m.reading = reading;
        m.answeredBy.add(reading.by);
        process.stderr.write(
          `  ${doc.spec.name} round ${round + 1} ${name}: ${m.seconds.at(-1)?.toFixed(2)} s\n`,
        );
      }
    }
    const pages = doc.truth.length;
    const rate = (m: Measured) => pages / median(m.seconds);
    const scores = (m: Measured): TextScore[] =>
      doc.truth.map((truth, i) => {
        const text = m.reading?.pages[i];
        return text === undefined ? missedText(truth) : scoreText(truth, text);
      });
    const base = measured.get(NATIVE) as Measured;
    const table: Table = {
      columns: ["", "pages/s", "× native", "CER", "word F1", "answered by"],
      rows: [...measured].map(([name, m]) => [
        name,
        rate(m).toFixed(2),
        `${(rate(m) / rate(base)).toFixed(2)}×`,
        `${(cerOf(scores(m)) * 100).toFixed(2)}%`,
        wordF1Of(scores(m)).toFixed(3),
        [...m.answeredBy].join(", "),
      ]),
    };
    if (args.detail) {
      for (const [name, m] of measured) {
        const cers = scores(m).map(
          (s) => `${((s.edits / Math.max(1, s.length)) * 100).toFixed(1)}`,
        );
        console.log(`  ${name}: CER % by page ${cers.join(" ")}`);
      }
    }
    const title = `${doc.spec.name}: ${pages} pages, ${doc.spec.what}`;
    console.log(`${title}\n${textTable(table, "  ")}\n`);
    tables.push(`**${title}**\n\n${markdownTable(table)}`);
    for (const slug of CATEGORIES) {
      const m = measured.get(`${slug}, default route`) as Measured;
      const ratio = rate(m) / rate(base);
      const cerOk = cerOf(scores(m)) <= cerOf(scores(base));
      const met = ratio >= TARGET && cerOk;
      const engine = measured.get(ENGINE_ALONE[slug]) as Measured;
      verdicts.push(
        `- ${doc.spec.name}, ${slug}: ${ratio.toFixed(2)}× native, CER ${cerOk ? "no worse" : "worse"} (target ≥ ${TARGET}× at CER no worse: ${met ? "met" : "not met"}; its engine alone on pages drawn in advance: ${(rate(engine) / rate(base)).toFixed(2)}×)`,
      );
    }
  }
} finally {
  await closeAll(providers);
  await aloneTesseractJs.close();
  await rm(scratch, { recursive: true, force: true });
}
console.log(verdicts.join("\n"));
if (args.write) {
  writeDocSection(
    "performance-reading",
    "pages",
    docFigures(
      "pages",
      `Scanned PDFs, ${ROUNDS} rounds taken by turns (${machineLoad()}):`,
      ...tables,
      verdicts.join("\n"),
    ),
  );
}

/** The document's first page alone, as its own PDF. */
async function imagePageOf(doc: ScannedDocument): Promise<Buffer> {
  const folder = path.join(root, doc.spec.dir);
  const entries = manifestSchema
    .parse(JSON.parse(readFileSync(path.join(folder, "manifest.json"), "utf8")))
    .filter((e) => doc.spec.takes(e) && existsSync(path.join(folder, e.file)));
  const entry = entries[0];
  if (!entry) throw new Error(`${doc.spec.name}: no first page`);
  const png = await sharp(path.join(folder, entry.file)).png().toBuffer();
  return writePdf([await imagePage(png, await densityOf(png))]);
}
