import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type { PlayView, WatchedWhen } from '../../../src-shared/ipc/contract';
import type { IpcError } from '../../../src-shared/ipc/errors';
import { call } from '../api';

/**
 * A film's viewings on its page: each play with its date (rewatches are more plays), marking it
 * watched now, on its release date or on a chosen day, and removing one play.
 */
export class MovieTracking {
  readonly movieId: number;
  #plays = $state.raw<readonly PlayView[]>([]);
  #loaded = $state(false);
  #error = $state.raw<IpcError | null>(null);
  #busy = $state(false);

  constructor(movieId: number) {
    this.movieId = movieId;
  }

  get plays(): readonly PlayView[] {
    return this.#plays;
  }
  get loaded(): boolean {
    return this.#loaded;
  }
  get error(): IpcError | null {
    return this.#error;
  }
  get busy(): boolean {
    return this.#busy;
  }

  /** Newest first; plays with no known date last. */
  readonly sorted: readonly PlayView[] = $derived(
    [...this.#plays].sort((a, b) => (b.watchedAt ?? -1) - (a.watchedAt ?? -1)),
  );

  async load(): Promise<void> {
    const reply = await call('tracking.plays', {
      target: { scope: 'movie', movieId: this.movieId },
    });
    if (reply.ok) {
      this.#plays = reply.value.plays;
      this.#error = null;
    } else {
      this.#error = reply.error;
    }
    this.#loaded = true;
  }

  /** Reloads when this film's plays change elsewhere (an Undo, an import). */
  start(bridge: MarqueeApi): () => void {
    return bridge.on('tracking.changed', ({ movieIds }) => {
      if (movieIds.includes(this.movieId) && !this.#busy) void this.load();
    });
  }

  /** Adds a play (a rewatch when one exists already). */
  async mark(when: WatchedWhen): Promise<IpcError | null> {
    return this.#run(async () => {
      const reply = await call('tracking.mark', {
        target: { scope: 'movie', movieId: this.movieId },
        when,
        rewatch: true,
        source: 'marquee',
      });
      return reply.ok ? null : reply.error;
    });
  }

  /** Removes one play; returns it so Undo can restore it. */
  async remove(uid: string): Promise<{ removed: PlayView[] } | { error: IpcError }> {
    return this.#run(async () => {
      const reply = await call('tracking.unmark', { target: { scope: 'play', uid } });
      return reply.ok ? { removed: reply.value.removed } : { error: reply.error };
    });
  }

  reset(): void {
    this.#plays = [];
    this.#loaded = false;
    this.#error = null;
    this.#busy = false;
  }

  async #run<T>(run: () => Promise<T>): Promise<T> {
    this.#busy = true;
    try {
      return await run();
    } finally {
      this.#busy = false;
      await this.load();
    }
  }
}
