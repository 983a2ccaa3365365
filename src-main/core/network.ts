import type { EventBus } from './events';

/**
 * Tracks whether TMDB is reachable. Any network failure or timeout switches to offline, any
 * answer from the server switches back; each change is announced once on `network.status`.
 */
export class NetworkStatus {
  #online = true;
  #since: number;
  #reason: string | undefined;
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
    this.#events.emit('network.status', this.snapshot());
  }
}
