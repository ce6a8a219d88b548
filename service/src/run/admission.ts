// Admission to a work slot: a document is read and routed only while it holds one, so
// a burst waits in the bounded queue (work-queue.ts) or is turned away with 503.
import type { HttpError } from "../http/errors";
import { busy } from "./responses";
import { QueueFullError, type WorkQueue } from "./work-queue";

export type Admission =
  /** A slot is held; `release` frees it once the document has run. */
  | { kind: "admitted"; release: () => void }
  /** No slot now or within the wait: 503 + Retry-After, nothing was processed. */
  | { kind: "refused"; reason: "busy"; error: HttpError }
  /** The client left while waiting; `error` is why the signal aborted. */
  | { kind: "refused"; reason: "aborted"; error: unknown };

export type AdmissionRefused = Extract<Admission, { kind: "refused" }>;

/** Waits for a slot; never throws (the queue rejects only when full or aborted). */
export async function admit(queue: WorkQueue, signal: AbortSignal): Promise<Admission> {
  try {
    const slot = await queue.acquire(signal);
    return { kind: "admitted", release: slot.release };
  } catch (error) {
    if (error instanceof QueueFullError) {
      return { kind: "refused", reason: "busy", error: busy(error, queue) };
    }
    return { kind: "refused", reason: "aborted", error };
  }
}
