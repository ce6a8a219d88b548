// A bounded pool of engines (tesseract.js workers, or slots for CLI runs): at
// most `size` in use, at most `queueLimit` callers waiting, the rest refused at
// once. Engines start lazily. An engine whose job was aborted is destroyed,
// since a WASM job cannot be interrupted any other way, and replaced on demand.
import { raceAbort } from "../providers/interface/abort";

/** The pool's queue is full: the caller should try elsewhere or later. */
export class PoolBusyError extends Error {
  constructor(name: string) {
    super(`${name} is busy (queue full)`);
    this.name = "PoolBusyError";
  }
}

export interface PoolOptions<T> {
  name: string;
  size: number;
  queueLimit: number;
  create: () => Promise<T>;
  destroy: (engine: T) => Promise<void>;
}

interface Waiter {
  resolve: () => void;
  reject: (reason: unknown) => void;
}

export class EnginePool<T> {
  private readonly idle: T[] = [];
  private readonly waiting: Waiter[] = [];
  private readonly live = new Set<T>();
  private busy = 0;
  private closed = false;

  constructor(private readonly options: PoolOptions<T>) {}

  /** Runs `job` on an engine. Rejects at once with the signal's reason on abort. */
  async use<R>(
    job: (engine: T, signal: AbortSignal) => Promise<R>,
    signal: AbortSignal,
  ): Promise<R> {
    await this.acquireSlot(signal);
    let engine: T | undefined;
    try {
      engine = this.idle.pop() ?? (await this.createEngine());
      const result = await raceAbort(job(engine, signal), signal);
      await this.giveBack(engine, false);
      engine = undefined;
      return result;
    } catch (error) {
      // A failed job leaves a sound engine; an aborted one may still be busy.
      if (engine !== undefined) await this.giveBack(engine, signal.aborted);
      throw error;
    } finally {
      this.releaseSlot();
    }
  }

  /** Callers waiting for an engine now. */
  get queued(): number {
    return this.waiting.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0))
      waiter.reject(new Error(`${this.options.name} is closed`));
    this.idle.length = 0;
    await Promise.all([...this.live].map((engine) => this.destroyEngine(engine)));
  }

  private acquireSlot(signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    if (this.closed) return Promise.reject(new Error(`${this.options.name} is closed`));
    if (this.busy < this.options.size) {
      this.busy++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.options.queueLimit) {
      return Promise.reject(new PoolBusyError(this.options.name));
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const index = this.waiting.indexOf(waiter);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal.reason);
      };
      const waiter: Waiter = {
        // The slot passes straight from releaseSlot to this waiter: `busy` stays counted.
        resolve: () => {
          signal.removeEventListener("abort", onAbort);
          resolve();
        },
        reject,
      };
      signal.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private releaseSlot(): void {
    const next = this.waiting.shift();
    if (next) next.resolve();
    else this.busy--;
  }

  private async giveBack(engine: T, broken: boolean): Promise<void> {
    if (broken || this.closed) await this.destroyEngine(engine);
    else this.idle.push(engine);
  }

  private async createEngine(): Promise<T> {
    const engine = await this.options.create();
    this.live.add(engine);
    return engine;
  }

  private async destroyEngine(engine: T): Promise<void> {
    this.live.delete(engine);
    try {
      await this.options.destroy(engine);
    } catch {
      // Already gone: nothing left to free.
    }
  }
}

/**
 * Slots, not engines: at most `size` jobs at once and `queueLimit` waiting, for
 * engines that need no instance per job (a process per page, one shared model).
 */
export function slotPool(name: string, size: number, queueLimit: number): EnginePool<object> {
  return new EnginePool<object>({
    name,
    size,
    queueLimit,
    create: async () => ({}),
    destroy: async () => {},
  });
}
