// The app's view of a run. Pages and route handlers get these, never rows.
import type { ResultKind } from "@/lib/api/documents";
import type { JobStatus } from "@/lib/kernel/contract/jobs";
import type { RunStatus } from "./schema";

export type { RunStatus } from "./schema";

export const RUN_STATUSES = [
  "in_progress",
  "succeeded",
  "failed",
  "not_processed",
  "cancelled",
] as const satisfies RunStatus[];

/** Why a cancelled run ended, in the buyer's words. */
export const CANCELLED_TEXT = "You cancelled it before every page was read.";

/** The service's job of a run, as the ledger last saw it. */
export interface RunJob {
  id: string;
  /** null when the ledger holds a status this app does not know. */
  status: JobStatus | null;
  pagesDone: number | null;
  pagesTotal: number | null;
}

/** A run as lists show it: everything but the request, meta, error body and data. */
export interface RunSummary {
  /** The public id: the service's trace id when there is one, else our own. */
  id: string;
  localId: string;
  traceId: string | null;
  sessionId: string;
  categoryId: string;
  categoryName: string | null;
  fileName: string | null;
  fileSize: number | null;
  mediaType: string | null;
  objectKey: string | null;
  s3Uri: string | null;
  idempotencyKey: string | null;
  status: RunStatus;
  createdAt: number;
  updatedAt: number;
  grantedAt: number | null;
  uploadedAt: number | null;
  processStartedAt: number | null;
  processEndedAt: number | null;
  httpStatus: number | null;
  errorCode: string | null;
  errorMessage: string | null;
  cost: number | null;
  latencyMs: number | null;
  failoverDepth: number | null;
  provider: string | null;
  replayed: boolean;
  /** The service's job, when it made one of the process call; null otherwise. */
  job: RunJob | null;
}

/** Something that happened to a run after it ran (lib/ledger/events.ts). */
export type RunEventKind = "original_viewed";

export interface RunEvent {
  at: number;
  kind: RunEventKind;
  /** Who: a staff member's name. */
  actor: string | null;
}

/** One run with everything kept about it. */
export interface RunDetail extends RunSummary {
  /** The process call as lib/routing shaped it, with the browser's key (never the one sent upstream). */
  request: unknown;
  /** The service's error body, as it sent it. */
  errorBody: unknown;
  /** The service's whole meta, attempts included. */
  meta: Record<string, unknown> | null;
  data: Record<string, unknown> | null;
  /** What the data holds, for the result view; null without data. */
  kind: ResultKind | null;
  /** What happened to it afterwards, oldest first: support opening the original. */
  events: RunEvent[];
}

export interface GrantInput {
  sessionId: string;
  categoryId: string;
  categoryName?: string | undefined;
  mediaType: string;
  objectKey: string;
  s3Uri: string;
  fileName?: string | undefined;
  fileSize?: number | undefined;
}

/** A grant the service refused: still a run, so it can be found. */
export interface GrantFailureInput {
  sessionId: string;
  categoryId: string;
  categoryName?: string | undefined;
  mediaType: string;
  fileName?: string | undefined;
  fileSize?: number | undefined;
  failure: FailureInput;
}

export interface ProcessStartInput {
  sessionId: string;
  categoryId: string;
  categoryName?: string | undefined;
  mediaType?: string | undefined;
  objectKey?: string | undefined;
  s3Uri?: string | undefined;
  idempotencyKey?: string | undefined;
  /** The process call as lib/routing shaped it (processCall), with the browser's own key. */
  request: unknown;
}

export interface SuccessInput {
  httpStatus: number;
  meta: { trace_id: string } & Record<string, unknown>;
  data: Record<string, unknown>;
  replayed?: boolean;
}

export interface FailureInput {
  /** The service's status when it answered; undefined when it never did. */
  httpStatus?: number | undefined;
  code: string;
  message: string;
  traceId?: string | undefined;
  /** The service's error body, as it sent it. */
  body?: unknown;
}

/** A job the service made of the process call, or how far it got. */
export interface JobProgressInput {
  id: string;
  status: JobStatus;
  pagesDone: number;
  pagesTotal: number;
  /** The trace id of the request that made the job: the run's public id from now on. */
  traceId?: string | undefined;
}

export type ProcessEndInput =
  | { ok: true; result: SuccessInput }
  | { ok: false; failure: FailureInput };

export interface RunPage {
  items: RunSummary[];
  page: number;
  size: number;
  total: number;
  pages: number;
}
