// The invoice bench's sets and how an answer is scored against a truth
// (bench/invoices.ts). Every set is documents beside their truths, in the
// shape of fixtures/calibration/invoices/invoice-1.json:
//
//   - the canvas generator's invoices (fixtures/calibration/invoices/);
//   - real invoices, receipts and e-invoices (fixtures/real/, fetched by
//     scripts/real/fetch.ts; a set whose documents are not there is skipped);
//   - WildReceipt's receipts (fixtures/real/wildreceipt/, its own source and
//     column, run only when named: some four hundred photos);
//   - the HTML generator's invoices and receipts (fixtures/rendered/invoices/).
//
// A directory set splits by kind: text-layer PDFs, photos of invoices, and
// receipts (a truth with "document_type": "receipt").
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { root } from "./harness";

export type DocKind = "pdf" | "photo" | "xml";

export interface Truth {
  language_hints: string[];
  document_type?: "invoice" | "credit_note" | "receipt";
  fields: Record<string, string | number>;
  line_items: { description?: string; quantity?: number; unit_price?: number; amount?: number }[];
}

export interface BenchDoc {
  /** The file's name in its set. */
  name: string;
  file: string;
  kind: DocKind;
  mimeType: string;
  truth: Truth;
  /** Where it comes from: a repository, or a generator (first-sight scores are by source). */
  source: string;
  /** The truth's text was transcribed without spaces (WildReceipt): compared with none on either side. */
  spaceless?: boolean;
}

export interface BenchSet {
  /** Short name, for `--sets` and the table's columns. */
  id: string;
  title: string;
  docs: BenchDoc[];
  /** Why it has no documents, when it has none. */
  missing?: string;
  /** Run only when `--sets` names it. */
  optIn?: boolean;
}

const MIME: Record<string, string> = {
  ".pdf": "application/pdf",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".tif": "image/tiff",
  ".tiff": "image/tiff",
  ".xml": "application/xml",
};

const kindOf = (file: string): DocKind => {
  const ext = path.extname(file).toLowerCase();
  return ext === ".pdf" ? "pdf" : ext === ".xml" ? "xml" : "photo";
};

const readTruth = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Truth;

const byName = (a: BenchDoc, b: BenchDoc) => a.name.localeCompare(b.name, "en", { numeric: true });

/** Every document of a directory with a truth beside it (`name.json`). */
function directoryDocs(dir: string, source: string): BenchDoc[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => MIME[path.extname(name).toLowerCase()] !== undefined)
    .flatMap((name) => {
      const truth = path.join(dir, name.replace(/\.\w+$/, ".json"));
      if (!existsSync(truth)) return [];
      const file = path.join(dir, name);
      const mimeType = MIME[path.extname(name).toLowerCase()] ?? "application/octet-stream";
      return [{ name, file, kind: kindOf(name), mimeType, truth: readTruth(truth), source }];
    })
    .sort(byName);
}

/** The documents of a fixtures/real/ manifest that have been fetched. */
function manifestDocs(dir: string): BenchDoc[] {
  const manifest = path.join(dir, "manifest.json");
  if (!existsSync(manifest)) return [];
  const entries = JSON.parse(readFileSync(manifest, "utf8")) as {
    file: string;
    truth: string;
    source: { repo: string };
  }[];
  return entries
    .filter((e) => existsSync(path.join(dir, e.file)) && existsSync(path.join(dir, e.truth)))
    .map((e) => ({
      name: e.file,
      file: path.join(dir, e.file),
      kind: kindOf(e.file),
      mimeType: MIME[path.extname(e.file).toLowerCase()] ?? "application/octet-stream",
      truth: readTruth(path.join(dir, e.truth)),
      source: e.source.repo,
    }))
    .sort(byName);
}

const isReceipt = (d: BenchDoc) => d.truth.document_type === "receipt";

/** A generator's directory as three sets: text-layer PDFs, photos, receipts. */
function generated(dir: string, id: string, title: string, source: string): BenchSet[] {
  const docs = directoryDocs(dir, source).filter((d) => !d.name.startsWith("mismatch"));
  const missing = existsSync(dir) ? undefined : `${path.relative(root, dir)} does not exist`;
  return [
    {
      id: `${id}-pdf`,
      title: `${title} PDFs`,
      docs: docs.filter((d) => d.kind === "pdf" && !isReceipt(d)),
      missing,
    },
    {
      id: `${id}-photo`,
      title: `${title} photos`,
      docs: docs.filter((d) => d.kind === "photo" && !isReceipt(d)),
      missing,
    },
    { id: `${id}-receipt`, title: `${title} receipts`, docs: docs.filter(isReceipt), missing },
  ];
}

function real(
  set: string,
  id: string,
  title: string,
  options: { spaceless?: boolean; optIn?: boolean } = {},
): BenchSet {
  const dir = path.join(root, "fixtures/real", set);
  const docs = manifestDocs(dir).map((d) => (options.spaceless ? { ...d, spaceless: true } : d));
  const missing =
    docs.length > 0
      ? undefined
      : "not fetched (npx tsx scripts/real/fetch.ts; fixtures/real/SOURCES.md)";
  return { id, title, docs, missing, optIn: options.optIn };
}

/**
 * A fixed sample of a set: the `n` documents whose names have the smallest
 * sha256, so every run and every machine draws the same ones, in name order.
 */
export function sample(docs: readonly BenchDoc[], n: number): BenchDoc[] {
  const key = (d: BenchDoc) => createHash("sha256").update(d.name).digest("hex");
  return [...docs]
    .sort((a, b) => key(a).localeCompare(key(b)))
    .slice(0, n)
    .sort(byName);
}

/**
 * Every set, in the order of the table's columns. `renderedDir` is the HTML
 * generator's invoices (fixtures/rendered/invoices unless given).
 */
export function benchSets(renderedDir = path.join(root, "fixtures/rendered/invoices")): BenchSet[] {
  const calibration = generated(
    path.join(root, "fixtures/calibration/invoices"),
    "cal",
    "calib.",
    "canvas generator",
  );
  const rendered = generated(renderedDir, "rendered", "rendered", "HTML generator");
  return [
    // The canvas generator draws no receipts.
    ...calibration.filter((s) => s.id !== "cal-receipt"),
    real("invoices", "real-invoice", "real invoices"),
    real("receipts", "real-receipt", "real receipts"),
    real("einvoices", "real-einvoice", "real e-invoices"),
    ...rendered,
    real("wildreceipt", "real-wildreceipt", "WildReceipt receipts", {
      spaceless: true,
      optIn: true,
    }),
  ];
}

// ---- scoring ----

export interface Answer {
  fields: Record<string, { value: unknown }>;
  line_items: readonly { amount: number | null }[];
  document_kind?: string;
  source?: string;
}

export interface DocScore {
  /** Truth fields right, of `fieldCount`. */
  fields: number;
  fieldCount: number;
  wrong: string[];
  /**
   * Line-item amounts right in printed order (the longest common subsequence
   * of the two lists), of the larger of the two counts: a discount or
   * subtotal line taken for an item counts as wrong as an item missed.
   */
  amounts: number;
  amountCount: number;
  /** `document_kind` as the truth's document type says (a credit note is an invoice). */
  kindRight: boolean;
}

const cents = (n: number) => Math.round(n * 100);

/** Equal amounts to the cent; text equal once spaces are made single (or taken out, `spaceless`). */
export function sameValue(got: unknown, want: unknown, spaceless = false): boolean {
  if (typeof want === "number") return typeof got === "number" && cents(got) === cents(want);
  const text = (v: unknown) =>
    String(v ?? "")
      .replace(/\s+/g, spaceless ? "" : " ")
      .trim();
  return text(got) === text(want);
}

function commonInOrder(a: readonly number[], b: readonly (number | null)[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j] ?? 0;
      const y = b[j - 1];
      row[j] =
        y !== null && y !== undefined && cents(x) === cents(y)
          ? diagonal + 1
          : Math.max(up, row[j - 1] ?? 0);
      diagonal = up;
    }
  }
  return row[b.length] ?? 0;
}

export function scoreAnswer(answer: Answer, truth: Truth, spaceless = false): DocScore {
  const names = Object.keys(truth.fields);
  const wrong = names.filter(
    (n) => !sameValue(answer.fields[n]?.value, truth.fields[n], spaceless),
  );
  const want = truth.line_items.flatMap((i) => (i.amount === undefined ? [] : [i.amount]));
  const got = answer.line_items.map((i) => i.amount);
  const kind = truth.document_type === "receipt" ? "receipt" : "invoice";
  return {
    fields: names.length - wrong.length,
    fieldCount: names.length,
    wrong,
    amounts: want.length > 0 ? commonInOrder(want, got) : 0,
    amountCount: want.length > 0 ? Math.max(want.length, got.length) : 0,
    kindRight: answer.document_kind === kind,
  };
}

/** A receipt's three fields: the shop's name, the date and the total. */
export const RECEIPT_FIELDS = [
  ["shop", "supplier_name"],
  ["date", "invoice_date"],
  ["total", "total"],
] as const;
