import { abortReason } from './abort';
import type { BuiltRequest } from './request';

class Group<T> {
  /** Set as soon as the group is made (the run needs the group to forget it). */
  promise!: Promise<T>;
  waiters = 0;
  /** Only when the group can be cancelled: see `InFlight.run`. */
  readonly controller: AbortController | undefined;

  constructor(controller: AbortController | undefined) {
    this.controller = controller;
  }
}

/**
 * The identity of a GET for coalescing: the credentials' identity (a number the client bumps
 * whenever the credentials change, so two users' requests never share an answer) and the
 * request without its credentials. No secret is in it and nothing needs hashing. `undefined`
 * when the request carries a secret its identity number does not stand for: it is then sent alone.
 */
export function coalescingKey(request: BuiltRequest, identity: number): string | undefined {
  if (!request.secretsFromCredentials) return undefined;
  return `${identity} ${request.target}`;
}

/**
 * Identical requests in flight share one run. Each caller can abort its own wait without
 * affecting the others; the shared run is aborted only when every caller has left.
 */
export class InFlight<T> {
  readonly #groups = new Map<string, Group<T>>();

  get size(): number {
    return this.#groups.size;
  }

  /**
   * Joins the run of `key`, or starts it. `start` receives a signal only when the run can be
   * cancelled, which is when every caller so far brought one: a caller without a signal never
   * leaves, so a run it started is never aborted and needs no controller. `start` also receives
   * `settled`, which the run must call once as it settles, before its promise does.
   */
  run(
    key: string,
    signal: AbortSignal | undefined,
    start: (signal: AbortSignal | undefined, settled: () => void) => Promise<T>,
  ): Promise<T> {
    signal?.throwIfAborted();
    let group = this.#groups.get(key);
    if (!group) {
      const controller = signal ? new AbortController() : undefined;
      const started = new Group<T>(controller);
      this.#groups.set(key, started);
      // The group is forgotten as the run settles, before anyone hears its answer: the run calls
      // `settled` as its last step before its promise settles. A caller waits on that promise
      // itself, without the extra promise and ticks a wrapper or a second reaction would add.
      const settled = (): void => {
        if (this.#groups.get(key) === started) this.#groups.delete(key);
      };
      let run: Promise<T>;
      try {
        run = start(controller?.signal, settled);
      } catch (error) {
        settled();
        run = Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      started.promise = run;
      group = started;
    }
    group.waiters += 1;
    // A caller that cannot leave early waits on the shared run itself.
    if (!signal) return group.promise;
    return this.#follow(key, group, signal);
  }

  #follow(key: string, group: Group<T>, signal: AbortSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let done = false;
      const onAbort = (): void => {
        if (done) return;
        done = true;
        group.waiters -= 1;
        if (group.waiters === 0) {
          group.controller?.abort(abortReason(signal));
          if (this.#groups.get(key) === group) this.#groups.delete(key);
        }
        reject(abortReason(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      group.promise.then(
        (value) => {
          if (done) return;
          done = true;
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          if (done) return;
          done = true;
          signal.removeEventListener('abort', onAbort);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }
}
