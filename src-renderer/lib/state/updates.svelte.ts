import type { UpdateStatus } from '../../../src-shared/ipc/contract';
import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type { IpcError } from '../../../src-shared/ipc/errors';

/**
 * The desktop app's update as the shell reports it: asked once when Settings opens
 * (`app.update`), then followed on the `app.update` announcements. `install` is the user's
 * "Restart to update": Marquee quits, installs the downloaded release and starts again.
 */
export class UpdatesState {
  #status = $state.raw<UpdateStatus | null>(null);
  #installing = $state(false);

  get status(): UpdateStatus | null {
    return this.#status;
  }
  get installing(): boolean {
    return this.#installing;
  }

  /** Subscribes to the shell's announcements; returns the function that unsubscribes. */
  start(bridge: MarqueeApi): () => void {
    // An announcement that lands before the answer is newer than it, so the answer is dropped.
    let announced = false;
    const stop = bridge.on('app.update', (status) => {
      announced = true;
      this.#status = status;
    });
    void bridge.invoke('app.update').then(
      (result) => {
        if (result.ok && !announced) this.#status = result.value;
      },
      () => undefined,
    );
    return stop;
  }

  /** Asks the shell to install the downloaded update now; the error when it cannot. */
  async install(bridge: MarqueeApi): Promise<IpcError | null> {
    this.#installing = true;
    const result = await bridge
      .invoke('app.installUpdate')
      .catch((error: unknown): { ok: false; error: IpcError } => ({
        ok: false,
        error: {
          code: 'internal',
          message: error instanceof Error ? error.message : String(error),
        },
      }));
    // On success Marquee is quitting; the button stays busy until the window closes.
    if (!result.ok) this.#installing = false;
    return result.ok ? null : result.error;
  }
}

export const updates = new UpdatesState();
