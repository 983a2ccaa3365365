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
  /** Start times, oldest first; those before `#oldest` have left the window. */
  #starts: number[] = [];
  #oldest = 0;
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

  /**
   * The release function when a request may start right now with nobody queued before it, else
   * `undefined` (then `acquire` queues it). Spares the common uncontended case a promise.
   */
  tryAcquire(): (() => void) | undefined {
    return this.tryStart() ? this.#releaser() : undefined;
  }

  /**
   * `tryAcquire` for a caller that ends its slot with `finish()` itself, exactly once: no
   * release function is made. The client's first try of each request takes this way.
   */
  tryStart(): boolean {
    if (this.#queue.length > 0 || this.#inFlight >= this.#options.maxConcurrency) return false;
    const now = this.#options.clock();
    if (!this.#windowHasRoom(now)) return false;
    this.#start(now);
    return true;
  }

  /** Ends a slot taken with `tryStart`. */
  finish(): void {
    this.#inFlight -= 1;
    this.#pump();
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
      if (!this.#windowHasRoom(now)) {
        this.#wake((this.#starts[this.#oldest] ?? now) + WINDOW_MS - now);
        return;
      }
      const waiter = this.#queue.shift();
      if (!waiter) return;
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      this.#start(now);
      waiter.resolve(this.#releaser());
    }
  }

  /** Drops starts that left the window and says whether another may start at `now`. */
  #windowHasRoom(now: number): boolean {
    const starts = this.#starts;
    let oldest = this.#oldest;
    while (oldest < starts.length && (starts[oldest] ?? now) <= now - WINDOW_MS) oldest += 1;
    // Compact now and then rather than `shift()` each expired start, which copies the array.
    if (oldest > 1024 && oldest * 2 > starts.length) {
      this.#starts = starts.slice(oldest);
      oldest = 0;
    }
    this.#oldest = oldest;
    return this.#starts.length - oldest < this.#options.ratePerSecond;
  }

  #start(now: number): void {
    this.#inFlight += 1;
    this.#starts.push(now);
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.finish();
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
