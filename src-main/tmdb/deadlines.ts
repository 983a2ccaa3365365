/** Something that times out unless it settles first. */
export interface Timed {
  /** Set by the queue, on `performance.now()`'s clock. */
  deadline: number;
  readonly settled: boolean;
  timeOut(): void;
  /** The item that joined the queue after this one: the queue is a list through its items. */
  next: Timed | undefined;
}

/**
 * The timeouts of attempts that all have the same length, on one timer. With one length,
 * deadlines fall due in the order attempts start, so they form a queue and one timer for its
 * head serves them all. A timer per attempt (setTimeout, then clearTimeout) cost a few µs of
 * each request: Node makes and drops its list of timers of that length every time
 * (bench/client.bench.ts). The queue is linked through its items, so joining it allocates
 * nothing; settled items leave its head as the next one joins.
 *
 * The timer does not keep the process alive: an attempt in flight holds its connection, which
 * does.
 */
export class Deadlines {
  readonly #ms: number;
  #head: Timed | undefined;
  #tail: Timed | undefined;
  #armed = false;

  constructor(ms: number) {
    this.#ms = ms;
  }

  /** Times `item` out `ms` from now unless it has settled by then. */
  add(item: Timed): void {
    item.deadline = performance.now() + this.#ms;
    item.next = undefined;
    this.#dropSettled();
    if (this.#tail) this.#tail.next = item;
    else this.#head = item;
    this.#tail = item;
    if (!this.#armed) this.#arm(this.#ms);
  }

  /** Items still waiting for their deadline (settled ones not yet dropped included). */
  get size(): number {
    let count = 0;
    for (let item = this.#head; item; item = item.next) count += 1;
    return count;
  }

  /** Times out every due item, then waits for the next one. */
  sweep(): void {
    this.#armed = false;
    const now = performance.now();
    let head = this.#head;
    while (head && (head.settled || head.deadline <= now)) {
      if (!head.settled) head.timeOut();
      head = this.#unlink(head);
    }
    this.#head = head;
    if (head) this.#arm(head.deadline - now);
    else this.#tail = undefined;
  }

  #arm(ms: number): void {
    this.#armed = true;
    setTimeout(sweep, Math.max(1, Math.ceil(ms)), this).unref();
  }

  #dropSettled(): void {
    let head = this.#head;
    while (head?.settled) head = this.#unlink(head);
    this.#head = head;
    if (!head) this.#tail = undefined;
  }

  /** The item after `item`, with `item` cut loose so it holds nothing alive. */
  #unlink(item: Timed): Timed | undefined {
    const next = item.next;
    item.next = undefined;
    return next;
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
