// What lib/routing gives its callers: the app's own shapes (lib/api), never
// the service's raw JSON, except the result `{data, meta}`, which is the
// contract's and is kept as the service gave it. Client components may
// `import type` from here.
import type { ResultKind } from "@/lib/api/documents";
import type { ProcessRequest, ProcessResult } from "@/lib/kernel/contract";

export type { Availability, CategoryList, CategoryView } from "@/lib/api/categories";
export type { Grant, ProcessBody } from "@/lib/api/documents";

/**
 * A process call as the service takes it, built once from the app's ProcessBody
 * (processCall): sent by processDocument, kept by the run ledger, and sent
 * again as it is when a run is resumed.
 */
export interface ProcessCall {
  headers: { "Idempotency-Key"?: string };
  /** The app names the document by its s3 URI (and, once the grant is found, its object key as input_ref). */
  body: ProcessRequest & { input: { document: string } };
}

/** `{data, meta}` as the service answered, parsed with the contract schema. */
export interface ProcessOutcome extends ProcessResult {
  /** What the data holds, decided here, once, for every view (lib/routing/result-kind.ts). */
  kind: ResultKind;
  /** True when the service replayed an earlier answer for the same Idempotency-Key. */
  replayed: boolean;
}

/** What the service says about reading an upload back (requestDocumentLink). */
export type DocumentLink =
  | { state: "ready"; url: string; expiresIn: number; contentType: string | undefined }
  /** Its retention ended: the document is deleted. */
  | { state: "gone" }
  /** The service has no such upload for our key, or does not give documents back at all. */
  | { state: "unavailable" };
