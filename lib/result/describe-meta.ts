// A run's meta in words a person reads. Pure, so every wording is tested.

/** The unit the service prices in (INTERFACE.md: USD). Shown as a label, never a symbol. */
export const DEFAULT_COST_UNIT = "USD";

/**
 * "0.0015 USD": at least two decimals, and enough more to keep two
 * significant digits of a sub-cent price (0.00045 stays 0.00045, not 0.00).
 */
export function formatCost(cost: number, unit = DEFAULT_COST_UNIT): string {
  if (!Number.isFinite(cost)) return `— ${unit}`;
  const magnitude = cost === 0 ? 0 : Math.floor(Math.log10(Math.abs(cost)));
  const decimals = Math.min(8, Math.max(2, 1 - magnitude));
  const text = new Intl.NumberFormat("en-US", {
    minimumFractionDigits: 2,
    maximumFractionDigits: decimals,
  }).format(cost);
  return `${text} ${unit}`;
}

/** "850 ms", "2.4 s", "1 min 12 s". */
export function formatLatency(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "—";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** What the service says of an answer that was read but judged unsure (INTERFACE.md, "Quality failover"). */
export const UNSURE_OUTCOME = "low_quality";

/**
 * failover_depth (attempts beyond the first) in words. With the attempts, a
 * failover caused by unsure answers is told as such rather than as a failure.
 */
export function describeFailover(
  depth: number,
  attempts: readonly { provider: string; outcome: string }[] = [],
  provider?: string,
): string {
  if (!Number.isFinite(depth) || depth <= 0) return "Answered by the first-choice provider";
  const n = Math.round(depth);
  const unsure = attempts.filter((a) => a.outcome.toLowerCase() === UNSURE_OUTCOME);
  if (unsure.length === attempts.length && attempts.length === n + 1) {
    return `No engine was sure of this document, so this is the best of ${n + 1} readings`;
  }
  if (unsure.length > 0 && unsure.length === n && attempts[0]?.provider !== provider) {
    return n === 1
      ? "The first engine was unsure, so a second one read it"
      : `The first ${n} engines were unsure, so another one read it`;
  }
  return `Answered by a backup provider after ${n} automatic ${n === 1 ? "retry" : "retries"}`;
}

const OUTCOME_WORDS: Record<string, string> = {
  success: "Answered",
  succeeded: "Answered",
  ok: "Answered",
  error: "Failed",
  failed: "Failed",
  failure: "Failed",
  timeout: "Timed out",
  [UNSURE_OUTCOME]: "Unsure answer",
  skipped: "Skipped",
  circuit_open: "Skipped (resting after failures)",
};

/** An attempt's outcome as a word, whatever literal the service chose. */
export function describeOutcome(outcome: string): string {
  const known = OUTCOME_WORDS[outcome.toLowerCase()];
  if (known) return known;
  const words = outcome.replace(/[_-]+/g, " ").trim();
  return words ? words[0]?.toUpperCase() + words.slice(1) : "Unknown";
}

export function isSuccessOutcome(outcome: string): boolean {
  return describeOutcome(outcome) === "Answered";
}
