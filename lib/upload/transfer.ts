// One file's way to storage: a grant, then the PUT, with the two recoveries
// the user never has to ask for: a lost connection is retried with backoff,
// and an expired grant is renewed once.
import type { Grant } from "@/lib/api/documents";
import { backoffDelay, sleep as defaultSleep } from "./backoff";
import { PutError, type PutProgress, type PutResult } from "./put-file";

export type { Grant } from "@/lib/api/documents";

export interface TransferDeps {
  requestGrant: (signal: AbortSignal) => Promise<Grant>;
  put: (
    grant: Grant,
    onProgress: (progress: PutProgress) => void,
    signal: AbortSignal,
  ) => Promise<PutResult>;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
  random?: () => number;
  /** Retries after a network failure or a busy storage (so at most 1 + maxRetries PUTs). */
  maxRetries?: number;
}

export interface TransferEvents {
  onGranted?: (grant: Grant) => void;
  onProgress?: (progress: PutProgress) => void;
  /** A line to show under the file while it recovers; null clears it. */
  onNote?: (note: string | null) => void;
}

export const MAX_NETWORK_RETRIES = 3;

const RETRY_KINDS = new Set(["network", "unavailable"]);

/** Resolves with the grant whose object now holds the file; throws PutError or the grant's error. */
export async function transferFile(
  deps: TransferDeps,
  events: TransferEvents,
  signal: AbortSignal,
): Promise<Grant> {
  const {
    now = Date.now,
    sleep = defaultSleep,
    random = Math.random,
    maxRetries = MAX_NETWORK_RETRIES,
  } = deps;

  const fetchGrant = async () => {
    const grant = await deps.requestGrant(signal);
    events.onGranted?.(grant);
    return { grant, expiresAt: now() + grant.expiresIn * 1000 };
  };

  let { grant, expiresAt } = await fetchGrant();
  let renewed = false;
  let retries = 0;

  for (;;) {
    // A grant that lapsed while it waited is renewed before the PUT, and that
    // counts as the one renewal: a service that grants 0 seconds cannot loop us.
    if (!renewed && now() >= expiresAt) {
      renewed = true;
      ({ grant, expiresAt } = await fetchGrant());
    }
    try {
      await deps.put(grant, (p) => events.onProgress?.(p), signal);
      events.onNote?.(null);
      return grant;
    } catch (error) {
      if (!(error instanceof PutError)) throw error;
      if (error.kind === "expired" && !renewed) {
        renewed = true;
        events.onNote?.("The upload link expired. Getting a new one…");
        ({ grant, expiresAt } = await fetchGrant());
        continue;
      }
      if (RETRY_KINDS.has(error.kind) && retries < maxRetries) {
        const delay = backoffDelay(retries, { random });
        retries++;
        const why = error.kind === "network" ? "Connection lost" : "Storage is busy";
        events.onNote?.(
          `${why}. Trying again in ${Math.ceil(delay / 1000)} s (retry ${retries} of ${maxRetries})…`,
        );
        await sleep(delay, signal);
        continue;
      }
      throw error;
    }
  }
}
