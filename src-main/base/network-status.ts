import type { EventBus } from './events';
import type { Timers } from './timers';

export interface ProbeOptions {
  timers: Timers;
  /** A cheap request whose answer (any answer) reports the network back through `report`. */
  probe: () => Promise<unknown>;
  intervalMs?: number;
}

/** While offline, TMDB is asked this often whether it is back. */
export const PROBE_INTERVAL_MS = 15_000;

/** One service's reachability. */
export interface ServiceState {
  online: boolean;
  since: number;
  reason?: string;
}

/** What `network.current` and `network.status` carry: the API's state, plus the image host's. */
export type NetworkSnapshot = ServiceState & { images: ServiceState };

/**
 * Tracks whether TMDB is reachable, per service. The API's state is the app's "online": any
 * network failure or timeout of an API call switches it to offline, any answer switches it back.
 * The image host is tracked apart (`reportImages`) and never decides "offline": with the API up and
 * only images down, pages still load live and images show placeholders. Each change of the API's
 * state is announced once on `network.status`. While the API is offline, an optional probe asks TMDB now
 * and then, so the app notices the network returning even when the user does nothing.
 */
export class NetworkStatus {
  #online = true;
  #since: number;
  #reason: string | undefined;
  #images: ServiceState;
  #probe: ProbeOptions | undefined;
  #stopProbe: (() => void) | undefined;
  #probing = false;
  readonly #events: EventBus;
  readonly #clock: () => number;

  constructor(events: EventBus, clock: () => number) {
    this.#events = events;
    this.#clock = clock;
    this.#since = clock();
    this.#images = { online: true, since: this.#since };
  }

  /** Whether TMDB's API answers: the app's online state. */
  get online(): boolean {
    return this.#online;
  }

  /** Whether TMDB's image host answers; images alone never make the app offline. */
  get imagesOnline(): boolean {
    return this.#images.online;
  }

  snapshot(): NetworkSnapshot {
    const api: ServiceState =
      this.#reason === undefined
        ? { online: this.#online, since: this.#since }
        : { online: this.#online, since: this.#since, reason: this.#reason };
    return { ...api, images: { ...this.#images } };
  }

  /** The API's state, from the TMDB client. */
  report(online: boolean, reason?: string): void {
    if (online === this.#online) return;
    this.#online = online;
    this.#since = this.#clock();
    this.#reason = online ? undefined : reason;
    this.#syncProbe();
    this.#events.emit('network.status', this.snapshot());
  }

  /**
   * The image host's state, from the image service. Kept for `network.current` (and the next API
   * announcement) but not announced itself: listeners take every `network.status` with `online`
   * as "TMDB is back" (sync kicks, tracking refreshes), and an image-only change is not that.
   */
  reportImages(online: boolean, reason?: string): void {
    if (online === this.#images.online) return;
    const since = this.#clock();
    this.#images = online || reason === undefined ? { online, since } : { online, since, reason };
  }

  /** Installs the offline probe; it runs only while offline. */
  useProbe(options: ProbeOptions): void {
    this.#probe = options;
    this.#syncProbe();
  }

  /** Stops the probe for good (shutdown). */
  close(): void {
    this.#stopProbe?.();
    this.#stopProbe = undefined;
    this.#probe = undefined;
  }

  #syncProbe(): void {
    const probe = this.#probe;
    if (!this.#online && probe && !this.#stopProbe) {
      this.#stopProbe = probe.timers.every(probe.intervalMs ?? PROBE_INTERVAL_MS, () => {
        this.#runProbe();
      });
    } else if (this.#online && this.#stopProbe) {
      this.#stopProbe();
      this.#stopProbe = undefined;
    }
  }

  #runProbe(): void {
    // One probe at a time: a slow answer must not pile up requests on a bad network.
    if (this.#probing || !this.#probe) return;
    this.#probing = true;
    this.#probe
      .probe()
      .catch(() => undefined) // The client has already reported the outcome.
      .finally(() => (this.#probing = false));
  }
}
