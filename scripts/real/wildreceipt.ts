// Writes the WildReceipt set's entries of fixtures/real/catalogue.json from a
// local git snapshot of the repository that carries the dataset's test split:
// one entry per receipt of `wildreceipt/test.txt`, its image pinned by sha256,
// its truth made at fetch time from its line of test.txt (see
// wildreceipt-truth.ts). The receipts listed in
// fixtures/real/wildreceipt-kept-aside.txt are kept aside to judge the work:
// they get no entry, and their images are never read.
//
//   npx tsx scripts/real/wildreceipt.ts --git-dir DIR [--commit SHA]
//
// Then `npx tsx scripts/real/fetch.ts --git-root ... --only wildreceipt`.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { CATALOGUE_FILE, Catalogue, type CatalogueDocument } from "./catalogue";
import { json } from "./json";
import { REAL_DIR } from "./manifest";
import { readAnnotations, readClasses, wildreceiptTruth } from "./wildreceipt-truth";

const REPO_KEY = "wildreceipt";
const REPO = "jenashauryasikt/SD_internship";
const ROOT = "wildreceipt";
const ANNOTATIONS = `${ROOT}/test.txt`;
const CLASSES = `${ROOT}/class_list.txt`;
const LICENCE =
  "MIT (the repository's LICENSE); the WildReceipt data itself: none stated (MMOCR's dataset_zoo/wildreceipt/metafile.yml: N/A)";
const KEPT_ASIDE = path.join(REAL_DIR, "wildreceipt-kept-aside.txt");

const { values } = parseArgs({
  options: { "git-dir": { type: "string" }, commit: { type: "string" } },
});
const gitDir = values["git-dir"];
if (!gitDir) throw new Error(`--git-dir DIR: a local git directory of ${REPO}`);
const git = (...args: string[]) =>
  execFileSync("git", ["--git-dir", gitDir, ...args], { maxBuffer: 64 * 1024 * 1024 });
const commit = values.commit ?? git("rev-parse", "HEAD").toString("utf8").trim();

const pinned = (file: string, bytes: Buffer) => ({
  repo: REPO_KEY,
  path: file,
  sha256: createHash("sha256").update(bytes).digest("hex"),
  bytes: bytes.length,
});

const annotationBytes = git("show", `${commit}:${ANNOTATIONS}`);
const classBytes = git("show", `${commit}:${CLASSES}`);
const classes = readClasses(classBytes.toString("utf8"));
const keptAside = new Set(
  readFileSync(KEPT_ASIDE, "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== ""),
);
const inTree = new Set(
  git("ls-tree", "-r", "--name-only", commit, `${ROOT}/`).toString("utf8").split("\n"),
);

const documents: CatalogueDocument[] = [];
const skipped: string[] = [];
let aside = 0;
for (const [fileName, receipt] of readAnnotations(annotationBytes.toString("utf8"))) {
  const source = `${ROOT}/${fileName}`;
  if (keptAside.has(source)) {
    aside++;
    continue;
  }
  if (!inTree.has(source)) {
    skipped.push(`${fileName}: no such file in the repository`);
    continue;
  }
  const { truth, leftOut } = wildreceiptTruth(receipt, classes);
  if (Object.keys(truth.fields).length === 0) {
    skipped.push(`${fileName}: no shop, date or total (${leftOut.join("; ")})`);
    continue;
  }
  documents.push({
    set: "wildreceipt",
    file: path.posix.basename(fileName),
    from: pinned(source, git("cat-file", "blob", `${commit}:${source}`)),
    truth: {
      kind: "wildreceipt",
      from: pinned(ANNOTATIONS, annotationBytes),
      classes: pinned(CLASSES, classBytes),
      fileName,
    },
    kind: "photo",
    languageHints: ["en"],
    note: leftOut.length > 0 ? `Left out: ${leftOut.join("; ")}.` : undefined,
  });
}

const catalogue = Catalogue.parse(JSON.parse(readFileSync(CATALOGUE_FILE, "utf8")));
const next = Catalogue.parse({
  repos: { ...catalogue.repos, [REPO_KEY]: { repo: REPO, commit, licence: LICENCE } },
  documents: [...catalogue.documents.filter((d) => d.set !== "wildreceipt"), ...documents],
});
writeFileSync(CATALOGUE_FILE, json(next));
console.log(
  `${documents.length} receipts catalogued, ${aside} kept aside, ${skipped.length} skipped`,
);
for (const line of skipped) console.log(`  skipped ${line}`);
