// Times, durations and names for runs, the same on the server and in the
// browser (UTC, so a server render never disagrees with the page), and what a
// run gives its support details.

import type { RunDetail } from "@/lib/ledger/types";
import type { SupportContext } from "@/lib/result/support-details";

const pad = (n: number) => String(n).padStart(2, "0");

/** "2026-11-22 02:10 UTC" (with seconds when asked). */
export function formatTime(ms: number, seconds = false): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return "—";
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}${seconds ? `:${pad(d.getUTCSeconds())}` : ""}`;
  return `${date} ${time} UTC`;
}

/** "just now", "5 min ago", "3 h ago", "2 days ago". */
export function formatAgo(ms: number, now: number): string {
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 45) return "just now";
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86_400) return `${Math.round(s / 3600)} h ago`;
  const days = Math.round(s / 86_400);
  return `${days} day${days === 1 ? "" : "s"} ago`;
}

/** A stage's duration: "120 ms", "2.4 s", "3 min 5 s". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "—";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const total = Math.round(ms / 1000);
  if (total < 3600) return `${Math.floor(total / 60)} min ${total % 60} s`;
  return `${Math.floor(total / 3600)} h ${Math.floor((total % 3600) / 60)} min`;
}

/** What to call a run: its file name, else the stored object's name, else plainly none. */
export function runTitle(run: {
  fileName: string | null;
  objectKey: string | null;
  s3Uri: string | null;
}): string {
  const tail = (value: string | null) => value?.split("/").filter(Boolean).at(-1);
  return run.fileName ?? tail(run.objectKey) ?? tail(run.s3Uri) ?? "No file";
}

/** What a ledger run gives the result's "Copy support details". */
export function runSupportContext(run: RunDetail): SupportContext {
  return {
    traceId: run.traceId ?? undefined,
    idempotencyKey: run.idempotencyKey ?? undefined,
    objectKey: run.objectKey ?? undefined,
    time: run.processEndedAt ?? run.createdAt,
    categoryName: run.categoryName ?? undefined,
    categoryId: run.categoryId,
    fileName: run.fileName ?? undefined,
  };
}
