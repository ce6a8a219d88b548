// Ranking a category's providers (INTERFACE.md, "Routing"): a weighted score
// of quality, price, observed latency and observed success rate, each 0–1.
import type { ProviderSlot, RoutingWeights } from "../catalog";

/** What this instance has seen of a provider, as exponentially weighted moving averages. */
export class ProviderStats {
  /** Milliseconds per page of successful attempts; undefined until measured. */
  msPerPage: number | undefined;
  /** 0–1; a provider starts trusted. */
  successRate = 1;
  private warm = false;

  constructor(private readonly alpha: number) {}

  succeeded(latencyMs: number, pages: number): void {
    this.successRate += this.alpha * (1 - this.successRate);
    // The first answer pays for starting the engine (a WASM worker and its
    // language data take seconds); it says nothing about the provider's speed,
    // and counting it would rank a provider last that is then never tried again.
    if (!this.warm) {
      this.warm = true;
      return;
    }
    const perPage = latencyMs / Math.max(1, pages);
    this.msPerPage =
      this.msPerPage === undefined
        ? perPage
        : this.msPerPage + this.alpha * (perPage - this.msPerPage);
  }

  failed(): void {
    this.successRate += this.alpha * (0 - this.successRate);
  }
}

export interface ScoredSlot {
  slot: ProviderSlot;
  score: number;
  parts: { quality: number; price: number; latency: number; success: number };
}

/** Keeps a perfect provider's error rate from dividing by zero: 1 point of CER. */
const ERROR_FLOOR = 0.01;

/**
 * Best first; equal scores keep the catalog's order.
 * - quality: the best provider's error rate ÷ this provider's, errors being
 *   1 − quality (the calibration bench's CER): a provider that makes ten times
 *   the errors scores a tenth, where the raw figures 0.98 and 0.8 would be
 *   almost alike and let a small price difference outweigh them;
 * - price: cheapest 1, dearest 0 (min–max within the category: prices are the
 *   operator's fixed figures, so their spread is meaningful);
 * - latency: fastest ms/page ÷ this provider's (a ratio, so two providers a few
 *   percent apart score a few percent apart, not 1 and 0); a provider not yet
 *   measured scores 1, so it gets tried and measured;
 * - success: the EWMA success rate.
 */
export function rankSlots(
  slots: readonly ProviderSlot[],
  weights: RoutingWeights,
  stats: (provider: string) => ProviderStats | undefined,
): ScoredSlot[] {
  const prices = slots.map((s) => s.pricePerPage);
  const minPrice = Math.min(...prices);
  const maxPrice = Math.max(...prices);
  const latencies = slots
    .map((s) => stats(s.provider)?.msPerPage)
    .filter((l): l is number => l !== undefined);
  const fastest = Math.min(...latencies);
  const fewestErrors = Math.min(...slots.map((s) => 1 - s.quality));
  const total = weights.quality + weights.price + weights.latency + weights.success;

  const scored = slots.map((slot) => {
    const seen = stats(slot.provider);
    const parts = {
      quality: (fewestErrors + ERROR_FLOOR) / (1 - slot.quality + ERROR_FLOOR),
      price: maxPrice === minPrice ? 1 : (maxPrice - slot.pricePerPage) / (maxPrice - minPrice),
      // +1 ms keeps instant answers (tests, cached engines) from dividing by zero.
      latency: seen?.msPerPage === undefined ? 1 : (fastest + 1) / (seen.msPerPage + 1),
      success: seen?.successRate ?? 1,
    };
    const sum =
      weights.quality * parts.quality +
      weights.price * parts.price +
      weights.latency * parts.latency +
      weights.success * parts.success;
    return { slot, parts, score: total > 0 ? sum / total : 0 };
  });
  // Array.prototype.sort is stable: ties keep the catalog's order.
  return scored.sort((a, b) => b.score - a.score);
}
