// The queue kept in sessionStorage, so a refresh neither loses a file's
// Idempotency-Key nor charges it twice: a file whose bytes had reached
// storage is processed again with the same key, and the service replays the
// first answer. The File itself cannot be kept; a file that had not finished
// uploading has to be added again.

import { AppError } from "@/lib/errors";
import { processMetaSchema } from "@/lib/kernel/contract/documents";
import { failureOf, reviveFailure } from "./failure";
import type { QueueEntry, QueueJob, Stage } from "./queue-state";

/** Finished rows kept across a refresh; older ones are dropped. */
export const MAX_STORED_ENTRIES = 30;

const STAGES: ReadonlySet<string> = new Set<Stage>([
  "checking",
  "queued",
  "granting",
  "uploading",
  "processing",
  "done",
  "failed",
  "cancelled",
]);

export function serialiseQueue(entries: readonly QueueEntry[]): string {
  const kept = entries.slice(-MAX_STORED_ENTRIES).map((e) => ({ ...e, bytesPerSecond: null }));
  return JSON.stringify({ version: 1, entries: kept });
}

const interrupted = () =>
  failureOf(
    new AppError("upload_failed", {
      message: "The page was reloaded before this file finished uploading. Please add it again.",
    }),
  );

/** Entries read back after a refresh, each put where it can go on from. Bad data gives []. */
export function restoreQueue(text: string | null, now: number): QueueEntry[] {
  if (!text) return [];
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return [];
  }
  const list = (stored as { entries?: unknown })?.entries;
  if (!Array.isArray(list)) return [];
  return list.flatMap((raw): QueueEntry[] => {
    const entry = reviveEntry(raw);
    return entry ? [resume(entry, now)] : [];
  });
}

function resume(entry: QueueEntry, now: number): QueueEntry {
  switch (entry.stage) {
    case "done":
    case "failed":
    case "cancelled":
      return entry;
    default:
      // A job goes on in the service whatever the page does: reading it again resumes.
      if (entry.stage === "processing" && entry.job) return { ...entry, note: null };
      // Work under way when the page went away. With the bytes in storage the
      // process call is simply made again (same key); without them, nothing can go on.
      return entry.uploaded && entry.mimeType
        ? { ...entry, stage: "queued", note: null, processingSince: null }
        : { ...entry, stage: "failed", failure: interrupted(), note: null, finishedAt: now };
  }
}

function reviveJob(raw: unknown): QueueJob | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { runId, pagesDone, pagesTotal } = raw as Record<string, unknown>;
  if (typeof runId !== "string" || !runId) return null;
  const count = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : 0);
  return { runId, pagesDone: count(pagesDone), pagesTotal: count(pagesTotal) };
}

function reviveEntry(raw: unknown): QueueEntry | null {
  if (typeof raw !== "object" || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" ? v : null);
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
  const id = str(r.id);
  const name = str(r.name);
  const idempotencyKey = str(r.idempotencyKey);
  const size = num(r.size);
  const stage = str(r.stage);
  if (!id || name === null || !idempotencyKey || size === null || !stage || !STAGES.has(stage)) {
    return null;
  }
  const meta = processMetaSchema.safeParse(r.meta);
  const failure = r.failure ? reviveFailure(r.failure) : null;
  const entry: QueueEntry = {
    id,
    name,
    size,
    mimeType: str(r.mimeType),
    idempotencyKey,
    languageHints: Array.isArray(r.languageHints)
      ? r.languageHints.filter((h): h is string => typeof h === "string")
      : [],
    stage: stage as Stage,
    addedAt: num(r.addedAt) ?? 0,
    loaded: num(r.loaded) ?? 0,
    bytesPerSecond: null,
    note: null,
    objectKey: str(r.objectKey),
    s3Uri: str(r.s3Uri),
    uploaded: r.uploaded === true && str(r.s3Uri) !== null,
    processingSince: num(r.processingSince),
    pages: num(r.pages),
    finishedAt: num(r.finishedAt),
    meta: meta.success ? meta.data : null,
    failure,
    job: reviveJob(r.job),
  };
  // A row that says done but lost its answer, or failed without a reason, cannot be shown as such.
  if (entry.stage === "done" && !entry.meta) return null;
  if (entry.stage === "failed" && !entry.failure) return null;
  return entry;
}
