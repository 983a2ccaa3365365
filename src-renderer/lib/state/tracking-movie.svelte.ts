import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type { PlayView, WatchedWhen } from '../../../src-shared/ipc/contract';
import type { IpcError } from '../../../src-shared/ipc/errors';
import { call } from '../api';
import { OwnChanges } from './own-changes';

/**
 * A film's viewings on its page: each play with its date (rewatches are more plays), marking it
 * watched now, on its release date or on a chosen day, and removing one play. A change shows the
 * plays its reply names, without reading them again.
 */
export class MovieTracking {
  readonly movieId: number;
  #plays = $state.raw<readonly PlayView[]>([]);
  #loaded = $state(false);
  #error = $state.raw<IpcError | null>(null);
  #busy = $state(false);
  readonly #changes: OwnChanges;

  constructor(movieId: number) {
    this.movieId = movieId;
    this.#changes = new OwnChanges(
      () => this.load(),
      ({ movieIds }) => movieIds.includes(movieId),
    );
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
    return this.#changes.follow(bridge);
  }

  /** Adds a play (a rewatch when one exists already). */
  async mark(when: WatchedWhen): Promise<IpcError | null> {
    return this.#run(async () => {
      const reply = await this.#changes.run(() =>
        call('tracking.mark', {
          target: { scope: 'movie', movieId: this.movieId },
          when,
          rewatch: true,
          source: 'marquee',
        }),
      );
      if (!reply.ok) return reply.error;
      const added = reply.value.added.filter((p) => !this.#plays.some((q) => q.uid === p.uid));
      this.#plays = [...this.#plays, ...added];
      return null;
    });
  }

  /** Removes one play; returns it so Undo can restore it. */
  async remove(uid: string): Promise<{ removed: PlayView[] } | { error: IpcError }> {
    return this.#run(async () => {
      const reply = await this.#changes.run(() =>
        call('tracking.unmark', { target: { scope: 'play', uid } }),
      );
      if (!reply.ok) return { error: reply.error };
      const { removed } = reply.value;
      this.#plays = this.#plays.filter((p) => !removed.some((r) => r.uid === p.uid));
      return { removed };
    });
  }

  reset(): void {
    this.#plays = [];
    this.#loaded = false;
    this.#error = null;
    this.#busy = false;
    this.#changes.reset();
  }

  async #run<T>(run: () => Promise<T>): Promise<T> {
    this.#busy = true;
    try {
      return await run();
    } finally {
      this.#busy = false;
    }
  }
}
