import type { ChannelOutput } from '../../../src-shared/ipc/contract';
import type { IpcError } from '../../../src-shared/ipc/errors';
import { call } from '../api';

export type AccountDetails = ChannelOutput<'account.details'>;

/** The signed-in account's details as the Account view shows them; a failed reload keeps the last. */
export class AccountDetailsState {
  #value = $state.raw<AccountDetails | null>(null);
  #error = $state.raw<IpcError | null>(null);
  #loading = $state(false);
  #generation = 0;

  get value(): AccountDetails | null {
    return this.#value;
  }
  get error(): IpcError | null {
    return this.#error;
  }
  get loading(): boolean {
    return this.#loading;
  }

  async load(): Promise<void> {
    const generation = ++this.#generation;
    this.#loading = true;
    const result = await call('account.details');
    if (generation !== this.#generation) return;
    this.#loading = false;
    if (result.ok) {
      this.#value = result.value;
      this.#error = null;
    } else {
      this.#error = result.error;
    }
  }

  reset(): void {
    this.#generation += 1;
    this.#value = null;
    this.#error = null;
    this.#loading = false;
  }
}
