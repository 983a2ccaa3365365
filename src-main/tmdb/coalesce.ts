import { createHash } from 'node:crypto';
import { abortReason } from './abort';
import type { BuiltRequest } from './build-request';

interface Group<T> {
  promise: Promise<T>;
  controller: AbortController;
  waiters: number;
}

/**
 * The identity of a GET for coalescing: method, full URL and the Authorization header, so two
 * users' requests never share an answer. Hashed, because the URL and header carry secrets.
 */
export function coalescingKey(request: BuiltRequest): string {
  const identity = `${request.method}\n${request.url}\n${request.headers.Authorization ?? ''}`;
  return createHash('sha256').update(identity).digest('hex');
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

  run(
    key: string,
    signal: AbortSignal | undefined,
    start: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    signal?.throwIfAborted();
    let group = this.#groups.get(key);
    if (!group) {
      const controller = new AbortController();
      const created: Group<T> = { promise: start(controller.signal), controller, waiters: 0 };
      const forget = (): void => {
        if (this.#groups.get(key) === created) this.#groups.delete(key);
      };
      void created.promise.then(forget, forget);
      this.#groups.set(key, created);
      group = created;
    }
    return this.#follow(key, group, signal);
  }

  #follow(key: string, group: Group<T>, signal: AbortSignal | undefined): Promise<T> {
    group.waiters += 1;
    return new Promise<T>((resolve, reject) => {
      let done = false;
      const onAbort = (): void => {
        if (done) return;
        done = true;
        group.waiters -= 1;
        if (group.waiters === 0) {
          group.controller.abort(abortReason(signal));
          if (this.#groups.get(key) === group) this.#groups.delete(key);
        }
        reject(abortReason(signal));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      group.promise.then(
        (value) => {
          if (done) return;
          done = true;
          signal?.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          if (done) return;
          done = true;
          signal?.removeEventListener('abort', onAbort);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }
}
