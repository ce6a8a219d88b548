// What the real calibration set is made of (fixtures/real/catalogue.json):
// every document and every source truth file, pinned to a commit of a public
// repository and to its sha256. fetch.ts reads it through this module, which
// checks it; nothing in it is copied from those repositories but their paths.
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

export const CATALOGUE_FILE = path.resolve(
  import.meta.dirname,
  "../../fixtures/real/catalogue.json",
);

const Pinned = z
  .object({
    /** A key of the catalogue's `repos`. */
    repo: z.string().min(1),
    path: z.string().min(1),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    bytes: z.number().int().positive(),
  })
  .strict();
export type Pinned = z.infer<typeof Pinned>;

/** How a document's truth is made. */
const TruthRecipe = z.discriminatedUnion("kind", [
  /** Written by hand from reading the document (and the source's expected output, when `expected` is set); committed beside the manifest. */
  z.object({ kind: z.literal("authored"), expected: Pinned.optional() }).strict(),
  /** The source's ground-truth text file, as it is. */
  z.object({ kind: z.literal("text-file"), from: Pinned }).strict(),
  /** A string constant of the source's test file (`export const NAME = '...'`). */
  z.object({ kind: z.literal("js-constant"), from: Pinned, constant: z.string().min(1) }).strict(),
  /** The fields of the e-invoice XML that the document is. */
  z.object({ kind: z.literal("einvoice-xml") }).strict(),
  /** The fields of the e-invoice XML embedded in the PDF. */
  z.object({ kind: z.literal("einvoice-pdf") }).strict(),
  /** Tables of camelot's tests/data.py, by variable name. */
  z
    .object({
      kind: z.literal("camelot"),
      from: Pinned,
      tables: z.array(
        z.object({ page: z.number().int().positive(), variable: z.string().min(1) }).strict(),
      ),
    })
    .strict(),
  /** One table of tabula-java's expected CSV. */
  z
    .object({ kind: z.literal("tabula-csv"), from: Pinned, page: z.number().int().positive() })
    .strict(),
  /** Pages with no table at all (prose, a chart). */
  z.object({ kind: z.literal("no-table"), pages: z.array(z.number().int().positive()) }).strict(),
  /**
   * A WildReceipt receipt: its line of the dataset's annotation file (`from`,
   * one JSON a line, found by `fileName`), its labels named by `classes`.
   */
  z
    .object({
      kind: z.literal("wildreceipt"),
      from: Pinned,
      classes: Pinned,
      fileName: z.string().min(1),
    })
    .strict(),
]);
export type TruthRecipe = z.infer<typeof TruthRecipe>;

export const SET_NAMES = [
  "text",
  "invoices",
  "receipts",
  "einvoices",
  "tables",
  "wildreceipt",
] as const;
export const SetName = z.enum(SET_NAMES);
export type SetName = z.infer<typeof SetName>;

const CatalogueDocument = z
  .object({
    set: SetName,
    file: z.string().min(1),
    from: Pinned,
    truth: TruthRecipe,
    kind: z.string().min(1),
    languageHints: z.array(z.string().length(2)).optional(),
    note: z.string().optional(),
    /** A receipt's whole printed text, written by hand and committed as NAME.txt: the real receipts' column of bench/calibration.ts. */
    transcript: z.literal(true).optional(),
  })
  .strict();
export type CatalogueDocument = z.infer<typeof CatalogueDocument>;

const Repo = z
  .object({
    /** owner/name on GitHub. */
    repo: z.string().regex(/^[^/]+\/[^/]+$/),
    commit: z.string().regex(/^[0-9a-f]{40}$/),
    licence: z.string().min(1),
  })
  .strict();
export type Repo = z.infer<typeof Repo>;

const pinnedOf = (doc: CatalogueDocument): Pinned[] => {
  const truth = doc.truth;
  const more =
    "from" in truth ? [truth.from] : "expected" in truth && truth.expected ? [truth.expected] : [];
  const classes = truth.kind === "wildreceipt" ? [truth.classes] : [];
  return [doc.from, ...more, ...classes];
};

export const Catalogue = z
  .object({ repos: z.record(z.string(), Repo), documents: z.array(CatalogueDocument) })
  .strict()
  .superRefine((catalogue, ctx) => {
    const files = new Set<string>();
    catalogue.documents.forEach((doc, i) => {
      const name = `${doc.set}/${doc.file}`;
      if (files.has(name))
        ctx.addIssue({ code: "custom", path: ["documents", i], message: `${name} listed twice` });
      files.add(name);
      for (const pinned of pinnedOf(doc)) {
        if (!(pinned.repo in catalogue.repos))
          ctx.addIssue({
            code: "custom",
            path: ["documents", i],
            message: `${name}: no repo ${pinned.repo}`,
          });
      }
    });
  });
export type Catalogue = z.infer<typeof Catalogue>;

const CATALOGUE = Catalogue.parse(JSON.parse(readFileSync(CATALOGUE_FILE, "utf8")));

export const DOCUMENTS: readonly CatalogueDocument[] = CATALOGUE.documents;

/** The repository a pinned file comes from (the catalogue's parse has checked it is there). */
export const repoOf = (pinned: Pinned): Repo => {
  const repo = CATALOGUE.repos[pinned.repo];
  if (!repo) throw new Error(`no repo ${pinned.repo} in ${CATALOGUE_FILE}`);
  return repo;
};
