import type { Provenance } from '../../../src-shared/ipc/contract';
import type { IpcError } from '../../../src-shared/ipc/errors';
import type { IpcResult } from '../../../src-shared/ipc/result';

export type ValueStatus = 'idle' | 'loading' | 'ready' | 'error';

export type ValueReply<T> = IpcResult<{ data: T; meta: Provenance }>;

/**
 * One TMDB resource (a film's details, a season, a person) with its provenance and its
 * loading/error/retry states. Only the answer of the latest load is applied; a failed reload keeps
 * what is shown.
 */
export class RemoteValue<T> {
  #value = $state.raw<T | null>(null);
  #meta = $state.raw<Provenance | null>(null);
  #status = $state<ValueStatus>('idle');
  #error = $state.raw<IpcError | null>(null);
  #sequence = 0;
  readonly #load: () => Promise<ValueReply<T>>;

  constructor(load: () => Promise<ValueReply<T>>) {
    this.#load = load;
  }

  get value(): T | null {
    return this.#value;
  }
  get meta(): Provenance | null {
    return this.#meta;
  }
  get status(): ValueStatus {
    return this.#status;
  }
  get error(): IpcError | null {
    return this.#error;
  }
  get loading(): boolean {
    return this.#status === 'loading';
  }

  async ensure(): Promise<void> {
    if (this.#status === 'idle' || this.#status === 'error') await this.load();
  }

  async load(): Promise<void> {
    const sequence = ++this.#sequence;
    this.#status = 'loading';
    const reply = await this.#load();
    if (sequence !== this.#sequence) return;
    if (reply.ok) {
      this.#value = reply.value.data;
      this.#meta = reply.value.meta;
      this.#error = null;
      this.#status = 'ready';
    } else {
      this.#error = reply.error;
      this.#status = 'error';
    }
  }

  reset(): void {
    this.#sequence += 1;
    this.#value = null;
    this.#meta = null;
    this.#status = 'idle';
    this.#error = null;
  }
}
