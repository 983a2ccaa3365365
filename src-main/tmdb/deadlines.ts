/** Something that times out unless it settles first. */
export interface Timed {
  /** Set by the queue, on `performance.now()`'s clock. */
  deadline: number;
  readonly settled: boolean;
  timeOut(): void;
}

/**
 * The timeouts of attempts that all have the same length, on one timer. With one length,
 * deadlines fall due in the order attempts start, so they form a queue and one timer for its
 * head serves them all. A timer per attempt (setTimeout, then clearTimeout) cost about 5 µs of
 * each request: Node makes and drops its list of timers of that length every time
 * (bench/client.bench.ts). Settled attempts leave the head of the queue as the next one joins.
 *
 * The timer does not keep the process alive: an attempt in flight holds its connection, which
 * does.
 */
export class Deadlines {
  readonly #ms: number;
  #queue: Timed[] = [];
  #head = 0;
  #armed = false;

  constructor(ms: number) {
    this.#ms = ms;
  }

  /** Times `item` out `ms` from now unless it has settled by then. */
  add(item: Timed): void {
    item.deadline = performance.now() + this.#ms;
    this.#dropSettled();
    this.#queue.push(item);
    if (!this.#armed) this.#arm(this.#ms);
  }

  /** Items still waiting for their deadline (settled ones not yet dropped included). */
  get size(): number {
    return this.#queue.length - this.#head;
  }

  #arm(ms: number): void {
    this.#armed = true;
    setTimeout(sweep, Math.max(1, Math.ceil(ms)), this).unref();
  }

  /** Times out every due item, then waits for the next one. */
  sweep(): void {
    this.#armed = false;
    const now = performance.now();
    const queue = this.#queue;
    while (this.#head < queue.length) {
      const item = queue[this.#head];
      if (item && !item.settled) {
        if (item.deadline > now) break;
        item.timeOut();
      }
      this.#head += 1;
    }
    this.#dropSettled();
    const next = this.#queue[this.#head];
    if (next) this.#arm(next.deadline - now);
  }

  #dropSettled(): void {
    const queue = this.#queue;
    while (this.#head < queue.length && queue[this.#head]?.settled) this.#head += 1;
    if (this.#head === queue.length) {
      queue.length = 0;
      this.#head = 0;
    } else if (this.#head > 1024 && this.#head * 2 > queue.length) {
      // Now and then rather than `shift()` each one, which copies the array.
      this.#queue = queue.slice(this.#head);
      this.#head = 0;
    }
  }
}

function sweep(deadlines: Deadlines): void {
  deadlines.sweep();
}

const byLength = new Map<number, Deadlines>();

/** The queue of every attempt whose timeout is `ms` long. */
export function deadlinesOf(ms: number): Deadlines {
  let deadlines = byLength.get(ms);
  if (!deadlines) byLength.set(ms, (deadlines = new Deadlines(ms)));
  return deadlines;
}
