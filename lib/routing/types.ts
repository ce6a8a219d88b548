// What lib/routing gives its callers: the app's own shapes (lib/api), never
// the service's raw JSON, except the result `{data, meta}`, which is the
// contract's and is kept as the service gave it. Client components may
// `import type` from here.
import type { ResultKind } from "@/lib/api/documents";
import type { AppError } from "@/lib/errors";
import type { JobStatus, ProcessRequest, ProcessResult } from "@/lib/kernel/contract";

export type { Availability, CategoryList, CategoryView } from "@/lib/api/categories";
export type { Grant, ProcessBody } from "@/lib/api/documents";

/** What the app knows of an upload granted to the buyer, from its grant's run in the ledger. */
export interface GrantedUpload {
  /** The service's object key, sent as input_ref. */
  objectKey: string | null;
  /** The size the browser gave with its grant request: a long document goes as a job. */
  fileSize: number | null;
}

/**
 * A process call as the service takes it, built once from the app's ProcessBody
 * (processCall): sent by processDocument, kept by the run ledger, and sent
 * again as it is when a run is resumed.
 */
export interface ProcessCall {
  /**
   * The browser's own Idempotency-Key (processDocument sends it made private to
   * the buyer). Prefer: respond-async asks for a job (a long document); a
   * service without jobs ignores it.
   */
  headers: { "Idempotency-Key"?: string; Prefer?: "respond-async" };
  /** The app names the document by its s3 URI (and, once the grant is found, its object key as input_ref). */
  body: ProcessRequest & { input: { document: string } };
}

/** `{data, meta}` as the service answered, parsed with the contract schema. */
export interface ProcessOutcome extends ProcessResult {
  /** What the data holds, decided here, once, for every view (lib/routing/result-kind.ts). */
  kind: ResultKind;
  /** True when the service replayed an earlier answer for the same Idempotency-Key. */
  replayed: boolean;
  /** Never set: tells an answer from a job (ProcessReply). */
  job?: undefined;
}

/** What the service says about reading an upload back (requestDocumentLink). */
export type DocumentLink =
  | { state: "ready"; url: string; expiresIn: number; contentType: string | undefined }
  /** Its retention ended: the document is deleted. */
  | { state: "gone" }
  /** The service has no such upload for our key, or does not give documents back at all. */
  | { state: "unavailable" };
/** One page read so far of a job, for the progress view. */
export interface JobPage {
  number: number;
  text: string;
}

/** A job of the service (GET /v1/jobs/{id}) in the app's words. */
export interface JobView {
  id: string;
  status: JobStatus;
  pagesDone: number;
  pagesTotal: number;
  /** The trace id of the request that made the job; meta.trace_id once it succeeded. */
  traceId: string;
  /** The text of the pages read so far (while it runs, or after it stopped), in page order. */
  pages: JobPage[];
  /** Once succeeded: exactly what the synchronous call would have answered. */
  outcome?: ProcessOutcome;
  /** Once failed: the error the synchronous call would have thrown. */
  failure?: AppError;
}

/** The service made a job of the process call (202) instead of answering it. */
export interface JobAccepted {
  job: JobView;
  replayed: boolean;
}

/** What a process call gives: the answer, or the job that will make it. */
export type ProcessReply = ProcessOutcome | JobAccepted;
