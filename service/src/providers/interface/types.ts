// The one small interface every provider implements. The router only sees this.
import type { InvoiceData, OcrData, TableData } from "@/lib/kernel/contract";
import type { PageRasters } from "./rasters";

export interface ProviderInput {
  /** The whole document; providers never fetch it themselves. */
  bytes: Buffer;
  /** Real media type of the bytes (checked by magic bytes before routing). */
  mimeType: string;
  /** Tesseract-style or ISO 639 language codes from input.language_hints; may be empty. */
  languageHints: readonly string[];
  /** The rest of `input`, passed through unchanged (INTERFACE.md, "Process input"). */
  passthrough: Readonly<Record<string, unknown>>;
  /** Aborted when the attempt times out or the request deadline passes. */
  signal: AbortSignal;
  traceId: string;
  /** PDF pages already drawn for this request by an earlier attempt (pages/pdf.ts). */
  rasters?: PageRasters;
  /**
   * Only these pages of a PDF, numbered as in the document: a job reads one page at a
   * time (service/src/jobs). Absent: every page. Only providers that say
   * `selectsPages` are given it (the router passes over the others).
   */
  pages?: readonly number[];
  /** Told the number of each page once it is read, so a job's progress advances page by page. */
  onPage?: (number: number) => void;
}

/** What a category returns in `data` (INTERFACE.md): text, tables or invoice fields. */
export type ProviderData = OcrData | TableData | InvoiceData;

export interface ProviderOutput<D extends ProviderData = ProviderData> {
  data: D;
  /** Pages billed: price per page × pages = estimated_cost. */
  pages: number;
  /** The answer's own checks; absent means the provider makes no claim (counted as sure). */
  check?: AnswerCheck;
}

/**
 * How sure a provider is of its own answer (INTERFACE.md, "Quality failover").
 * An unsure answer counts as a failed attempt with outcome "low_quality": the
 * router tries the next provider and returns the best answer it got.
 */
export interface AnswerCheck {
  /** False when the answer failed its checks (too low confidence, totals that do not add up…). */
  confident: boolean;
  /** 0–1; among unsure answers the highest is returned. */
  score: number;
  /** Why it is unsure, for attempts[].reason: "low confidence 0.41". */
  reason?: string;
}

export interface Provider<D extends ProviderData = ProviderData> {
  readonly name: string;
  /** Whether the provider can run on this machine (e.g. the tesseract CLI exists). */
  available(): Promise<boolean>;
  /** What installs what it needs, said at start when it is not available. */
  readonly requires?: string;
  /**
   * Whether it reads every language hinted at (input.language_hints); the router
   * passes over a provider that does not. Absent: it takes any hint.
   */
  reads?(languageHints: readonly string[]): Promise<boolean>;
  run(input: ProviderInput): Promise<ProviderOutput<D>>;
  close?(): Promise<void>;
  /** Categories this provider joins beyond the catalog's slots (see ProviderOffer). */
  readonly offers?: readonly ProviderOffer[];
  /** Reads only the pages ProviderInput.pages names, and answers for those alone. */
  readonly selectsPages?: boolean;
  /**
   * The engine that does the reading, shared by providers that are one engine
   * with other models or settings ("tesseract"); the provider's own when absent.
   * After an unsure answer the router tries another engine first.
   */
  readonly engine?: string;
}

/**
 * The document itself cannot be read (not an image or PDF, damaged, password
 * protected). The message is safe to show. The router still tries the next
 * provider but does not count this against the provider's health.
 */
export class UnreadableDocumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnreadableDocumentError";
  }
}

/**
 * A category a provider adds itself to beyond the catalog's slots: how an
 * operator's provider (e.g. the HTTP one) joins the routing by configuration.
 */
export interface ProviderOffer {
  /** Category slug, e.g. "text-recognition". */
  category: string;
  /** USD per page. */
  pricePerPage: number;
  /** 0–1. */
  quality: number;
}
