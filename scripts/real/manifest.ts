// The manifests of fixtures/real/ and the shapes of their truths, one zod
// schema each: fetch.ts writes the manifests from the catalogue, check.ts
// reads them back through the same schemas.
import path from "node:path";
import { z } from "zod";
import { type CatalogueDocument, repoOf, SET_NAMES, type SetName } from "./catalogue";

export const REAL_DIR = path.resolve(import.meta.dirname, "../../fixtures/real");

export const CATALOGUE_SETS: readonly SetName[] = SET_NAMES;

/** `scan.png` → `scan.txt` for the text set, `invoice.pdf` → `invoice.json` elsewhere. */
export const truthFileOf = (doc: { set: SetName; file: string }) =>
  `${doc.file.replace(/\.[^.]+$/, "")}${doc.set === "text" ? ".txt" : ".json"}`;

/** A WildReceipt receipt's annotated words, beside its truth: `receipt.jpeg` → `receipt.words.json`. */
export const wordsFileOf = (doc: { file: string }) =>
  `${doc.file.replace(/\.[^.]+$/, "")}.words.json`;

const TRUTH_FROM: Record<CatalogueDocument["truth"]["kind"], string> = {
  authored: "written by hand from reading the document",
  "text-file": "the source's ground-truth text file",
  "js-constant": "the expected text of the source's own test",
  "einvoice-xml": "the fields of the XML itself",
  "einvoice-pdf": "the fields of the XML embedded in the PDF",
  camelot: "camelot's expected cells (tests/data.py)",
  "tabula-csv": "tabula-java's expected CSV",
  "no-table": "no table on the page(s), by reading",
  wildreceipt:
    "the dataset's annotations: Store_name_value, Date_value and Total_value words (scripts/real/wildreceipt-truth.ts)",
};

export const ManifestEntry = z.object({
  file: z.string().min(1),
  truth: z.string().min(1),
  kind: z.string().min(1),
  languageHints: z.array(z.string().length(2)).optional(),
  source: z.object({
    repo: z.string().regex(/^[^/]+\/[^/]+$/),
    commit: z.string().regex(/^[0-9a-f]{40}$/),
    path: z.string().min(1),
    licence: z.string().min(1),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  truthFrom: z.string().min(1),
  truthSource: z.string().optional(),
  note: z.string().optional(),
  /** The document's whole printed text, written by hand (receipts, whose truth is their fields). */
  transcript: z.string().optional(),
  /** Every annotated word of the document (box, text, label), where the source annotates them. */
  words: z.string().optional(),
});
export type ManifestEntry = z.infer<typeof ManifestEntry>;
export const Manifest = z.array(ManifestEntry);

export const manifestEntry = (doc: CatalogueDocument): ManifestEntry => {
  const repo = repoOf(doc.from);
  const recipe = doc.truth;
  const truthSource =
    "from" in recipe
      ? recipe.from.path
      : recipe.kind === "authored" && recipe.expected
        ? `${recipe.expected.path} (checked against the document)`
        : undefined;
  return ManifestEntry.parse({
    file: doc.file,
    truth: truthFileOf(doc),
    kind: doc.kind,
    languageHints: doc.languageHints,
    source: {
      repo: repo.repo,
      commit: repo.commit,
      path: doc.from.path,
      licence: repo.licence,
      sha256: doc.from.sha256,
    },
    truthFrom: TRUTH_FROM[recipe.kind],
    truthSource,
    note: doc.note,
    transcript: doc.transcript ? truthFileOf({ set: "text", file: doc.file }) : undefined,
    words: recipe.kind === "wildreceipt" ? wordsFileOf(doc) : undefined,
  });
};

const money = z.number().finite();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The shape of fixtures/calibration/invoices/*.json; every field optional: unknown is left out. */
export const InvoiceTruth = z
  .object({
    language_hints: z.array(z.string().length(2)).min(1),
    document_type: z.enum(["invoice", "credit_note", "receipt"]).optional(),
    fields: z
      .object({
        supplier_name: z.string().min(1),
        supplier_address: z.string().min(1),
        customer_name: z.string().min(1),
        customer_address: z.string().min(1),
        invoice_number: z.string().min(1),
        invoice_date: isoDate,
        due_date: isoDate,
        currency: z.string().regex(/^[A-Z]{3}$/),
        subtotal: money,
        tax_amount: money,
        total: money,
      })
      .partial()
      .strict(),
    line_items: z.array(
      z
        .object({
          description: z.string().min(1),
          quantity: money,
          unit_price: money,
          amount: money,
        })
        .partial()
        .strict(),
    ),
    einvoice: z
      .object({ syntax: z.enum(["CII", "ZUGFeRD1", "UBL"]), guideline: z.string().optional() })
      .optional(),
  })
  .strict();

export const ReceiptTruth = InvoiceTruth.refine((t) => t.document_type === "receipt", {
  message: 'a receipt says "document_type": "receipt"',
});

const Rows = z.array(z.array(z.string()));
export const TableTruth = z.union([
  z.object({ rows: Rows.min(1) }).strict(),
  z
    .object({
      tables: z.array(z.object({ page: z.number().int().positive(), rows: Rows.min(1) }).strict()),
      pages: z.array(z.number().int().positive()).optional(),
    })
    .strict(),
]);

export const TextTruth = z.string().refine((t) => t.trim().length > 0, "empty transcription");
