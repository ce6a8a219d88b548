// Writes the rendered calibration set (fixtures/rendered/): pages written in
// HTML, rendered by Chromium, and degraded with ImageMagick, in fonts and
// layouts the canvas generator (scripts/calibration/) never draws, each beside
// its truth. Seeded: the same seed writes the same documents; another seed,
// other documents of the same kinds.
//
//   npm run calibration:rendered
//   npx tsx scripts/rendered/generate.ts --seed 7 --out /tmp/rendered-7
//   npx tsx scripts/rendered/generate.ts --only text,tables
//
// Needs /usr/bin/chromium, ImageMagick 6 (/usr/bin/convert) and the fonts in
// html.ts's FONT_PACKAGES (fonts-urw-base35, fonts-noto-core, fonts-noto-mono,
// fonts-freefont-ttf, fonts-dejavu-extra, fonts-liberation).
import { rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { Renderer } from "./browser";
import { checkFonts, FONT_PACKAGES } from "./html";
import { generateInvoices } from "./invoices";
import { generateTables } from "./tables";
import { generateTextPages } from "./text-pages";

export const RENDERED_DIR = path.resolve(import.meta.dirname, "../../fixtures/rendered");

const PARTS = ["text", "invoices", "tables"] as const;
type Part = (typeof PARTS)[number];

/** Writes the chosen parts into `dir` (each in its own folder, emptied first); README.md beside them is left alone. */
export async function generate(
  dir = RENDERED_DIR,
  seed = 0,
  parts: readonly Part[] = PARTS,
  jobs = 2,
) {
  checkFonts();
  const renderer = await Renderer.open(new Set(Object.keys(FONT_PACKAGES)));
  const counts: Partial<Record<Part, number>> = {};
  try {
    for (const part of parts) {
      const out = path.join(dir, part);
      rmSync(out, { recursive: true, force: true });
      if (part === "text")
        counts.text = (await generateTextPages(renderer, out, seed, jobs)).length;
      if (part === "invoices")
        counts.invoices = (await generateInvoices(renderer, out, seed, jobs)).length;
      if (part === "tables")
        counts.tables = (await generateTables(renderer, out, seed, jobs)).length;
    }
  } finally {
    await renderer.close();
  }
  return counts;
}

if (process.argv[1] === import.meta.filename) {
  const { values } = parseArgs({
    options: {
      seed: { type: "string", default: "0" },
      out: { type: "string" },
      only: { type: "string", default: PARTS.join(",") },
      // Documents made at once: each is a Chromium page and then ImageMagick, one core each.
      jobs: { type: "string", default: "2" },
    },
  });
  const dir = values.out ? path.resolve(values.out) : RENDERED_DIR;
  const parts = values.only.split(",").map((p) => {
    if (!(PARTS as readonly string[]).includes(p))
      throw new Error(`--only: no part ${p} (${PARTS.join(", ")})`);
    return p as Part;
  });
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer, not ${values.seed}`);
  const started = performance.now();
  const jobs = Number(values.jobs);
  if (!Number.isInteger(jobs) || jobs < 1) throw new Error(`--jobs must be a positive integer`);
  generate(dir, seed, parts, jobs).then(
    (counts) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      const summary = Object.entries(counts)
        .map(([part, n]) => `${n} ${part}`)
        .join(", ");
      console.log(`${summary} written to ${dir} in ${seconds} s (seed ${seed})`);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
