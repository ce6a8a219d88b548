// Fits the invoice fields' confidence model (service/src/providers/invoices/confidence.ts)
// on the invoice bench's field records, and says how far it holds on documents it was
// not fitted on: each source (a repository, a generator) is left out in turn, the
// model fitted on the others, and the left-out source's fields scored with it. Printed
// for the model and for the reading confidence it replaces: calibration error (ECE,
// five bins), and of the fields given 0.9 or more, the share right and the share of
// all fields they are. Then it fits on every source and writes the weights.
//
//   npx tsx bench/invoices.ts --records .data/fit/records.jsonl     # the records
//   npx tsx scripts/fit/invoice-confidence.ts .data/fit/records.jsonl [--write]
//   npx tsx scripts/fit/invoice-confidence.ts NEW.jsonl --score   # the committed model on a new source
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import LogisticRegression from "ml-logistic-regression";
import { Matrix } from "ml-matrix";
import { z } from "zod";
import { chanceRight, FEATURES } from "../../service/src/providers/invoices/confidence";

const MODEL = path.join(
  import.meta.dirname,
  "../../service/src/providers/invoices/confidence-model.json",
);
const SURE = 0.9;

const recordSchema = z.object({
  set: z.string(),
  source: z.string(),
  doc: z.string(),
  provider: z.string(),
  field: z.string(),
  right: z.boolean(),
  confidence: z.number().optional(),
  features: z.array(z.number()).length(FEATURES.length),
});
type FieldRecord = z.infer<typeof recordSchema>;

/** Weights of a logistic model fitted on `records` (ml-logistic-regression, batch gradient). */
function fitWeights(records: readonly FieldRecord[]): number[] {
  const x = new Matrix(records.map((r) => r.features));
  const y = Matrix.columnVector(records.map((r) => (r.right ? 1 : 0)));
  const model = new LogisticRegression({ numSteps: 4000, learningRate: 4 / records.length });
  model.train(x, y);
  // Two classes, one model each (one against the rest): the first's score is the
  // chance of the class that is not 0, "right".
  const [right] = model.classifiers as { weights: Matrix }[];
  if (!right) throw new Error("nothing was fitted");
  return right.weights.to1DArray();
}

interface Scored {
  p: number;
  right: boolean;
}

/** ECE over five equal bins, and the share right and the coverage at SURE and above. */
function measure(scored: readonly Scored[]) {
  const bins = Array.from({ length: 5 }, () => ({ n: 0, p: 0, right: 0 }));
  for (const s of scored) {
    const bin = bins[Math.min(4, Math.floor(s.p * 5))];
    if (!bin) continue;
    bin.n++;
    bin.p += s.p;
    bin.right += s.right ? 1 : 0;
  }
  const n = scored.length || 1;
  const ece = bins.reduce(
    (e, b) => e + (b.n === 0 ? 0 : ((b.n / n) * Math.abs(b.p - b.right)) / b.n),
    0,
  );
  const sure = scored.filter((s) => s.p >= SURE);
  return {
    fields: scored.length,
    right: scored.filter((s) => s.right).length / n,
    ece,
    sureRight: sure.length === 0 ? Number.NaN : sure.filter((s) => s.right).length / sure.length,
    coverage: sure.length / n,
  };
}

const pct = (x: number) => (Number.isNaN(x) ? "–" : `${(100 * x).toFixed(1)} %`);

function main(): void {
  const [file, ...flags] = process.argv.slice(2);
  if (!file) throw new Error("usage: invoice-confidence.ts RECORDS.jsonl [--write]");
  const all = readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => recordSchema.parse(JSON.parse(line)));
  // Each provider's own answers; the router's are copies of one of them.
  const records = all.filter((r) => r.provider !== "routed");
  const sources = [...new Set(records.map((r) => r.source))].sort();
  console.log(`${records.length} fields of ${sources.length} sources\n`);
  if (flags.includes("--score")) {
    // First sight of a source the committed model was not fitted on: no fit here.
    for (const source of sources) {
      const held = records.filter((r) => r.source === source);
      const m = measure(held.map((r) => ({ p: chanceRight(r.features), right: r.right })));
      const b = measure(held.map((r) => ({ p: r.features[0] ?? 0, right: r.right })));
      console.log(
        `${source}: ${m.fields} fields, ${pct(m.right)} right; model ECE ${m.ece.toFixed(3)}, right at ≥0.9 ${pct(m.sureRight)} covering ${pct(m.coverage)}; reading confidence ECE ${b.ece.toFixed(3)}, right at ≥0.9 ${pct(b.sureRight)} covering ${pct(b.coverage)}`,
      );
    }
    return;
  }
  console.log(
    `${"left out".padEnd(44)} ${"fields".padStart(6)} ${"right".padStart(8)}   model: ECE, right ≥0.9, covered   reading: ECE, right ≥0.9, covered`,
  );
  const pooled: { model: Scored[]; reading: Scored[] } = { model: [], reading: [] };
  for (const source of sources) {
    const held = records.filter((r) => r.source === source);
    const weights = fitWeights(records.filter((r) => r.source !== source));
    const model = held.map((r) => ({ p: chanceRight(r.features, weights), right: r.right }));
    // The reading confidence the model replaces: the first feature.
    const reading = held.map((r) => ({ p: r.features[0] ?? 0, right: r.right }));
    pooled.model.push(...model);
    pooled.reading.push(...reading);
    const m = measure(model);
    const b = measure(reading);
    console.log(
      `${source.padEnd(44)} ${String(m.fields).padStart(6)} ${pct(m.right).padStart(8)}   ${m.ece.toFixed(3)}, ${pct(m.sureRight)}, ${pct(m.coverage)}   ${b.ece.toFixed(3)}, ${pct(b.sureRight)}, ${pct(b.coverage)}`,
    );
  }
  const m = measure(pooled.model);
  const b = measure(pooled.reading);
  console.log(
    `\nfirst sight, every source left out in turn: model ECE ${m.ece.toFixed(3)}, right at ≥0.9 ${pct(m.sureRight)} covering ${pct(m.coverage)} of ${m.fields} fields; reading confidence ECE ${b.ece.toFixed(3)}, right at ≥0.9 ${pct(b.sureRight)} covering ${pct(b.coverage)}`,
  );
  const weights = fitWeights(records);
  const fitted = measure(
    records.map((r) => ({ p: chanceRight(r.features, weights), right: r.right })),
  );
  console.log(
    `fitted on every source (development figure): ECE ${fitted.ece.toFixed(3)}, right at ≥0.9 ${pct(fitted.sureRight)} covering ${pct(fitted.coverage)}`,
  );
  console.log(
    FEATURES.map((f, i) => `  ${f.padEnd(14)} ${(weights[i] ?? 0).toFixed(3)}`).join("\n"),
  );
  if (flags.includes("--write")) {
    const rounded = weights.map((w) => Math.round(w * 1e4) / 1e4);
    writeFileSync(MODEL, `${JSON.stringify({ features: FEATURES, weights: rounded }, null, 2)}\n`);
    // In the repository's format, as `npm run format` would leave it.
    execFileSync("npx", ["biome", "format", "--write", MODEL], { stdio: "ignore" });
    console.log(`\nwrote ${path.relative(process.cwd(), MODEL)}`);
  }
}

main();
