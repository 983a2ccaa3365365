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

/**
 * Tracks whether TMDB is reachable. Any network failure or timeout switches to offline, any
 * answer from the server switches back; each change is announced once on `network.status`.
 * While offline, an optional probe asks TMDB now and then, so the app notices the network
 * returning even when the user does nothing.
 */
export class NetworkStatus {
  #online = true;
  #since: number;
  #reason: string | undefined;
  #probe: ProbeOptions | undefined;
  #stopProbe: (() => void) | undefined;
  #probing = false;
  readonly #events: EventBus;
  readonly #clock: () => number;

  constructor(events: EventBus, clock: () => number) {
    this.#events = events;
    this.#clock = clock;
    this.#since = clock();
  }

  get online(): boolean {
    return this.#online;
  }

  snapshot(): { online: boolean; since: number; reason?: string } {
    return this.#reason === undefined
      ? { online: this.#online, since: this.#since }
      : { online: this.#online, since: this.#since, reason: this.#reason };
  }

  report(online: boolean, reason?: string): void {
    if (online === this.#online) return;
    this.#online = online;
    this.#since = this.#clock();
    this.#reason = online ? undefined : reason;
    this.#syncProbe();
    this.#events.emit('network.status', this.snapshot());
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
