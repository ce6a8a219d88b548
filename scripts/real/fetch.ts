// Builds fixtures/real/: the real documents of the calibration (scans and
// photos with their text, invoices, receipts, e-invoices, PDF tables) from
// the public repositories they come from, each file pinned to a commit and
// checked against its sha256, and the truths that follow from the sources'
// own ground truth (text files, expected cells, the e-invoices' XML).
//
// The documents themselves are not kept in this repository (see
// fixtures/real/SOURCES.md); truths written by hand are, beside the manifests.
//
//   npx tsx scripts/real/fetch.ts                       # downloads from GitHub
//   npx tsx scripts/real/fetch.ts --git-root DIR        # from local clones
//   npx tsx scripts/real/fetch.ts --manifests-only      # rewrites the manifests
//
// `--git-root DIR` reads the pinned commits from local git directories named
// `DIR/<owner>+<name>` or `DIR/<owner>+<name>/repo` (bare or not) instead of
// downloading: for a machine with no way out.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type CatalogueDocument, DOCUMENTS, type Pinned, repoOf } from "./catalogue";
import { einvoiceTruth } from "./einvoice-truth";
import { json } from "./json";
import { CATALOGUE_SETS, manifestEntry, REAL_DIR, truthFileOf, wordsFileOf } from "./manifest";
import { asRows, csvRows, pythonListLiteral, type Rows } from "./table-truth";
import {
  type AnnotatedReceipt,
  readAnnotations,
  readClasses,
  wildreceiptTruth,
  wildreceiptWords,
} from "./wildreceipt-truth";

interface Options {
  gitRoot?: string;
  manifestsOnly: boolean;
  only?: string;
}

const parseArgs = (argv: string[]): Options => {
  const options: Options = { manifestsOnly: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--git-root") options.gitRoot = argv[++i];
    else if (arg === "--manifests-only") options.manifestsOnly = true;
    else if (arg === "--only") options.only = argv[++i];
    else throw new Error(`unknown argument ${arg}`);
  }
  return options;
};

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const localGitDir = (gitRoot: string, repo: string) => {
  const base = path.join(gitRoot, repo.replace("/", "+"));
  return [path.join(base, "repo"), base].find((dir) => existsSync(dir));
};

/** The bytes of a pinned file, from a local clone or from GitHub; never unverified. */
const fetchPinned = async (pinned: Pinned, options: Options): Promise<Buffer> => {
  const { repo, commit } = repoOf(pinned);
  let bytes: Buffer;
  const gitDir = options.gitRoot ? localGitDir(options.gitRoot, repo) : undefined;
  if (gitDir) {
    bytes = execFileSync("git", ["--git-dir", gitDir, "show", `${commit}:${pinned.path}`], {
      maxBuffer: 64 * 1024 * 1024,
    });
  } else {
    const url = `https://raw.githubusercontent.com/${repo}/${commit}/${pinned.path
      .split("/")
      .map(encodeURIComponent)
      .join("/")}`;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    bytes = Buffer.from(await response.arrayBuffer());
  }
  const actual = sha256(bytes);
  if (actual !== pinned.sha256) {
    throw new Error(`${repo}:${pinned.path}: sha256 ${actual}, expected ${pinned.sha256}`);
  }
  return bytes;
};

/** A source file that many documents' truths read (WildReceipt's annotations), read once. */
const sources = new Map<string, Promise<Buffer>>();
const fetchShared = (pinned: Pinned, options: Options) => {
  const key = `${pinned.repo}:${pinned.path}:${pinned.sha256}`;
  let bytes = sources.get(key);
  if (!bytes) {
    bytes = fetchPinned(pinned, options);
    sources.set(key, bytes);
  }
  return bytes;
};

const wildreceiptOf = async (
  recipe: Extract<CatalogueDocument["truth"], { kind: "wildreceipt" }>,
  options: Options,
): Promise<{ receipt: AnnotatedReceipt; classes: string[] }> => {
  const annotations = readAnnotations((await fetchShared(recipe.from, options)).toString("utf8"));
  const receipt = annotations.get(recipe.fileName);
  if (!receipt) throw new Error(`${recipe.from.path} has no ${recipe.fileName}`);
  const classes = readClasses((await fetchShared(recipe.classes, options)).toString("utf8"));
  return { receipt, classes };
};

/** `export const NAME = '...';` in a JS module, its single-quoted string read as JS does. */
const jsConstant = (source: string, name: string) => {
  const match = new RegExp(`export const ${name} = '((?:[^'\\\\]|\\\\.)*)';`).exec(source);
  if (!match?.[1]) throw new Error(`no string constant ${name}`);
  return match[1].replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c === "t" ? "\t" : c));
};

const EINVOICE_ATTACHMENT = /^(factur-x|zugferd-invoice|xrechnung)\.xml$/i;

/** The e-invoice XML embedded in a PDF (Factur-X, ZUGFeRD 1 and 2, XRechnung). */
const embeddedInvoiceXml = async (pdf: Buffer) => {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(pdf),
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  }).promise;
  try {
    const attachments: Record<string, { filename: string; content: Uint8Array }> | null =
      await doc.getAttachments();
    const found = Object.values(attachments ?? {}).filter((a) =>
      EINVOICE_ATTACHMENT.test(a.filename),
    );
    const [only] = found;
    if (!only || found.length > 1) {
      throw new Error(`expected one e-invoice attachment, found ${found.length}`);
    }
    return Buffer.from(only.content).toString("utf8");
  } finally {
    await doc.destroy();
  }
};

const tablesTruth = (tables: { page: number; rows: Rows }[]) => {
  const [single] = tables;
  return tables.length === 1 && single ? { rows: single.rows } : { tables };
};

/** The text a truth file holds: line ends as on Unix, one newline at the end. */
const textTruth = (text: string) => `${text.replace(/\r\n?/g, "\n").trimEnd()}\n`;

const deriveTruth = async (
  doc: CatalogueDocument,
  bytes: Buffer,
  options: Options,
): Promise<string | undefined> => {
  const recipe = doc.truth;
  switch (recipe.kind) {
    case "authored":
      return undefined;
    case "text-file":
      return textTruth((await fetchPinned(recipe.from, options)).toString("utf8"));
    case "js-constant":
      return textTruth(
        jsConstant((await fetchPinned(recipe.from, options)).toString("utf8"), recipe.constant),
      );
    case "einvoice-xml":
      return json(einvoiceTruth(bytes.toString("utf8")));
    case "einvoice-pdf":
      return json(einvoiceTruth(await embeddedInvoiceXml(bytes)));
    case "camelot": {
      const source = (await fetchPinned(recipe.from, options)).toString("utf8");
      return json(
        tablesTruth(
          recipe.tables.map((t) => ({
            page: t.page,
            // flag_size's markup of a superscript ("24.91<s>2</s>") is no text on the page.
            rows: asRows(pythonListLiteral(source, t.variable), t.variable).map((row) =>
              row.map((cell) => cell.replace(/<\/?s>/g, "")),
            ),
          })),
        ),
      );
    }
    case "tabula-csv": {
      const rows = csvRows((await fetchPinned(recipe.from, options)).toString("utf8"));
      return json({ rows: rows.map((row) => row.map((cell) => cell.replace(/\r\n?/g, "\n"))) });
    }
    case "no-table":
      return json({ tables: [], pages: recipe.pages });
    case "wildreceipt": {
      const { receipt, classes } = await wildreceiptOf(recipe, options);
      return json(wildreceiptTruth(receipt, classes).truth);
    }
  }
};

/** Truth files beside the main one: a WildReceipt receipt's annotated words. */
const sidecars = async (doc: CatalogueDocument, options: Options): Promise<[string, string][]> => {
  if (doc.truth.kind !== "wildreceipt") return [];
  const { receipt, classes } = await wildreceiptOf(doc.truth, options);
  return [[wordsFileOf(doc), json(wildreceiptWords(receipt, classes))]];
};

const writeManifests = () => {
  for (const set of CATALOGUE_SETS) {
    const entries = DOCUMENTS.filter((d) => d.set === set).map(manifestEntry);
    mkdirSync(path.join(REAL_DIR, set), { recursive: true });
    writeFileSync(path.join(REAL_DIR, set, "manifest.json"), json(entries));
  }
};

const main = async () => {
  const options = parseArgs(process.argv.slice(2));
  writeManifests();
  if (options.manifestsOnly) return;
  let failures = 0;
  for (const doc of DOCUMENTS) {
    if (options.only && doc.set !== options.only) continue;
    const dir = path.join(REAL_DIR, doc.set);
    try {
      const bytes = await fetchPinned(doc.from, options);
      writeFileSync(path.join(dir, doc.file), bytes);
      const truth = await deriveTruth(doc, bytes, options);
      const truthPath = path.join(dir, truthFileOf(doc));
      if (truth !== undefined) writeFileSync(truthPath, truth);
      else if (!existsSync(truthPath))
        throw new Error(`the hand-written truth ${truthPath} is missing`);
      for (const [file, text] of await sidecars(doc, options))
        writeFileSync(path.join(dir, file), text);
    } catch (error) {
      failures++;
      console.error(`${doc.set}/${doc.file}: ${(error as Error).message}`);
    }
  }
  const done = DOCUMENTS.filter((d) => !options.only || d.set === options.only).length - failures;
  console.log(`${done} documents fetched, ${failures} failed`);
  if (failures > 0) process.exitCode = 1;
};

await main();
