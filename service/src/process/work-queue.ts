// A bounded work queue: at most `concurrency` tasks run, at most `maxQueued` wait.
// Anything beyond is refused at once (the route answers 503 + Retry-After), so a
// burst can neither grow memory without bound nor leave a client hanging.

export class QueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
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

export class WorkQueue {
  #running = 0;
  readonly #waiting: Waiting[] = [];
  /** Smoothed duration of a task, for Retry-After. */
  #averageMs = 1_000;

  constructor(
    readonly concurrency: number,
    readonly maxQueued: number,
  ) {}

  get stats(): WorkQueueStats {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  /**
   * Runs `task` when a slot is free. Throws QueueFullError when the queue is full;
   * a waiting task whose `signal` aborts leaves the queue without running.
   */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.#running < this.concurrency) {
      this.#running++;
    } else {
      if (this.#waiting.length >= this.maxQueued)
        throw new QueueFullError(this.retryAfterSeconds());
      // The finishing task hands its slot over, so #running already counts us.
      await this.#wait(signal);
    }
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.#averageMs = 0.8 * this.#averageMs + 0.2 * (performance.now() - started);
      const next = this.#waiting.shift();
      if (next) next.start();
      else this.#running--;
    }
  }

  /** Seconds until a slot is likely free: the backlog divided among the workers. */
  retryAfterSeconds(): number {
    const backlog = (this.#waiting.length + 1) / this.concurrency;
    return Math.min(60, Math.max(1, Math.ceil((backlog * this.#averageMs) / 1000)));
  }

  #wait(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const entry: Waiting = {
        start: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        const index = this.#waiting.indexOf(entry);
        if (index >= 0) this.#waiting.splice(index, 1);
        reject(signal?.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#waiting.push(entry);
    });
  }
}
