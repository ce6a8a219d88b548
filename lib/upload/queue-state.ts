// The upload queue as plain data and a reducer: one entry per file, moved
// through its stages only by the transitions below. An event that does not
// fit an entry's stage (a late progress event after Cancel) changes nothing.
import type { ProcessMeta } from "@/lib/kernel/contract";
import { type Failure, isSettledFailure } from "./failure";

export type Stage =
  | "checking"
  | "queued"
  | "granting"
  | "uploading"
  | "processing"
  | "done"
  | "failed"
  | "cancelled";

export interface QueueEntry {
  /** Local id of the row; never sent anywhere. */
  id: string;
  name: string;
  size: number;
  /** The type the bytes showed; null until checked. */
  mimeType: string | null;
  /** Made once per file and sent with every process call for it, so retries never charge twice. */
  idempotencyKey: string;
  languageHints: string[];
  stage: Stage;
  addedAt: number;
  /** Bytes sent in the current PUT. */
  loaded: number;
  bytesPerSecond: number | null;
  /** What is happening now that the stage alone does not say ("Connection lost. Trying again…"). */
  note: string | null;
  objectKey: string | null;
  s3Uri: string | null;
  /** True once storage holds the bytes: retries then only repeat the process call. */
  uploaded: boolean;
  processingSince: number | null;
  /** Pages the document has, when the browser could count them (lib/upload/count-pages.ts). */
  pages: number | null;
  finishedAt: number | null;
  meta: ProcessMeta | null;
  failure: Failure | null;
  /** The job the server made of a long document (processing goes on in the service). */
  job: QueueJob | null;
}

/** A job being read page by page: polled at GET /api/runs/<runId>/job. */
export interface QueueJob {
  runId: string;
  pagesDone: number;
  pagesTotal: number;
}

export type QueueEvent =
  | { type: "checked"; mimeType: string }
  | { type: "paged"; pages: number }
  | { type: "refused"; failure: Failure }
  | { type: "start"; now: number }
  | { type: "granted"; objectKey: string; s3Uri: string }
  | { type: "progress"; loaded: number; bytesPerSecond: number | null }
  | { type: "note"; note: string | null }
  | { type: "uploaded"; now: number }
  /** The process call became a job, or the job got further. */
  | ({ type: "job" } & QueueJob)
  /** The person cancelled the job (after a confirmation), or it was cancelled elsewhere. */
  | { type: "jobCancelled"; now: number }
  | { type: "processed"; meta: ProcessMeta; now: number }
  | { type: "failed"; failure: Failure; now: number }
  | { type: "cancel"; now: number }
  /** `freshKey` replaces the key only when the last answer is one the service would replay. */
  | { type: "retry"; freshKey: string };

export type QueueAction =
  | { type: "add"; entries: QueueEntry[] }
  | { type: "remove"; id: string }
  | { type: "event"; id: string; event: QueueEvent };

/** Stages in which work is under way for the entry. */
export const ACTIVE_STAGES: ReadonlySet<Stage> = new Set(["granting", "uploading", "processing"]);
/** Stages the person may cancel: nothing has been charged yet. */
export const CANCELLABLE_STAGES: ReadonlySet<Stage> = new Set([
  "checking",
  "queued",
  "granting",
  "uploading",
]);
const FINISHED_STAGES: ReadonlySet<Stage> = new Set(["done", "failed", "cancelled"]);

export function newEntry(
  file: { name: string; size: number },
  init: { id: string; idempotencyKey: string; languageHints: string[]; now: number },
): QueueEntry {
  return {
    id: init.id,
    name: file.name,
    size: file.size,
    mimeType: null,
    idempotencyKey: init.idempotencyKey,
    languageHints: init.languageHints,
    stage: "checking",
    addedAt: init.now,
    loaded: 0,
    bytesPerSecond: null,
    note: null,
    objectKey: null,
    s3Uri: null,
    uploaded: false,
    processingSince: null,
    pages: null,
    finishedAt: null,
    meta: null,
    failure: null,
    job: null,
  };
}

export function transition(entry: QueueEntry, event: QueueEvent): QueueEntry {
  const { stage } = entry;
  switch (event.type) {
    case "checked":
      return stage === "checking" ? { ...entry, stage: "queued", mimeType: event.mimeType } : entry;
    case "paged":
      return { ...entry, pages: event.pages };
    case "refused":
      return stage === "checking" ? { ...entry, stage: "failed", failure: event.failure } : entry;
    case "start":
      if (stage !== "queued") return entry;
      return entry.uploaded
        ? { ...entry, stage: "processing", processingSince: event.now, note: null }
        : { ...entry, stage: "granting", note: null };
    case "granted":
      // Also while uploading: an expired grant was renewed and the PUT starts over.
      if (stage !== "granting" && stage !== "uploading") return entry;
      return {
        ...entry,
        stage: "uploading",
        objectKey: event.objectKey,
        s3Uri: event.s3Uri,
        loaded: 0,
        bytesPerSecond: null,
      };
    case "progress":
      return stage === "uploading"
        ? { ...entry, loaded: event.loaded, bytesPerSecond: event.bytesPerSecond }
        : entry;
    case "note":
      return ACTIVE_STAGES.has(stage) && entry.note !== event.note
        ? { ...entry, note: event.note }
        : entry;
    case "uploaded":
      return stage === "uploading"
        ? {
            ...entry,
            stage: "processing",
            uploaded: true,
            loaded: entry.size,
            note: null,
            processingSince: event.now,
          }
        : entry;
    case "job": {
      if (stage !== "processing") return entry;
      const { job } = entry;
      const same =
        job?.runId === event.runId &&
        job.pagesDone === event.pagesDone &&
        job.pagesTotal === event.pagesTotal;
      if (same && entry.note === null) return entry;
      return {
        ...entry,
        note: null,
        job: { runId: event.runId, pagesDone: event.pagesDone, pagesTotal: event.pagesTotal },
      };
    }
    case "jobCancelled":
      return stage === "processing" && entry.job
        ? { ...entry, stage: "cancelled", note: null, finishedAt: event.now }
        : entry;
    case "processed":
      return stage === "processing"
        ? { ...entry, stage: "done", meta: event.meta, note: null, finishedAt: event.now }
        : entry;
    case "failed":
      return ACTIVE_STAGES.has(stage) || stage === "checking"
        ? { ...entry, stage: "failed", failure: event.failure, note: null, finishedAt: event.now }
        : entry;
    case "cancel":
      return CANCELLABLE_STAGES.has(stage)
        ? { ...entry, stage: "cancelled", note: null, bytesPerSecond: null, finishedAt: event.now }
        : entry;
    case "retry":
      if (stage !== "failed" && stage !== "cancelled") return entry;
      // A file refused by the checks goes back through them.
      return {
        ...entry,
        // A job that ended is replayed for its key: a new try is a new submission.
        idempotencyKey:
          entry.job || (entry.failure && isSettledFailure(entry.failure))
            ? event.freshKey
            : entry.idempotencyKey,
        job: null,
        stage: entry.mimeType ? "queued" : "checking",
        failure: null,
        note: null,
        finishedAt: null,
        loaded: entry.uploaded ? entry.size : 0,
        bytesPerSecond: null,
      };
  }
}

export function queueReducer(entries: QueueEntry[], action: QueueAction): QueueEntry[] {
  switch (action.type) {
    case "add": {
      const known = new Set(entries.map((e) => e.id));
      const added = action.entries.filter((e) => !known.has(e.id));
      return added.length > 0 ? [...entries, ...added] : entries;
    }
    case "remove":
      return entries.filter((e) => e.id !== action.id || !isFinished(e));
    case "event": {
      let changed = false;
      const next = entries.map((e) => {
        if (e.id !== action.id) return e;
        const moved = transition(e, action.event);
        changed ||= moved !== e;
        return moved;
      });
      return changed ? next : entries;
    }
  }
}

export function isFinished(entry: QueueEntry): boolean {
  return FINISHED_STAGES.has(entry.stage);
}

/** Queued entries to start now, oldest first, so that at most `limit` run at once. */
export function entriesToStart(entries: readonly QueueEntry[], limit: number): QueueEntry[] {
  const running = entries.filter((e) => ACTIVE_STAGES.has(e.stage)).length;
  const free = Math.max(0, limit - running);
  return entries
    .filter((e) => e.stage === "queued")
    .sort((a, b) => a.addedAt - b.addedAt)
    .slice(0, free);
}
