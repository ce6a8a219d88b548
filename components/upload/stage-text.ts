// What each stage of a file says in its row and to a screen reader. Pure.
import { formatCost, formatLatency } from "@/components/result/describe-meta";
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

/** The one line under a file's name: what is happening, in numbers where there are some. */
export function stageDetail(entry: QueueEntry, now: number, unitLabel?: string): string {
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
    case "processing": {
      const elapsed = now - (entry.processingSince ?? now);
      return elapsed < 1000
        ? "Reading the document…"
        : `Reading the document · ${formatElapsed(elapsed)} so far`;
    }
    case "done":
      return entry.meta
        ? `${formatCost(entry.meta.estimated_cost, unitLabel)} · ${formatLatency(entry.meta.latency_ms)}`
        : "Done";
    case "failed":
      return entry.failure?.message ?? "Something went wrong.";
    case "cancelled":
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
