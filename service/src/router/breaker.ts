// A circuit breaker per provider. Closed: every request may try it. It opens
// after `failures` failures in a row, or when at least `failureRate` of the
// last `window` attempts failed; open, it is skipped. After `cooldownMs` it is
// half-open: one request tries it; success closes it, failure opens it again.

export interface BreakerSettings {
  /** Consecutive failures that open the circuit. */
  failures: number;
  /** Share of failed attempts (0–1) in a full window that opens the circuit. */
  failureRate: number;
  /** Attempts the failure rate is measured over. */
  window: number;
  cooldownMs: number;
}

export type BreakerState = "closed" | "open" | "half_open";

export class CircuitBreaker {
  private consecutive = 0;
  private recent: boolean[] = [];
  private openedAt: number | undefined;
  private probing = false;

  constructor(
    private readonly settings: BreakerSettings,
    private readonly now: () => number = Date.now,
  ) {}

  get state(): BreakerState {
    if (this.openedAt === undefined) return "closed";
    return this.now() - this.openedAt >= this.settings.cooldownMs ? "half_open" : "open";
  }

  /** Whether a request may try the provider now (half-open: only while no probe is out). */
  allowsAttempt(): boolean {
    const state = this.state;
    return state === "closed" || (state === "half_open" && !this.probing);
  }

  /** Called right before an attempt: a half-open circuit lets exactly this one through. */
  begin(): void {
    if (this.state === "half_open") this.probing = true;
  }

  succeeded(): void {
    this.consecutive = 0;
    this.probing = false;
    if (this.openedAt !== undefined) {
      // The probe answered: start afresh.
      this.openedAt = undefined;
      this.recent = [];
      return;
    }
    this.remember(true);
  }

  failed(): void {
    this.consecutive++;
    if (this.probing || this.state === "half_open") {
      this.probing = false;
      this.openedAt = this.now();
      return;
    }
    this.remember(false);
    const { failures, failureRate, window } = this.settings;
    const failedShare = this.recent.filter((ok) => !ok).length / this.recent.length;
    if (
      this.consecutive >= failures ||
      (this.recent.length >= window && failedShare >= failureRate)
    ) {
      this.openedAt = this.now();
    }
  }

  /** An attempt that says nothing about the provider's health (cancelled, unreadable document). */
  released(): void {
    this.probing = false;
  }

  private remember(ok: boolean): void {
    this.recent.push(ok);
    if (this.recent.length > this.settings.window) this.recent.shift();
  }
}
