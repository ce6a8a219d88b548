// Table extraction on the calibration tables (fixtures/calibration/tables,
// written by scripts/calibration/tables.ts): cells right and time per page, per
// provider and kind (text-layer PDF, image or photo), in one run, and "routed":
// the catalog's providers in order until one is sure (the quality failover),
// timed as the sum of the attempts made. Targets (issue 16), as ratios
// measured in this run:
//   - text-layer PDFs: every cell right; extraction ≤ 100 ms per page;
//   - images: ≥ 90 % of cells right; extraction (OCR included) ≤ 1.2 × the OCR
//     alone of the same image (native Tesseract, the engine both read with).
//
//   npx tsx bench/tables.ts            # every table, about a minute
//   npx tsx bench/tables.ts --detail   # per table and provider
//   npx tsx bench/tables.ts --write    # also into docs/tables.md
//
// It measures each provider and the failover between them, so it takes them
// from the service's provider registry and catalog, without HTTP around them.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { TableData } from "@/lib/kernel/contract";
import { CATALOG } from "../service/src/catalog";
import type { ProviderOutput } from "../service/src/providers/types";
import { closeAll, createProviders, loadProviderConfig } from "../service/src/registry";
import { judgeSpeed, OCR_RATIO, PDF_MS, ratioColumn, type TimedRun } from "./extraction-targets";
import {
  benchArgs,
  docFigures,
  machineLoad,
  markdownTable,
  root,
  type Table,
  textTable,
  writeDocSection,
} from "./harness";

const DIR = path.join(root, "fixtures/calibration/tables");
const ORDER = (CATALOG.find((c) => c.slug === "table-extraction")?.providers ?? []).map(
  (s) => s.provider,
);
const OCR = "tesseract-native";
const IMAGE_CELLS = 0.9;
type Kind = "pdf" | "image";

interface Run extends TimedRun {
  file: string;
  kind: Kind;
  provider: string;
  right: number;
  cells: number;
}

/** Cells of the first table equal to the truth's, by position. */
function cellsRight(data: TableData, truth: string[][]): number {
  const rows = data.tables[0]?.rows ?? [];
  return truth.flatMap((row, r) => row.filter((text, c) => rows[r]?.[c] === text)).length;
}

async function main() {
  const values = benchArgs({ detail: { type: "boolean", default: false } });
  const providers = createProviders(loadProviderConfig(process.env));
  const files = readdirSync(DIR)
    .filter((f) => /\.(pdf|png|jpg)$/.test(f))
    .sort();
  const runs: Run[] = [];
  try {
    for (const file of files) {
      // A scan (a PDF of a picture) is read by OCR, like an image.
      const kind: Kind = file.endsWith(".pdf") && !file.endsWith("-scan.pdf") ? "pdf" : "image";
      const truth = JSON.parse(
        readFileSync(path.join(DIR, file.replace(/\.\w+$/, ".json")), "utf8"),
      ).rows as string[][];
      const cells = truth.flat().length;
      const input = {
        bytes: readFileSync(path.join(DIR, file)),
        mimeType: { pdf: "application/pdf", png: "image/png", jpg: "image/jpeg" }[
          file.split(".").pop() as "pdf"
        ],
        languageHints: [],
        passthrough: {},
        signal: new AbortController().signal,
        traceId: "bench",
      };
      const timed = async (name: string) => {
        const provider = providers.get(name);
        if (!provider) throw new Error(`no provider ${name}`);
        const start = performance.now();
        const output = (await provider.run(input)) as ProviderOutput<TableData>;
        return { output, ms: (performance.now() - start) / output.pages };
      };
      const ocrMs = kind === "image" ? (await timed(OCR)).ms : undefined;
      const answers = [];
      for (const name of ORDER) {
        const { output, ms } = await timed(name);
        answers.push({ name, output, ms });
        runs.push({
          file,
          kind,
          provider: name,
          ms,
          ocrMs,
          right: cellsRight(output.data, truth),
          cells,
        });
      }
      // Routed: attempts in catalog order until a sure answer, else the best score.
      const sure = answers.findIndex((a) => a.output.check?.confident !== false);
      const tried = sure >= 0 ? answers.slice(0, sure + 1) : answers;
      const best =
        sure >= 0
          ? answers[sure]
          : [...answers].sort(
              (a, b) => (b.output.check?.score ?? 0) - (a.output.check?.score ?? 0),
            )[0];
      const routed = {
        file,
        kind,
        provider: "routed",
        ms: tried.reduce((sum, a) => sum + a.ms, 0),
        ocrMs,
        right: best ? cellsRight(best.output.data, truth) : 0,
        cells,
      };
      runs.push(routed);
      if (values.detail) {
        for (const r of runs.filter((run) => run.file === file)) {
          const answer = answers.find((a) => a.name === r.provider);
          const check = answer?.output.check;
          console.log(
            `${file.padEnd(28)} ${r.provider.padEnd(24)} ${`${r.right}/${r.cells}`.padStart(6)}  ${r.ms.toFixed(0).padStart(5)} ms${ocrMs ? ` (OCR ${ocrMs.toFixed(0)} ms)` : ""}  ${r.provider === "routed" ? `answered by ${best?.name}` : check?.confident === false ? `unsure: ${check.reason}` : "sure"}`,
          );
        }
      }
    }
  } finally {
    await closeAll(providers);
  }
  let failed = false;
  const rows: string[][] = [];
  for (const name of [...ORDER, "routed"]) {
    for (const kind of ["pdf", "image"] as const) {
      const mine = runs.filter((r) => r.provider === name && r.kind === kind);
      if (mine.length === 0) continue;
      const right = mine.reduce((s, r) => s + r.right, 0);
      const cells = mine.reduce((s, r) => s + r.cells, 0);
      const good = mine.filter((r) => r.right / r.cells >= IMAGE_CELLS).length;
      const answersRight = kind === "pdf" ? right === cells : good === mine.length;
      const { ms, ratio, met } = judgeSpeed(mine, kind === "image", answersRight);
      if (name === "routed" && !met) failed = true;
      rows.push([
        name,
        kind,
        String(mine.length),
        `${right}/${cells}`,
        `${good}/${mine.length}`,
        ms.toFixed(0),
        ratioColumn(ratio),
        name === "routed" ? (met ? "met" : "NOT met") : "",
      ]);
    }
  }
  const table: Table = {
    columns: [
      "provider",
      "kind",
      "tables",
      "cells right",
      "tables ≥90%",
      "median ms/page",
      "vs OCR",
      "target",
    ],
    left: [1, 7],
    rows,
  };
  console.log(`\n${textTable(table)}`);
  if (values.write) {
    writeDocSection(
      "tables",
      "tables",
      docFigures(
        "tables",
        `Cells right and median time per page, per provider and kind; "routed" is the catalog order until a sure answer, timed as the sum of its attempts; vs OCR: against native Tesseract alone on the same page (${machineLoad()}):`,
        markdownTable(table),
        `Targets, judged on "routed": text-layer PDFs every cell right and ≤ ${PDF_MS} ms/page; images ≥ ${IMAGE_CELLS * 100} % of cells right on every table and ≤ ${OCR_RATIO} × the OCR alone (median ratio).`,
      ),
    );
  }
  if (failed) process.exitCode = 1;
}

await main();
