import { abortReason } from './abort';

export interface LimiterOptions {
  maxConcurrency: number;
  /** Most request starts in any sliding one-second window. */
  ratePerSecond: number;
  clock: () => number;
  sleep: (ms: number) => Promise<void>;
}

interface Waiter {
  resolve: (release: () => void) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

const WINDOW_MS = 1000;

/**
 * Caps requests in flight and request starts per second. A sliding window (not a token bucket)
 * because a full bucket lets a burst plus a refill through in the same second, which is exactly
 * what TMDB's ~40/s limit counts. Waiters are served in order.
 */
export class RequestLimiter {
  readonly #options: LimiterOptions;
  readonly #queue: Waiter[] = [];
  /** Start times within the current window, oldest first. */
  readonly #starts: number[] = [];
  #inFlight = 0;
  #timerPending = false;

  constructor(options: LimiterOptions) {
    this.#options = {
      ...options,
      maxConcurrency: Math.max(1, Math.floor(options.maxConcurrency)),
      ratePerSecond: Math.max(1, Math.floor(options.ratePerSecond)),
    };
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  get queued(): number {
    return this.#queue.length;
  }

  /** Resolves with a release function once the request may start; rejects if the signal aborts first. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          const at = this.#queue.indexOf(waiter);
          if (at >= 0) this.#queue.splice(at, 1);
          reject(abortReason(signal));
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.#queue.push(waiter);
      this.#pump();
    });
  }

  #pump(): void {
    while (this.#queue.length > 0 && this.#inFlight < this.#options.maxConcurrency) {
      const now = this.#options.clock();
      while (this.#starts.length > 0 && (this.#starts[0] ?? now) <= now - WINDOW_MS)
        this.#starts.shift();
      if (this.#starts.length >= this.#options.ratePerSecond) {
        this.#wake((this.#starts[0] ?? now) + WINDOW_MS - now);
        return;
      }
      const waiter = this.#queue.shift();
      if (!waiter) return;
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      this.#inFlight += 1;
      this.#starts.push(now);
      waiter.resolve(this.#releaser());
    }
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#inFlight -= 1;
      this.#pump();
    };
  }

  /** One pending wake-up at a time is enough: the pump re-arms it if the window is still full. */
  #wake(ms: number): void {
    if (this.#timerPending) return;
    this.#timerPending = true;
    void this.#options.sleep(Math.max(1, ms)).then(() => {
      this.#timerPending = false;
      this.#pump();
    });
  }
}
