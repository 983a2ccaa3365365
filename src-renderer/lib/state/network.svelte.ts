import type { EventPayload } from '../../../src-shared/ipc/contract';
import type { MarqueeApi } from '../../../src-shared/ipc/api';

type NetworkPayload = EventPayload<'network.status'>;

/**
 * Whether TMDB is reachable, as the core reports it on `network.status`. The core announces only
 * changes, so at start the state is asked for once (`network.current`): a page reloaded while
 * offline must not say Online until the next change.
 */
export class NetworkState {
  #online = $state(true);
  #since = $state<number | null>(null);
  #reason = $state<string | null>(null);

  get online(): boolean {
    return this.#online;
  }

  get since(): number | null {
    return this.#since;
  }

  get reason(): string | null {
    return this.#reason;
  }

  readonly label = $derived(this.#online ? 'Online' : 'Offline');

  /** Subscribes to the core's announcements; returns the function that unsubscribes. */
  start(bridge: MarqueeApi): () => void {
    // An announcement that lands before the answer is newer than it, so the answer is dropped.
    let announced = false;
    const stop = bridge.on('network.status', (payload) => {
      announced = true;
      this.apply(payload);
    });
    void bridge.invoke('network.current').then(
      (result) => {
        if (result.ok && !announced) this.apply(result.value);
      },
      () => undefined,
    );
    return stop;
  }

  apply(payload: NetworkPayload): void {
    this.#online = payload.online;
    this.#since = payload.since;
    this.#reason = payload.online ? null : (payload.reason ?? null);
  }

  reset(): void {
    this.#online = true;
    this.#since = null;
    this.#reason = null;
  }
}

export const network = new NetworkState();
