// Upload speed from recent progress events: a sliding window, so the number
// follows the connection instead of averaging over the whole upload.

export interface ProgressSample {
  /** Milliseconds, any clock that only goes forward. */
  at: number;
  loaded: number;
}

export const SPEED_WINDOW_MS = 3000;

/** The samples with `next` added and those older than the window dropped (the oldest kept as a base). */
export function addSample(
  samples: readonly ProgressSample[],
  next: ProgressSample,
  windowMs = SPEED_WINDOW_MS,
): ProgressSample[] {
  const all = [...samples, next];
  const start = all.findIndex((s) => next.at - s.at <= windowMs);
  return all.slice(Math.max(0, start - 1));
}

/** Bytes per second over the samples, or null until there is something to measure. */
export function speedOf(samples: readonly ProgressSample[]): number | null {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last || last.at <= first.at) return null;
  return ((last.loaded - first.loaded) * 1000) / (last.at - first.at);
}
