import type { ChannelOutput } from '../../../src-shared/ipc/contract';
import type { IpcError } from '../../../src-shared/ipc/errors';
import { call } from '../api';

export type AppInfo = ChannelOutput<'app.info'>;

/** What the core says about itself: version, data folder, and whether the demo catalogue is in use. */
export class AppInfoState {
  #info = $state.raw<AppInfo | null>(null);
  #error = $state.raw<IpcError | null>(null);

  get info(): AppInfo | null {
    return this.#info;
  }
  get error(): IpcError | null {
    return this.#error;
  }

  async load(): Promise<void> {
    const result = await call('app.info');
    if (result.ok) {
      this.#info = result.value;
      this.#error = null;
    } else {
      this.#error = result.error;
    }
  }

  reset(): void {
    this.#info = null;
    this.#error = null;
  }
}

export const appInfo = new AppInfoState();
