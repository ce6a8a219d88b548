// Invoice data on the calibration invoices (fixtures/calibration/invoices,
// written by scripts/calibration/invoices.ts): fields and line items right
// and time per page, per provider and kind (text-layer PDF, photo), in one run.
// Targets (issue 16), as ratios measured in this run:
//   - text-layer PDFs: every field right; extraction ≤ 100 ms per page;
//   - photos: at most one field wrong per invoice; extraction (OCR included)
//     ≤ 1.2 × the OCR alone of the same page by the same engine.
//
//   npx tsx bench/invoices.ts                       # every invoice, a few minutes
//   npx tsx bench/invoices.ts --kinds pdf --detail  # per invoice, with the wrong fields
//   npx tsx bench/invoices.ts --providers invoices-layout
//   npx tsx bench/invoices.ts --write               # also into docs/invoices.md
//
// It measures each provider against the OCR engine under it, so it takes both
// from the service's provider registry, without HTTP around them.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { InvoiceData } from "@/lib/kernel/contract";
import { INVOICE_DIR, type InvoiceTruth, scoreInvoice } from "../scripts/calibration/invoices";
import type { Provider } from "../service/src/providers/types";
import { closeAll, createProviders, loadProviderConfig } from "../service/src/registry";
import { judgeSpeed, OCR_RATIO, PDF_MS, ratioColumn, type TimedRun } from "./extraction-targets";
import {
  benchArgs,
  docFigures,
  machineLoad,
  markdownTable,
  type Table,
  textTable,
  timed,
  writeDocSection,
} from "./harness";

/** Each invoice provider and the OCR engine whose words it reads on photos. */
const PROVIDERS: Record<string, string> = {
  "invoices-layout": "tesseract-native",
  "invoices-patterns": "paddleocr",
};
const KINDS = ["pdf", "photo"] as const;
type Kind = (typeof KINDS)[number];

interface Run extends TimedRun {
  file: string;
  kind: Kind;
  provider: string;
  fields: number;
  fieldCount: number;
  wrong: string[];
  items: number;
  itemCount: number;
  sure: boolean;
}

async function main() {
  const values = benchArgs({
    kinds: { type: "string", default: KINDS.join(",") },
    providers: { type: "string", default: Object.keys(PROVIDERS).join(",") },
    detail: { type: "boolean", default: false },
  });
  const kinds = values.kinds.split(",") as Kind[];
  const names = values.providers.split(",");
  const providers = createProviders(loadProviderConfig(process.env));
  const get = (name: string): Provider => {
    const p = providers.get(name);
    if (!p) throw new Error(`no provider ${name}`);
    return p;
  };
  const files = readdirSync(INVOICE_DIR)
    .filter((f) => /^invoice-.*\.(pdf|jpg)$/.test(f))
    .filter((f) => kinds.includes(f.endsWith(".pdf") ? "pdf" : "photo"))
    .sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  const runs: Run[] = [];
  try {
    for (const file of files) {
      const bytes = readFileSync(path.join(INVOICE_DIR, file));
      const truth = JSON.parse(
        readFileSync(path.join(INVOICE_DIR, file.replace(/\.\w+$/, ".json")), "utf8"),
      ) as InvoiceTruth;
      const kind: Kind = file.endsWith(".pdf") ? "pdf" : "photo";
      const input = {
        bytes,
        mimeType: kind === "pdf" ? "application/pdf" : "image/jpeg",
        languageHints: truth.language_hints,
        passthrough: {},
        signal: new AbortController().signal,
        traceId: "bench",
      };
      // Each provider in turn on the same page, so other load falls on all alike.
      for (const name of names) {
        // On photos, the OCR alone of the same page, before or after by turns.
        const ocrEngine = PROVIDERS[name];
        const ocr = async () =>
          kind === "photo" && ocrEngine
            ? (await timed(() => get(ocrEngine).run(input)))[1]
            : undefined;
        const first = runs.length % 2 === 0;
        const before = first ? await ocr() : undefined;
        const [output, ms] = await timed(() => get(name).run(input));
        const ocrMs = first ? before : await ocr();
        const score = scoreInvoice(output.data as InvoiceData, truth);
        runs.push({
          file,
          kind,
          provider: name,
          ms: ms / output.pages,
          ocrMs,
          fields: score.fields,
          fieldCount: Object.keys(truth.fields).length,
          wrong: score.wrongFields,
          items: score.items,
          itemCount: score.itemCount,
          sure: output.check?.confident ?? true,
        });
        if (values.detail) {
          console.log(
            `${file.padEnd(24)} ${name.padEnd(18)} fields ${score.fields}/${Object.keys(truth.fields).length}  items ${score.items}/${score.itemCount}  ${Math.round(ms)} ms${ocrMs ? ` (OCR ${Math.round(ocrMs)} ms)` : ""}  ${output.check?.confident === false ? `unsure: ${output.check.reason}` : "sure"}${score.wrongFields.length > 0 ? `  wrong: ${score.wrongFields.join(", ")}` : ""}`,
          );
        }
      }
    }
  } finally {
    await closeAll(providers);
  }
  let failed = false;
  const rows: string[][] = [];
  for (const name of names) {
    for (const kind of kinds) {
      const mine = runs.filter((r) => r.provider === name && r.kind === kind);
      if (mine.length === 0) continue;
      const fields = mine.reduce((s, r) => s + r.fields, 0);
      const fieldCount = mine.reduce((s, r) => s + r.fieldCount, 0);
      const items = mine.reduce((s, r) => s + r.items, 0);
      const itemCount = mine.reduce((s, r) => s + r.itemCount, 0);
      const nearly = mine.filter((r) => r.fieldCount - r.fields <= 1).length;
      const answersRight = kind === "pdf" ? fields === fieldCount : nearly === mine.length;
      const { ms, ratio, met } = judgeSpeed(mine, kind === "photo", answersRight);
      if (name === "invoices-layout" && !met) failed = true;
      rows.push([
        name,
        kind,
        String(mine.length),
        `${fields}/${fieldCount}`,
        `${items}/${itemCount}`,
        `${nearly}/${mine.length}`,
        ms.toFixed(0),
        ratioColumn(ratio),
        met ? "met" : "NOT met",
      ]);
    }
  }
  const table: Table = {
    columns: [
      "provider",
      "kind",
      "invoices",
      "fields right",
      "line items right",
      "invoices ≤1 wrong",
      "median ms/page",
      "vs OCR",
      "target",
    ],
    left: [1, 8],
    rows,
  };
  const targets = `targets: text-layer PDFs every field right and ≤ ${PDF_MS} ms/page; photos ≤ 1 field wrong per invoice and ≤ ${OCR_RATIO} × the OCR time of the same page (median ratio)`;
  console.log(`\n${textTable(table)}`);
  console.log(`\n${targets}`);
  if (values.write) {
    writeDocSection(
      "invoices",
      "invoices",
      docFigures(
        "invoices",
        `Fields and line items right, median time per page and, on photos, the time against the OCR alone of the same page by the same engine (${machineLoad()}):`,
        markdownTable(table),
        `The ${targets}; the first choice, invoices-layout, is judged.`,
      ),
    );
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
