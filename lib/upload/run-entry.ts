// One queued file's whole way, told as events for the queue: upload it
// (unless storage already holds it), then process it with its one key.
import type { ProcessAnswer } from "@/lib/api/documents";
import { isJobReply, type ProcessReplyAnswer } from "@/lib/api/jobs";
import type { ProcessVariables } from "./api";
import { isAbortError } from "./backoff";
import { failureOf } from "./failure";
import { putFile } from "./put-file";
import type { QueueEntry, QueueEvent } from "./queue-state";
import { addSample, type ProgressSample, speedOf } from "./speed";
import { type Grant, transferFile } from "./transfer";

/** Progress is drawn at most this often; the last event always is. */
const PROGRESS_INTERVAL_MS = 200;

export interface RunDeps {
  /** The person's file; absent after a refresh. */
  file: File | undefined;
  requestGrant: (contentType: string, signal: AbortSignal) => Promise<Grant>;
  /** The result, or the job a long document became (then polled: use-upload-queue.ts). */
  process: (vars: ProcessVariables) => Promise<ProcessReplyAnswer>;
  send: (event: QueueEvent) => void;
  onUploaded?: (objectKey: string) => void;
}

/**
 * Resolves with the result; undefined after a failure (sent as an event), a
 * cancel, or a job (sent as an event: its result comes by polling).
 */
export async function runEntry(
  entry: QueueEntry,
  deps: RunDeps,
  signal: AbortSignal,
): Promise<ProcessAnswer | undefined> {
  const { send, file } = deps;
  const mimeType = entry.mimeType ?? "application/octet-stream";
  try {
    let { s3Uri, objectKey } = entry;
    if (!entry.uploaded || !s3Uri || !objectKey) {
      if (!file) throw new Error("The file is no longer in this page.");
      let samples: ProgressSample[] = [];
      let drawnAt = 0;
      const stored = await transferFile(
        {
          requestGrant: (s) => deps.requestGrant(mimeType, s),
          put: (grant, onProgress, s) => {
            // The PUT's start is the first sample: a small file may report progress only once.
            samples = [{ at: performance.now(), loaded: 0 }];
            return putFile(grant.uploadUrl, file, mimeType, { signal: s, onProgress });
          },
        },
        {
          onGranted: (g) => send({ type: "granted", objectKey: g.objectKey, s3Uri: g.s3Uri }),
          onProgress: ({ loaded, total }) => {
            const now = performance.now();
            samples = addSample(samples, { at: now, loaded });
            if (now - drawnAt < PROGRESS_INTERVAL_MS && loaded < total) return;
            drawnAt = now;
            send({ type: "progress", loaded, bytesPerSecond: speedOf(samples) });
          },
          onNote: (note) => send({ type: "note", note }),
        },
        signal,
      );
      ({ s3Uri, objectKey } = stored);
      send({ type: "uploaded", now: Date.now() });
      deps.onUploaded?.(objectKey);
    }
    const reply = await deps.process({
      s3Uri,
      mimeType,
      languageHints: entry.languageHints,
      idempotencyKey: entry.idempotencyKey,
      pages: entry.pages,
      signal,
    });
    if (isJobReply(reply)) {
      const { runId, pagesDone, pagesTotal } = reply.job;
      send({ type: "job", runId, pagesDone, pagesTotal });
      return undefined;
    }
    send({ type: "processed", meta: reply.meta, now: Date.now() });
    return reply;
  } catch (error) {
    // A cancelled entry was already moved by Cancel; an unmount leaves it as stored.
    if (!isAbortError(error)) send({ type: "failed", failure: failureOf(error), now: Date.now() });
    return undefined;
  }
}
