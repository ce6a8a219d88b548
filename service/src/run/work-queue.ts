// A bounded work queue: at most `concurrency` tasks run, at most `maxQueued` wait,
// and none waits longer than `maxWaitMs`. Anything beyond is refused at once (the
// route answers 503 + Retry-After), so a burst can neither grow memory without
// bound nor leave a client hanging.

export class QueueFullError extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    /** "full": no place to wait; "timeout": waited maxWaitMs without getting a slot. */
    readonly reason: "full" | "timeout",
  ) {
    super("The service is busy");
    this.name = "QueueFullError";
  }
}

interface Waiting {
  /** Hands a running slot to this waiter. */
  start: () => void;
}

export interface WorkQueueStats {
  running: number;
  waiting: number;
}

/** A slot held by running work. */
export interface WorkSlot {
  /** Frees the slot (for the next waiter, if any); later calls do nothing. */
  release: () => void;
}

export interface WorkQueueOptions {
  concurrency: number;
  maxQueued: number;
  maxWaitMs: number;
}

export class WorkQueue {
  #running = 0;
  readonly #waiting: Waiting[] = [];
  /** Smoothed duration of a task, for Retry-After. */
  #averageMs = 1_000;

  constructor(readonly options: WorkQueueOptions) {}

  get stats(): WorkQueueStats {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  /**
   * A running slot, once one is free; `release` hands it on when the work is done.
   * Rejects with QueueFullError when the queue is full or the wait runs out, and with
   * the signal's reason when `signal` aborts while waiting (nothing else).
   */
  async acquire(signal?: AbortSignal): Promise<WorkSlot> {
    if (this.#running < this.options.concurrency) {
      this.#running++;
    } else {
      if (this.#waiting.length >= this.options.maxQueued) {
        throw new QueueFullError(this.retryAfterSeconds(), "full");
      }
      // The finishing task hands its slot over, so #running already counts us.
      await this.#wait(signal);
    }
    const started = performance.now();
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.#averageMs = 0.8 * this.#averageMs + 0.2 * (performance.now() - started);
        const next = this.#waiting.shift();
        if (next) next.start();
        else this.#running--;
      },
    };
  }

  /** Seconds until a slot is likely free: the backlog divided among the workers. */
  retryAfterSeconds(): number {
    const backlog = (this.#waiting.length + 1) / this.options.concurrency;
    return Math.min(60, Math.max(1, Math.ceil((backlog * this.#averageMs) / 1000)));
  }

  #wait(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const leave = (reason: unknown) => {
        const index = this.#waiting.indexOf(entry);
        if (index >= 0) this.#waiting.splice(index, 1);
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        reject(reason);
      };
      const onAbort = () => leave(signal?.reason);
      const timer = setTimeout(
        () => leave(new QueueFullError(this.retryAfterSeconds(), "timeout")),
        this.options.maxWaitMs,
      );
      const entry: Waiting = {
        start: () => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#waiting.push(entry);
    });
  }
}
