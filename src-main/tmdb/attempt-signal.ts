import type { Timed } from './deadlines';

/** What `addEventListener` takes: a function, or an object with `handleEvent`. */
type Listener = NonNullable<Parameters<EventTarget['addEventListener']>[1]>;

/**
 * The signal the transport (transport.ts) gets for one attempt, aborted by the attempt's timeout or by the caller's
 * own signal, and remembering which of the two it was.
 *
 * Not a Node `AbortController`: its signal is an `EventTarget`, and making one per attempt and
 * having `fetch` follow it cost about 20 µs of a loopback request, this object about half of
 * that (bench/client.bench.ts). undici's `request` and Node's `fetch` both follow any object shaped
 * like an `AbortSignal` through `addEventListener`, so an attempt's signal is this small object:
 * the abort state and its one or two listeners.
 */
export class AttemptSignal implements AbortSignal, Timed {
  aborted = false;
  reason: unknown = undefined;
  onabort: ((this: AbortSignal, event: Event) => unknown) | null = null;
  byTimeout = false;
  byCaller = false;
  /** When the attempt times out, on `performance.now()`'s clock (see deadlines.ts). */
  deadline = 0;
  /** The attempt is over: its timeout no longer applies. */
  settled = false;
  /** The attempt that started after this one, while both wait for their deadline. */
  next: AttemptSignal | undefined = undefined;
  #listeners: Listener[] | undefined;
  #caller: AbortSignal | undefined;

  /** Follows the caller's signal, if any: aborted already, or as its listener. */
  constructor(caller: AbortSignal | undefined) {
    if (!caller) return;
    this.#caller = caller;
    if (caller.aborted) this.handleEvent();
    else caller.addEventListener('abort', this, { once: true });
  }

  /** The caller's abort. */
  handleEvent(): void {
    this.byCaller = true;
    this.#abort(this.#caller?.reason);
  }

  /** The attempt's timeout (called by the deadline queue). */
  timeOut(): void {
    this.byTimeout = true;
    this.#abort(undefined);
  }

  /** The attempt is over: stop following the caller's signal and leave the deadline queue. */
  settle(): void {
    this.settled = true;
    this.#caller?.removeEventListener('abort', this);
    this.#caller = undefined;
    this.#listeners = undefined;
  }

  addEventListener(type: string, listener: Listener | null): void {
    if (type !== 'abort' || listener === null || this.aborted) return;
    const listeners = (this.#listeners ??= []);
    if (!listeners.includes(listener)) listeners.push(listener);
  }

  removeEventListener(type: string, listener: Listener | null): void {
    const listeners = this.#listeners;
    if (type !== 'abort' || listener === null || !listeners) return;
    const at = listeners.indexOf(listener);
    if (at >= 0) listeners.splice(at, 1);
  }

  dispatchEvent(event: Event): boolean {
    if (event.type === 'abort') this.#notify(event);
    return true;
  }

  throwIfAborted(): void {
    if (this.aborted) throw this.reason;
  }

  // Node's `events.getMaxListeners` / `setMaxListeners`, which fetch calls on a signal it follows,
  // look for these EventEmitter methods on anything that is not an EventTarget; without them they
  // throw (and fetch catches), which costs more than this whole object. An attempt's signal has
  // one or two listeners, so there is no limit to keep.
  getMaxListeners(): number {
    return 0;
  }

  setMaxListeners(): void {
    // Nothing to raise: see getMaxListeners.
  }

  #abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason ?? new DOMException('This operation was aborted', 'AbortError');
    this.#notify(new Event('abort'));
    this.#listeners = undefined;
  }

  #notify(event: Event): void {
    this.onabort?.call(this, event);
    // A copy: a listener may remove itself (fetch does) while the list is read.
    for (const listener of [...(this.#listeners ?? [])]) {
      if (typeof listener === 'function') listener.call(this, event);
      else listener.handleEvent(event);
    }
  }
}
