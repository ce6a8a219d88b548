// The categories this service offers. Ids are fixed UUIDs so clients, links
// and ledgers stay valid across restarts and machines.
import { CATEGORY_STATUS } from "@/lib/kernel/contract";
import measuredQuality from "./catalog-quality.json" with { type: "json" };
import { E_INVOICE_MAX_BYTES, XML_MEDIA_TYPES } from "./e-invoice-xml/limits";
import { OCR_LANGUAGES } from "./engines/language";

export type CategoryStatus = (typeof CATEGORY_STATUS)[keyof typeof CATEGORY_STATUS];

/** How a category's providers are ranked (INTERFACE.md, "Routing"). Sums need not be 1. */
export interface RoutingWeights {
  quality: number;
  price: number;
  latency: number;
  success: number;
}

export interface ProviderSlot {
  /** Name of a provider in the registry (service/src/registry.ts). */
  provider: string;
  /** USD per page. */
  pricePerPage: number;
  /** 0–1, the operator's figure for how good this provider's output is. */
  quality: number;
}

export interface CatalogEntry {
  id: string;
  name: string;
  slug: string;
  description: string;
  status: CategoryStatus;
  /** Lower-case media types the category takes; empty when coming soon. */
  accepts: readonly string[];
  maxBytes: number;
  /** A lower limit for some of the types it takes (an e-invoice XML file); `maxBytes` for the rest. */
  maxBytesByType?: Readonly<Record<string, number>>;
  /**
   * Languages it reads (ISO 639-1), installed for every engine that claims them;
   * a hint outside them is refused (INTERFACE.md, "Languages"). Absent: no hints checked.
   */
  languages?: readonly string[];
  providers: readonly ProviderSlot[];
  weights: RoutingWeights;
}

const MiB = 1024 * 1024;
const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/tiff", "image/bmp"] as const;
const DEFAULT_WEIGHTS: RoutingWeights = { quality: 0.4, price: 0.2, latency: 0.2, success: 0.2 };

/**
 * Text recognition's quality figures, as the calibration bench measured them
 * (1 − the provider's CER averaged over the kinds of page; docs/quality.md).
 * `npx tsx bench/calibration.ts --write` rewrites catalog-quality.json. A
 * provider it has not measured keeps the operator's figure.
 */
const measured = (provider: string, fallback: number): number =>
  (measuredQuality as Readonly<Record<string, number>>)[provider] ?? fallback;

const comingSoon = (id: string, slug: string, name: string, description: string): CatalogEntry => ({
  id,
  slug,
  name,
  description,
  status: CATEGORY_STATUS.comingSoon,
  accepts: [],
  maxBytes: 25 * MiB,
  providers: [],
  weights: DEFAULT_WEIGHTS,
});

export const CATALOG: readonly CatalogEntry[] = [
  {
    id: "5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d",
    slug: "text-recognition",
    name: "Text recognition",
    description:
      "Reads the printed text in photos, scans and PDF files and returns it page by page, with the position and confidence of every word.",
    status: CATEGORY_STATUS.active,
    accepts: [...IMAGE_TYPES, "application/pdf"],
    maxBytes: 25 * MiB,
    languages: OCR_LANGUAGES,
    providers: [
      {
        provider: "tesseract-native",
        pricePerPage: 0.0015,
        quality: measured("tesseract-native", 0.92),
      },
      {
        provider: "tesseractjs-best",
        pricePerPage: 0.001,
        quality: measured("tesseractjs-best", 0.9),
      },
      {
        provider: "tesseractjs-fast",
        pricePerPage: 0.0005,
        quality: measured("tesseractjs-fast", 0.8),
      },
      // A second engine that fails differently (a neural line detector and reader).
      // Dearer: a letter page costs it several times the CPU of native Tesseract.
      // Its quality is measured like the others' (two-column pages cost it most).
      { provider: "paddleocr", pricePerPage: 0.002, quality: measured("paddleocr", 0.89) },
    ],
    weights: DEFAULT_WEIGHTS,
  },
  {
    id: "8e2d4f60-7a1b-4c3d-8e9f-0a1b2c3d4e5f",
    slug: "pdf-text-extraction",
    name: "PDF text extraction",
    description:
      "Takes the text out of PDF files exactly as written. Pages that are only a scanned picture are read with text recognition.",
    status: CATEGORY_STATUS.active,
    accepts: ["application/pdf"],
    maxBytes: 25 * MiB,
    // Text layers are taken as written; scanned pages are read in these.
    languages: OCR_LANGUAGES,
    providers: [
      { provider: "pdf-text", pricePerPage: 0.0002, quality: 0.98 },
      { provider: "tesseract-native", pricePerPage: 0.0015, quality: 0.9 },
      { provider: "tesseractjs-fast", pricePerPage: 0.0005, quality: 0.8 },
    ],
    weights: { quality: 0.5, price: 0.2, latency: 0.15, success: 0.15 },
  },
  {
    id: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
    slug: "invoice-data",
    name: "Invoice data extraction",
    description:
      "Finds the supplier, dates, line items and totals on an invoice and returns them as fields.",
    status: CATEGORY_STATUS.active,
    // An e-invoice's XML (CII or UBL) is read as it is (docs/invoices-e-invoices.md).
    accepts: [...IMAGE_TYPES, "application/pdf", ...XML_MEDIA_TYPES],
    maxBytes: 25 * MiB,
    maxBytesByType: Object.fromEntries(XML_MEDIA_TYPES.map((t) => [t, E_INVOICE_MAX_BYTES])),
    languages: OCR_LANGUAGES,
    // Quality: share of fields right on the calibration invoices, PDFs and
    // photos together (bench/invoices.ts; docs/invoices.md).
    providers: [
      { provider: "invoices-layout", pricePerPage: 0.004, quality: 0.99 },
      { provider: "invoices-patterns", pricePerPage: 0.005, quality: 0.89 },
    ],
    weights: { quality: 0.5, price: 0.2, latency: 0.15, success: 0.15 },
  },
  {
    id: "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
    slug: "table-extraction",
    name: "Table extraction",
    description:
      "Turns the tables in a document into rows and columns you can open in a spreadsheet.",
    status: CATEGORY_STATUS.active,
    accepts: [...IMAGE_TYPES, "application/pdf"],
    maxBytes: 25 * MiB,
    languages: OCR_LANGUAGES,
    // Ruled tables by their rules first (every cell right on the ruled
    // calibration tables, photos included); without rules, by white space.
    // Text layers are read as written by all; photos and scans by each one's OCR engine.
    providers: [
      { provider: "tables-lattice", pricePerPage: 0.002, quality: 0.97 },
      { provider: "tables-stream-tesseract", pricePerPage: 0.002, quality: 0.9 },
      { provider: "tables-stream-paddle", pricePerPage: 0.003, quality: 0.85 },
    ],
    weights: { quality: 0.5, price: 0.2, latency: 0.15, success: 0.15 },
  },
  comingSoon(
    "3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f",
    "handwriting-recognition",
    "Handwriting recognition",
    "Reads handwritten notes and forms.",
  ),
  comingSoon(
    "4d5e6f7a-8b9c-4d0e-9f2a-3b4c5d6e7f8a",
    "document-translation",
    "Document translation",
    "Translates the text of a document into another language and keeps its layout.",
  ),
];

/** Order of INTERFACE.md: active first, then coming soon; by name inside a group. */
export const ORDERED_CATALOG: readonly CatalogEntry[] = [...CATALOG].sort(
  (a, b) =>
    Number(a.status !== CATEGORY_STATUS.active) - Number(b.status !== CATEGORY_STATUS.active) ||
    a.name.localeCompare(b.name, "en"),
);

/** The most bytes a category takes of one (normalised) media type. */
export function maxBytesFor(category: CatalogEntry, contentType: string): number {
  const byType = category.maxBytesByType;
  return byType && Object.hasOwn(byType, contentType)
    ? (byType[contentType] ?? category.maxBytes)
    : category.maxBytes;
}

export function findCategory(id: string): CatalogEntry | undefined {
  const lower = id.toLowerCase();
  return CATALOG.find((c) => c.id === lower);
}
