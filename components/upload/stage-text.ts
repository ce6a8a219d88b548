// What each stage of a file says in its row and to a screen reader. Pure.

import { jobProgressLabel } from "@/components/result/run/job-progress";
import { formatCost, formatLatency } from "@/lib/result/describe-meta";
import { formatBytes, formatElapsed, formatSpeed, percentOf } from "@/lib/upload/format";
import type { QueueEntry, Stage } from "@/lib/upload/queue-state";

export const STAGE_LABEL: Record<Stage, string> = {
  checking: "Checking",
  queued: "Waiting",
  granting: "Uploading",
  uploading: "Uploading",
  processing: "Processing",
  done: "Done",
  failed: "Failed",
  cancelled: "Cancelled",
};

/** What the row knows beyond its entry. */
export interface RowContext {
  /** Label of the cost unit (INTERFACE.md: USD). */
  unitLabel?: string;
  /** How long a page of this category takes, from its recent runs; unknown: no estimate. */
  msPerPage?: number;
}

/** Below this, a document is read before an estimate would help: none is shown. */
const ESTIMATE_FROM_MS = 3000;

/** "Reading 30 pages · 12 s so far of about 45 s": how long, and how long it should take. */
function readingDetail(entry: QueueEntry, now: number, msPerPage?: number): string {
  const elapsed = now - (entry.processingSince ?? now);
  const what =
    entry.pages !== null && entry.pages > 1
      ? `Reading ${entry.pages} pages`
      : "Reading the document";
  const estimate = entry.pages !== null && msPerPage ? entry.pages * msPerPage : 0;
  if (estimate < ESTIMATE_FROM_MS) {
    return elapsed < 1000 ? `${what}…` : `${what} · ${formatElapsed(elapsed)} so far`;
  }
  const about = formatElapsed(Math.ceil(estimate / 1000) * 1000);
  if (elapsed < 1000) return `${what} · about ${about}`;
  return elapsed <= estimate
    ? `${what} · ${formatElapsed(elapsed)} so far of about ${about}`
    : `${what} · ${formatElapsed(elapsed)} so far, longer than the usual ${about}`;
}

/** The one line under a file's name: what is happening, in numbers where there are some. */
export function stageDetail(
  entry: QueueEntry,
  now: number,
  { unitLabel, msPerPage }: RowContext = {},
): string {
  switch (entry.stage) {
    case "checking":
      return "Checking the file…";
    case "queued":
      return entry.uploaded
        ? "Waiting its turn to be processed…"
        : "Waiting its turn: a few files are sent at a time.";
    case "granting":
      return "Preparing the upload…";
    case "uploading": {
      const percent = percentOf(entry.loaded, entry.size);
      const speed = formatSpeed(entry.bytesPerSecond);
      return [
        `${percent}%`,
        `${formatBytes(entry.loaded)} of ${formatBytes(entry.size)}`,
        ...(speed ? [speed] : []),
      ].join(" · ");
    }
    case "processing":
      // A job says how far it got, page by page.
      if (entry.job) {
        return jobProgressLabel({
          status: entry.job.pagesDone > 0 ? "running" : "queued",
          pagesDone: entry.job.pagesDone,
          pagesTotal: entry.job.pagesTotal,
        });
      }
      return readingDetail(entry, now, msPerPage);
    case "done":
      return entry.meta
        ? `${formatCost(entry.meta.estimated_cost, unitLabel)} · ${formatLatency(entry.meta.latency_ms)}`
        : "Done";
    case "failed":
      return entry.failure?.message ?? "Something went wrong.";
    case "cancelled":
      if (entry.job) return "Cancelled while it was being read.";
      return entry.uploaded ? "Cancelled." : "Cancelled before it was sent. Nothing was charged.";
  }
}

/** What a screen reader hears when a file moves to another stage. */
export function stageAnnouncement(entry: QueueEntry): string {
  switch (entry.stage) {
    case "failed":
      return `${entry.name}: failed. ${entry.failure?.message ?? ""}`.trim();
    case "done":
      return `${entry.name}: done. The result is ready.`;
    case "granting":
    case "uploading":
      return `${entry.name}: uploading.`;
    case "processing":
      return `${entry.name}: uploaded, now processing.`;
    default:
      return `${entry.name}: ${STAGE_LABEL[entry.stage].toLowerCase()}.`;
  }
}

export type StepState = "pending" | "current" | "complete" | "failed";

/** The three steps every file shows: Upload, Process, Result. */
export function steps(entry: QueueEntry): [StepState, StepState, StepState] {
  const failedAt = entry.stage === "failed" || entry.stage === "cancelled";
  if (entry.stage === "done") return ["complete", "complete", "complete"];
  if (entry.uploaded) {
    if (failedAt) return ["complete", "failed", "pending"];
    return ["complete", entry.stage === "processing" ? "current" : "pending", "pending"];
  }
  if (failedAt) return ["failed", "pending", "pending"];
  const uploading = entry.stage === "granting" || entry.stage === "uploading";
  return [uploading ? "current" : "pending", "pending", "pending"];
}
