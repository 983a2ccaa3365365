import type { Provenance } from '../../../src-shared/ipc/contract';
import type { IpcError } from '../../../src-shared/ipc/errors';
import type { IpcResult } from '../../../src-shared/ipc/result';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * One list that comes from the core with its provenance, and its loading/error/retry states.
 * A failed reload keeps the items already shown: an error never throws away what the user sees.
 */
export class RemoteList<T> {
  #status = $state<LoadStatus>('idle');
  #items = $state.raw<readonly T[]>([]);
  #meta = $state.raw<Provenance | null>(null);
  #error = $state.raw<IpcError | null>(null);
  #hasData = $state(false);
  readonly #load: () => Promise<IpcResult<{ items: T[]; meta: Provenance }>>;
  #generation = 0;

  constructor(load: () => Promise<IpcResult<{ items: T[]; meta: Provenance }>>) {
    this.#load = load;
  }

  get status(): LoadStatus {
    return this.#status;
  }
  get items(): readonly T[] {
    return this.#items;
  }
  get meta(): Provenance | null {
    return this.#meta;
  }
  get error(): IpcError | null {
    return this.#error;
  }
  /** True once a load has succeeded, even if a later one failed. */
  get hasData(): boolean {
    return this.#hasData;
  }

  /** Loads unless a load is under way or has succeeded; a failed one is tried again. */
  async ensure(): Promise<void> {
    if (this.#status === 'idle' || this.#status === 'error') await this.reload();
  }

  async reload(): Promise<void> {
    const generation = ++this.#generation;
    // The previous error stays until this attempt ends, so a Retry shows "Retrying…" in place.
    this.#status = 'loading';
    const result = await this.#load();
    // A reset() or newer reload while this one was in flight wins.
    if (generation !== this.#generation) return;
    if (result.ok) {
      this.#items = result.value.items;
      this.#meta = result.value.meta;
      this.#hasData = true;
      this.#error = null;
      this.#status = 'ready';
    } else {
      this.#error = result.error;
      this.#status = 'error';
    }
  }

  reset(): void {
    this.#generation += 1;
    this.#status = 'idle';
    this.#items = [];
    this.#meta = null;
    this.#error = null;
    this.#hasData = false;
  }
}
