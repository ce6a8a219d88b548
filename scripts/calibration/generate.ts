// Writes the OCR calibration set: fixtures/calibration/<kind>-<n>.png|jpg, each
// beside its true text (.txt), and manifest.json listing every page with its
// kind and language hints. Seeded: every run writes the same pages (with the
// same fonts: Debian's fonts-liberation and fonts-dejavu-core).
//
//   npm run calibration:generate
//
// A second set drawn the same way from other seeds checks that what was tuned
// on this one holds on pages no tuning has seen (docs/quality.md):
//
//   npx tsx scripts/calibration/generate.ts --seed 9000 --out /tmp/held-out
//   npx tsx bench/calibration.ts --dir /tmp/held-out
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createCanvas } from "@napi-rs/canvas";
import { blankPage, label, type Page, paragraph, photograph } from "./draw";
import { items, pick, price, type Random, seeded, sentences } from "./text";

export const CALIBRATION_DIR = path.resolve(import.meta.dirname, "../../fixtures/calibration");

export const KINDS = [
  "small-print",
  "photo",
  "low-contrast",
  "two-column",
  "table",
  "receipt",
  "german",
] as const;
export type Kind = (typeof KINDS)[number];

export interface CalibrationPage {
  file: string;
  kind: Kind;
  languageHints: string[];
}

const PAGES_PER_KIND = 3;
const SANS = ["Liberation Sans", "DejaVu Sans"];
const SERIF = ["Liberation Serif", "DejaVu Serif"];
const FACES = [...SANS, ...SERIF];

interface Drawn {
  image: Buffer;
  ext: "png" | "jpg";
  truth: string[];
}

/** The page cut to what was drawn on it, plus a bottom margin. */
function cropped(page: Page, height: number): Page {
  const canvas = createCanvas(page.canvas.width, Math.ceil(height));
  const ctx = canvas.getContext("2d");
  ctx.drawImage(page.canvas, 0, 0);
  return { canvas, ctx, truth: page.truth };
}

const png = (page: Page): Drawn => ({
  image: page.canvas.toBuffer("image/png"),
  ext: "png",
  truth: page.truth,
});

/** Paragraphs of `each` sentences, no sentence twice on a page. */
function prose(random: Random, language: "en" | "de", paragraphs: number, each: number): string[] {
  const all = sentences(random, language, paragraphs * each);
  return Array.from({ length: paragraphs }, (_, i) =>
    all.slice(i * each, (i + 1) * each).join(" "),
  );
}

/** Paragraphs one under the other; returns the y under the last. */
function column(
  page: Page,
  texts: readonly string[],
  x: number,
  y: number,
  width: number,
  font: string,
  size: number,
  colour?: string,
  truth?: string[],
): number {
  let at = y;
  for (const text of texts) {
    const style = { font: `${size}px "${font}"`, lineHeight: Math.round(size * 1.3), colour };
    at = paragraph(page, text, x, at, width, style, truth) + Math.round(size * 0.8);
  }
  return at;
}

function smallPrint(random: Random, n: number): Drawn {
  const page = blankPage(820, 700);
  const bottom = column(page, prose(random, "en", 3, 3), 30, 30, 760, FACES[n % 4] ?? "", 11);
  return png(cropped(page, bottom + 20));
}

async function photo(random: Random, n: number): Promise<Drawn> {
  const page = blankPage(900, 700, "#fbfaf6");
  const font = FACES[(n + 1) % 4] ?? "";
  let bottom: number;
  if (n === 1) {
    // A photographed invoice: a heading, item lines with amounts, a total.
    label(page, "INVOICE 2026-0117", 40, 36, `bold 26px "${font}"`);
    page.truth.push("INVOICE 2026-0117");
    let y = 96;
    let total = 0;
    for (const item of items(random, 6)) {
      const amount = price(random, 3, 120);
      total += amount;
      label(page, item, 40, y, `19px "${font}"`);
      label(page, amount.toFixed(2), 860, y, `19px "${font}"`, "right");
      page.truth.push(`${item} ${amount.toFixed(2)}`);
      y += 34;
    }
    label(page, "Total", 40, y + 16, `bold 20px "${font}"`);
    label(page, total.toFixed(2), 860, y + 16, `bold 20px "${font}"`, "right");
    page.truth.push(`Total ${total.toFixed(2)}`);
    bottom = y + 60;
  } else {
    bottom = column(page, prose(random, "en", 2, 3), 40, 40, 820, font, 19);
  }
  const image = await photograph(cropped(page, bottom + 30), random, {
    tilt: (random() < 0.5 ? -1 : 1) * (2 + random() * 3),
    noise: 8 + random() * 6,
    blur: 0.5 + random() * 0.5,
    jpegQuality: 55 + Math.round(random() * 10),
  });
  return { image, ext: "jpg", truth: page.truth };
}

function lowContrast(random: Random, n: number): Drawn {
  const paper = pick(random, ["#d6d6d6", "#dcd8cc", "#e0e0e0"]);
  const ink = pick(random, ["#9a9a9a", "#a09a8c", "#a6a6a6"]);
  const page = blankPage(880, 700, paper);
  const bottom = column(
    page,
    prose(random, "en", 2, 3),
    36,
    36,
    800,
    FACES[(n + 2) % 4] ?? "",
    17,
    ink,
  );
  return png(cropped(page, bottom + 24));
}

function twoColumn(random: Random, n: number): Drawn {
  const page = blankPage(1000, 1400);
  const font = FACES[(n + 3) % 4] ?? "";
  const title = pick(random, [
    "Town Council Approves New Budget",
    "A Quiet Year for the Harbour",
    "What the Survey Tells Us",
  ]);
  label(page, title, 40, 30, `bold 28px "${font}"`);
  page.truth.push(title);
  const size = 15 + (n % 2);
  const left: string[] = [];
  const right: string[] = [];
  const width = 440;
  const [a = "", b = "", c = "", d = ""] = prose(random, "en", 4, 3);
  const bottomLeft = column(page, [a, b], 40, 90, width, font, size, undefined, left);
  const bottomRight = column(page, [c, d], 520, 90, width, font, size, undefined, right);
  page.truth.push(...left, ...right);
  return png(cropped(page, Math.max(bottomLeft, bottomRight) + 20));
}

function table(random: Random, n: number): Drawn {
  const font = SANS[n % 2] ?? "";
  const rows = items(random, 6).map((item) => {
    const qty = 1 + Math.floor(random() * 12);
    const unit = price(random, 0.5, 40);
    return [item, String(qty), unit.toFixed(2), (qty * unit).toFixed(2)];
  });
  const header = ["Item", "Qty", "Unit price", "Amount"];
  const all = [header, ...rows];
  const xs = [30, 330, 450, 600, 760];
  const rowHeight = 38;
  const page = blankPage(790, 40 + rowHeight * all.length + 20);
  const { ctx } = page;
  ctx.strokeStyle = "#444444";
  ctx.lineWidth = 1;
  for (const [r, row] of all.entries()) {
    const y = 30 + r * rowHeight;
    for (const [c, cell] of row.entries()) {
      const weight = r === 0 ? "bold " : "";
      const numeric = c > 0;
      const x = numeric ? (xs[c + 1] ?? 0) - 10 : (xs[c] ?? 0) + 10;
      label(page, cell, x, y + 10, `${weight}17px "${font}"`, numeric ? "right" : "left");
    }
    page.truth.push(row.join(" "));
  }
  for (let r = 0; r <= all.length; r++) {
    ctx.beginPath();
    ctx.moveTo(xs[0] ?? 0, 30 + r * rowHeight);
    ctx.lineTo(xs[4] ?? 0, 30 + r * rowHeight);
    ctx.stroke();
  }
  for (const x of xs) {
    ctx.beginPath();
    ctx.moveTo(x, 30);
    ctx.lineTo(x, 30 + all.length * rowHeight);
    ctx.stroke();
  }
  return png(page);
}

async function receipt(random: Random, n: number): Promise<Drawn> {
  const page = blankPage(440, 720, "#fdfdfb");
  const mono = n === 2 ? "DejaVu Sans Mono" : "Liberation Mono";
  const font = `16px "${mono}"`;
  const shop = pick(random, ["CORNER CAFE", "CITY MARKET", "BOOKS & MORE"]);
  label(page, shop, 220, 24, `bold 20px "${mono}"`, "center");
  page.truth.push(shop);
  const date = `2026-0${1 + (n % 9)}-1${n} ${String(8 + n).padStart(2, "0")}:2${n}`;
  label(page, date, 24, 62, font);
  page.truth.push(date);
  let y = 104;
  let total = 0;
  for (const item of items(random, 5)) {
    const amount = price(random, 0.8, 14);
    total += amount;
    label(page, item, 24, y, font);
    label(page, amount.toFixed(2), 416, y, font, "right");
    page.truth.push(`${item} ${amount.toFixed(2)}`);
    y += 28;
  }
  page.ctx.strokeStyle = "#333333";
  page.ctx.beginPath();
  page.ctx.moveTo(24, y + 4);
  page.ctx.lineTo(416, y + 4);
  page.ctx.stroke();
  label(page, "TOTAL", 24, y + 16, `bold 18px "${mono}"`);
  label(page, total.toFixed(2), 416, y + 16, `bold 18px "${mono}"`, "right");
  page.truth.push(`TOTAL ${total.toFixed(2)}`);
  const out = cropped(page, y + 60);
  if (n !== 1) return png(out);
  // One receipt photographed on the counter.
  const image = await photograph(out, random, { tilt: 3, noise: 8, blur: 0.5, jpegQuality: 60 });
  return { image, ext: "jpg", truth: out.truth };
}

function german(random: Random, n: number): Drawn {
  const page = blankPage(900, 700);
  const bottom = column(page, prose(random, "de", 2, 3), 40, 40, 820, FACES[n % 4] ?? "", 18);
  return png(cropped(page, bottom + 24));
}

const DRAW: Record<Kind, (random: Random, n: number) => Drawn | Promise<Drawn>> = {
  "small-print": smallPrint,
  photo,
  "low-contrast": lowContrast,
  "two-column": twoColumn,
  table,
  receipt,
  german,
};

/** Writes the set into `dir`, its pages drawn from seeds counted from `seed`. */
export async function generate(dir = CALIBRATION_DIR, seed = 0): Promise<CalibrationPage[]> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const manifest: CalibrationPage[] = [];
  for (const [k, kind] of KINDS.entries()) {
    for (let n = 0; n < PAGES_PER_KIND; n++) {
      const random = seeded(seed + 1000 * (k + 1) + n);
      const drawn = await DRAW[kind](random, n);
      const name = `${kind}-${n + 1}`;
      const file = `${name}.${drawn.ext}`;
      writeFileSync(path.join(dir, file), drawn.image);
      writeFileSync(path.join(dir, `${name}.txt`), `${drawn.truth.join("\n")}\n`);
      manifest.push({ file, kind, languageHints: kind === "german" ? ["de"] : ["en"] });
    }
  }
  // Short lists on one line, as Biome formats JSON.
  const json = JSON.stringify(manifest, null, 2).replace(/\[\n\s+("[^"]*")\n\s+\]/g, "[$1]");
  writeFileSync(path.join(dir, "manifest.json"), `${json}\n`);
  return manifest;
}

if (process.argv[1] === import.meta.filename) {
  const { values } = parseArgs({
    options: { seed: { type: "string", default: "0" }, out: { type: "string" } },
  });
  const dir = values.out ? path.resolve(values.out) : CALIBRATION_DIR;
  generate(dir, Number(values.seed)).then(
    (pages) => console.log(`${pages.length} pages written to ${dir}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
