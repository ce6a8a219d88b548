// Waiting between tries of a PUT that failed for a passing reason.

export interface BackoffOptions {
  baseMs?: number;
  maxMs?: number;
  /** 0 ≤ r < 1; injected by tests. */
  random?: () => number;
}

/**
 * Delay before retry number `retry` (0 for the first retry): doubling from
 * `baseMs` up to `maxMs`, with "equal jitter" (half fixed, half random) so
 * many browsers that lost the same connection do not come back in step.
 */
export function backoffDelay(retry: number, options: BackoffOptions = {}): number {
  const { baseMs = 1000, maxMs = 8000, random = Math.random } = options;
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, retry));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Resolves after `ms`, or rejects with an AbortError as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export function abortError(): DOMException {
  return new DOMException("The upload was cancelled.", "AbortError");
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
