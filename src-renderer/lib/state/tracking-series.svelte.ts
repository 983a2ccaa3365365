import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type {
  PlayView,
  SeriesProgressView,
  UnmarkScope,
  WatchScope,
  WatchedWhen,
} from '../../../src-shared/ipc/contract';
import type { IpcError } from '../../../src-shared/ipc/errors';
import { call } from '../api';

export type EpisodeProgress = SeriesProgressView['seasons'][number]['episodes'][number];
export type SeriesStatus = SeriesProgressView['status'];

export const statusLabels: Record<SeriesStatus, string> = {
  returning: 'Returning series',
  ended: 'Ended',
  canceled: 'Canceled',
  in_production: 'In production',
  planned: 'Planned',
  pilot: 'Pilot',
  unknown: 'Status unknown',
};

/**
 * One series' watch progress on its page: which episodes were watched and how often, the
 * series' follow and specials settings, and the changes to them. The core stores a series'
 * episodes on its first refresh; until then progress is null and the first mark stores it.
 */
export class SeriesTracking {
  readonly seriesId: number;
  #progress = $state.raw<SeriesProgressView | null>(null);
  #loaded = $state(false);
  #error = $state.raw<IpcError | null>(null);
  /** What is being changed, e.g. `s1e3`, `s2`, `follow`: its control shows it is busy. */
  #busy = $state<string | null>(null);

  constructor(seriesId: number) {
    this.seriesId = seriesId;
  }

  get progress(): SeriesProgressView | null {
    return this.#progress;
  }
  get loaded(): boolean {
    return this.#loaded;
  }
  get error(): IpcError | null {
    return this.#error;
  }
  get busy(): string | null {
    return this.#busy;
  }

  /** Episodes by `season:episode`, for each episode row to look itself up. */
  readonly #episodes: ReadonlyMap<string, EpisodeProgress> = $derived.by(() => {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- rebuilt whole by $derived
    const map = new Map<string, EpisodeProgress>();
    for (const season of this.#progress?.seasons ?? []) {
      for (const episode of season.episodes)
        map.set(`${season.season}:${episode.episode}`, episode);
    }
    return map;
  });

  episode(season: number, episode: number): EpisodeProgress | null {
    return this.#episodes.get(`${season}:${episode}`) ?? null;
  }

  season(season: number): SeriesProgressView['seasons'][number] | null {
    return this.#progress?.seasons.find((s) => s.season === season) ?? null;
  }

  /** Reads the progress; a series never stored is refreshed once (online) and read again. */
  async load(): Promise<void> {
    const reply = await call('tracking.progress', { seriesId: this.seriesId });
    if (!reply.ok) {
      this.#error = reply.error;
      this.#loaded = true;
      return;
    }
    this.#progress = reply.value;
    this.#error = null;
    this.#loaded = true;
  }

  /** Reloads when this series' plays or episodes change elsewhere (Up Next, a refresh). */
  start(bridge: MarqueeApi): () => void {
    return bridge.on('tracking.changed', ({ seriesIds }) => {
      if (seriesIds.includes(this.seriesId) && this.#busy === null) void this.load();
    });
  }

  /**
   * Adds plays for an episode, a season, everything up to an episode, or the whole series.
   * Returns the plays added, or the failure.
   */
  async mark(
    target: WatchScope,
    options: { when?: WatchedWhen; airDate?: string | null; rewatch?: boolean } = {},
  ): Promise<{ added: PlayView[] } | { error: IpcError }> {
    return this.#change(busyKey(target), async () => {
      const reply = await call('tracking.mark', {
        target,
        when: options.when ?? { kind: 'now' },
        rewatch: options.rewatch ?? false,
        source: 'marquee',
        ...(options.airDate === undefined ? {} : { airDate: options.airDate }),
      });
      return reply.ok ? { added: reply.value.added } : { error: reply.error };
    });
  }

  /** Removes plays; returns them so Undo can restore exactly those. */
  async unmark(target: UnmarkScope): Promise<{ removed: PlayView[] } | { error: IpcError }> {
    return this.#change(target.scope === 'play' ? target.uid : busyKey(target), async () => {
      const reply = await call('tracking.unmark', { target });
      return reply.ok ? { removed: reply.value.removed } : { error: reply.error };
    });
  }

  async setFollow(follow: boolean): Promise<IpcError | null> {
    return this.#setting('follow', () =>
      call('tracking.setFollow', {
        seriesId: this.seriesId,
        follow: follow ? 'follow' : 'unfollow',
      }),
    );
  }

  async setIncludeSpecials(includeSpecials: boolean): Promise<IpcError | null> {
    return this.#setting('specials', () =>
      call('tracking.setIncludeSpecials', { seriesId: this.seriesId, includeSpecials }),
    );
  }

  reset(): void {
    this.#progress = null;
    this.#loaded = false;
    this.#error = null;
    this.#busy = null;
  }

  async #setting(
    key: string,
    send: () => Promise<
      { ok: true; value: SeriesProgressView | null } | { ok: false; error: IpcError }
    >,
  ): Promise<IpcError | null> {
    this.#busy = key;
    try {
      const reply = await send();
      if (!reply.ok) return reply.error;
      if (reply.value) this.#progress = reply.value;
      else await this.load();
      return null;
    } finally {
      this.#busy = null;
    }
  }

  async #change<T>(key: string, run: () => Promise<T>): Promise<T> {
    this.#busy = key;
    try {
      return await run();
    } finally {
      this.#busy = null;
      await this.load();
    }
  }
}

function busyKey(target: WatchScope | UnmarkScope): string {
  switch (target.scope) {
    case 'episode':
    case 'upTo':
      return `s${target.season}e${target.episode}`;
    case 'season':
      return `s${target.season}`;
    case 'series':
      return 'series';
    case 'movie':
      return 'movie';
    case 'play':
      return target.uid;
  }
}
