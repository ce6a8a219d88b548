// The app's own view of the Routing Service's resources. Callers get these,
// never raw upstream JSON. Client components may `import type` from here.
import type { ProcessResult, UploadGrant } from "@/lib/contract";
import type { Availability } from "./status";

export type { Availability } from "./status";

export interface CategoryView {
  id: string;
  name: string;
  slug: string;
  description: string;
  /** The service's own literal, kept for support and debugging. */
  status: string;
  availability: Availability;
  /** "Active", "Coming soon", or the service's own words, prettified. */
  statusLabel: string;
  /**
   * Media types the category takes and its size limit, when the service says
   * (extra fields `accepts` and `max_bytes`; the seed does not have them).
   */
  accepts?: string[];
  maxBytes?: number;
  /** Languages the category reads (extra field `languages`, ISO 639-1): the only hints offered. */
  languages?: string[];
}

export interface CategoryList {
  items: CategoryView[];
  page: number;
  pages: number;
  size: number;
  total: number;
}

/** A grant to PUT one document straight to storage (contract shape). */
export type UploadGrantView = UploadGrant;

/** The `input` of a text-recognition process call, as the app collects it. */
export interface ProcessInput {
  /** The grant's s3_uri. */
  document: string;
  mimeType: string;
  languageHints?: string[];
  /** The grant's object_key, sent as the seed's top-level input_ref. */
  objectKey?: string;
}

/** `{data, meta}` as the service answered, parsed with the contract schema. */
export interface ProcessOutcome extends ProcessResult {
  /** True when the service replayed an earlier answer for the same Idempotency-Key. */
  replayed: boolean;
}
