// OCR quality and speed on the calibration set (fixtures/calibration, written
// by scripts/calibration/generate.ts): the character error rate (CER) and the
// time per page of every text-recognition provider on every kind of page, and
// of the default routing (the catalog's weights, quality failover included)
// over the same pages, in one run. Targets (issue 15), as ratios in this run:
//   - routing's CER ≤ the best single provider's + 0.5 points, on every kind;
//   - routing's median time per page ≤ 1.3 × the fastest LSTM provider's.
//
//   npx tsx bench/calibration.ts                    # every page, about 2 min
//   npx tsx bench/calibration.ts --kinds photo,table --detail
//   npx tsx bench/calibration.ts --providers tesseract-native --preprocess none
//   npx tsx bench/calibration.ts --write            # also writes the catalog's quality figures
//                                                   # and the tables into docs/quality.md
//   npx tsx bench/calibration.ts --dir /tmp/held-out # a set drawn from other seeds (generate.ts)
//
// --providers leaves routing out (it needs them all); --preprocess sets
// OCR_PREPROCESS for the run, to see what each step does.
//
// It measures each provider and the router themselves, so it builds them from
// the service's registry and catalog, without HTTP around them.
//
// CER = Levenshtein distance / length of the truth, both with whitespace runs
// collapsed to one space; a kind's CER is its pages' edits over their length.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { distance } from "fastest-levenshtein";
import type { OcrData } from "@/lib/kernel/contract";
import type { CalibrationPage } from "../scripts/calibration/generate";
import { CATALOG, type CatalogEntry } from "../service/src/catalog";
import type { Provider, ProviderInput } from "../service/src/providers/types";
import { closeAll, createProviders, loadProviderConfig } from "../service/src/registry";
import { loadRoutingConfig } from "../service/src/routing/config";
import { createRouter } from "../service/src/routing/router";
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

const ROOT = root;
const SET = path.join(ROOT, "fixtures/calibration");
export const QUALITY_FILE = path.join(ROOT, "service/src/catalog-quality.json");
/** The LSTM engines: routing's time is compared with the fastest of them. */
const LSTM = new Set(["tesseract-native", "tesseractjs-best"]);
const ROUTING = "routing";
const CER_MARGIN = 0.005;
const TIME_RATIO = 1.3;

interface Reading {
  page: CalibrationPage;
  who: string;
  ms: number;
  edits: number;
  length: number;
  /** For routing: which provider answered, after how many failovers. */
  note?: string;
  /** The answer's own check: its score, and whether it was sure. */
  check?: { score: number; confident: boolean };
}

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

function score(truth: string, data: OcrData): { edits: number; length: number } {
  const want = collapse(truth);
  return { edits: distance(want, collapse(data.text)), length: want.length };
}

function input(dir: string, page: CalibrationPage): Omit<ProviderInput, "signal"> {
  const mimeType = page.file.endsWith(".jpg") ? "image/jpeg" : "image/png";
  return {
    bytes: readFileSync(path.join(dir, page.file)),
    mimeType,
    languageHints: page.languageHints,
    passthrough: {},
    traceId: "0".repeat(32),
  };
}

const truthOf = (dir: string, page: CalibrationPage) =>
  readFileSync(path.join(dir, page.file.replace(/\.\w+$/, ".txt")), "utf8");

async function readWith(
  dir: string,
  provider: Provider<OcrData>,
  page: CalibrationPage,
): Promise<Reading> {
  const started = performance.now();
  const output = await provider.run({ ...input(dir, page), signal: AbortSignal.timeout(120_000) });
  const ms = performance.now() - started;
  return {
    page,
    who: provider.name,
    ms,
    check: output.check,
    ...score(truthOf(dir, page), output.data),
  };
}

export interface CalibrationResult {
  kinds: string[];
  providers: string[];
  readings: Reading[];
}

export async function measureCalibration(
  options: { kinds?: string[]; providers?: string[]; preprocess?: string; dir?: string } = {},
): Promise<CalibrationResult> {
  const dir = options.dir ?? SET;
  const manifest = JSON.parse(
    readFileSync(path.join(dir, "manifest.json"), "utf8"),
  ) as CalibrationPage[];
  const pages = manifest.filter((p) => !options.kinds || options.kinds.includes(p.kind));
  const category = CATALOG.find((c) => c.slug === "text-recognition") as CatalogEntry;
  const registry = createProviders(
    loadProviderConfig({
      TESSERACTJS_POOL_SIZE: "1",
      TESSERACT_NATIVE_CONCURRENCY: "1",
      OCR_PREPROCESS: options.preprocess,
    }),
  );
  try {
    const names: string[] = [];
    for (const { provider: name } of category.providers) {
      const provider = registry.get(name);
      if (!provider || (options.providers && !options.providers.includes(name))) continue;
      if (await provider.available()) names.push(name);
      else console.warn(`  ${name}: not available on this machine, skipped`);
    }
    const providers = names.map((name) => registry.get(name) as Provider<OcrData>);
    // Worker start and data load, not timed.
    if (pages[0]) for (const provider of providers) await readWith(dir, provider, pages[0]);
    // Default routing: the catalog's weights and today's defaults, on the same warm engines.
    const router = createRouter(loadRoutingConfig({}), registry);
    const readings: Reading[] = [];
    // Page by page, every provider and then routing in turn, so that other load
    // on the machine falls on all of them alike.
    for (const page of pages) {
      for (const provider of providers) readings.push(await readWith(dir, provider, page));
      if (options.providers) continue; // routing needs them all
      const started = performance.now();
      const result = await router.route({ category, input: input(dir, page) });
      const ms = performance.now() - started;
      const note = `${result.provider}${result.failoverDepth ? ` +${result.failoverDepth}` : ""}`;
      readings.push({
        page,
        who: ROUTING,
        ms,
        note,
        ...score(truthOf(dir, page), result.output.data as OcrData),
      });
    }
    const kinds = [...new Set(pages.map((p) => p.kind))];
    return { kinds, providers: names, readings };
  } finally {
    await closeAll(registry);
  }
}

function cer(readings: readonly Reading[]): number {
  const length = readings.reduce((n, r) => n + r.length, 0);
  return length === 0 ? 0 : readings.reduce((n, r) => n + r.edits, 0) / length;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/**
 * Prints the table and the targets; `ok` when both are met, `markdown` the
 * same for docs/quality.md.
 */
export function printCalibration(
  result: CalibrationResult,
  detail = false,
): { ok: boolean; markdown: string } {
  const { kinds, providers, readings } = result;
  const routed = readings.some((r) => r.who === ROUTING);
  const columns = routed ? [...providers, ROUTING] : providers;
  const of = (who: string, kind?: string) =>
    readings.filter((r) => r.who === who && (!kind || r.page.kind === kind));
  const width = 18;
  const intro = `CER by kind of page (${readings.length / columns.length} pages), and the median time per page`;
  let ok = true;
  const rows: string[][] = [];
  for (const kind of kinds) {
    const cers = providers.map((p) => cer(of(p, kind)));
    const best = Math.min(...cers);
    const cells = columns.map((c) => pct(cer(of(c, kind))));
    if (!routed) {
      rows.push([kind, ...cells]);
      continue;
    }
    const pass = cer(of(ROUTING, kind)) <= best + CER_MARGIN;
    ok &&= pass;
    rows.push([kind, ...cells, `${pass ? "✓" : "✗"} ≤ ${pct(best + CER_MARGIN)}`]);
  }
  const means = columns.map((c) => kinds.reduce((n, k) => n + cer(of(c, k)), 0) / kinds.length);
  rows.push(["mean of kinds", ...means.map(pct)]);

  const medians = columns.map((c) => median(of(c).map((r) => r.ms)));
  const timeRow = ["time / page", ...medians.map((m) => `${m.toFixed(0)} ms`)];
  const notes: string[] = [];
  const lstm = providers.filter((p) => LSTM.has(p)).map((p) => median(of(p).map((r) => r.ms)));
  if (routed && lstm.length > 0) {
    const routedMs = median(of(ROUTING).map((r) => r.ms));
    const fastest = Math.min(...lstm);
    const pass = routedMs <= TIME_RATIO * fastest;
    ok &&= pass;
    timeRow.push(`${pass ? "✓" : "✗"} ${(routedMs / fastest).toFixed(2)} × ≤ ${TIME_RATIO} ×`);
    notes.push(
      `routing ${routedMs.toFixed(0)} ms = ${(routedMs / fastest).toFixed(2)} × the fastest LSTM provider's ${fastest.toFixed(0)} ms  ${pass ? "✓" : "✗"} ≤ ${TIME_RATIO} ×`,
    );
    const failovers = of(ROUTING).filter((r) => r.note?.includes("+")).length;
    notes.push(`routing failed over on ${failovers} of ${of(ROUTING).length} pages`);
  }
  rows.push(timeRow);
  const table: Table = {
    columns: ["kind", ...columns, ...(routed ? ["target"] : [])],
    left: routed ? [columns.length + 1] : [],
    rows,
  };
  const targets = `Targets: routing's CER at most the best single provider's + ${CER_MARGIN * 100} points on every kind; routing's median time at most ${TIME_RATIO} × the fastest LSTM provider's (${[...LSTM].join(", ")}).`;
  console.log(`\n${intro}`);
  console.log(textTable(table, "  "));
  for (const note of notes) console.log(`  ${note}`);
  if (detail) {
    console.log(
      "\nPer page: CER, ms, the answer's score (? = unsure); routing: who answered, +failovers",
    );
    for (const page of new Set(readings.map((r) => r.page))) {
      const cells = columns.map((c) => {
        const r = readings.find((x) => x.page === page && x.who === c);
        if (!r) return "".padStart(width);
        const sure = r.check ? `${r.check.confident ? " " : "?"}${r.check.score.toFixed(2)}` : "";
        return `${pct(r.edits / Math.max(1, r.length))} ${r.ms.toFixed(0)}${sure}`.padStart(
          width + 6,
        );
      });
      const note = readings.find((x) => x.page === page && x.who === ROUTING)?.note ?? "";
      console.log(`  ${page.file.padEnd(20)}${cells.join("")}  ${note}`);
    }
  }
  const markdown = docFigures(
    "calibration",
    `${intro} (${machineLoad()}). ${targets}`,
    markdownTable(table),
    notes.map((note) => `- ${note}`).join("\n"),
  );
  return { ok, markdown };
}

/**
 * The catalog's quality figures: 1 − the provider's CER averaged over the kinds
 * (each kind counts the same, however many pages it has).
 */
export function qualityFigures(result: CalibrationResult): Record<string, number> {
  const figures: Record<string, number> = {};
  for (const provider of result.providers) {
    const mean =
      result.kinds.reduce(
        (n, kind) =>
          n + cer(result.readings.filter((r) => r.who === provider && r.page.kind === kind)),
        0,
      ) / result.kinds.length;
    figures[provider] = Math.round(Math.max(0, 1 - mean) * 1000) / 1000;
  }
  return figures;
}

if (process.argv[1] === import.meta.filename) {
  const values = benchArgs({
    kinds: { type: "string" },
    providers: { type: "string" },
    detail: { type: "boolean", default: false },
    preprocess: { type: "string" },
    dir: { type: "string" },
  });
  const list = (s: string | undefined) => s?.split(",").map((x) => x.trim());
  measureCalibration({
    kinds: list(values.kinds),
    providers: list(values.providers),
    preprocess: values.preprocess,
    dir: values.dir && path.resolve(values.dir),
  })
    .then((result) => {
      const { markdown } = printCalibration(result, values.detail);
      if (values.write) {
        if (values.kinds || values.providers || values.preprocess || values.dir) {
          throw new Error(
            "--write needs the whole set as served: drop --kinds, --providers, --preprocess, --dir",
          );
        }
        const figures = qualityFigures(result);
        writeFileSync(QUALITY_FILE, `${JSON.stringify(figures, null, 2)}\n`);
        console.log(`\nQuality figures written to ${path.relative(ROOT, QUALITY_FILE)}:`, figures);
        writeDocSection("quality", "calibration", markdown);
      }
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
