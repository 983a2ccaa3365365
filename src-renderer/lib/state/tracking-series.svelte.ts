import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type {
  PlayView,
  SeriesProgressView,
  UnmarkScope,
  WatchScope,
  WatchedWhen,
} from '../../../src-shared/ipc/contract';
import type { IpcError } from '../../../src-shared/ipc/errors';
import type { IpcResult } from '../../../src-shared/ipc/result';
import { call } from '../api';
import { OwnChanges } from './own-changes';

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

/** What every write to a series replies: the series as it left it, and its change ids. */
interface SeriesReply {
  progress: SeriesProgressView | null;
  changes: readonly string[];
}

/**
 * One series' watch progress on its page: which episodes were watched and how often, the
 * series' follow and specials settings, and the changes to them. The core stores a series'
 * episodes on its first refresh; until then progress is null and the first mark stores it.
 * Each change shows the progress its reply carries, without reading it again.
 */
export class SeriesTracking {
  readonly seriesId: number;
  #progress = $state.raw<SeriesProgressView | null>(null);
  #loaded = $state(false);
  #error = $state.raw<IpcError | null>(null);
  /** What is being changed, e.g. `s1e3`, `s2`, `follow`: its control shows it is busy. */
  #busy = $state<string | null>(null);
  readonly #changes: OwnChanges;

  constructor(seriesId: number) {
    this.seriesId = seriesId;
    this.#changes = new OwnChanges(
      () => this.load(),
      ({ seriesIds }) => seriesIds.includes(seriesId),
    );
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
    return this.#changes.follow(bridge);
  }

  /**
   * Adds plays for an episode, a season, everything up to an episode, or the whole series.
   * Returns the plays added, or the failure.
   */
  async mark(
    target: WatchScope,
    options: { when?: WatchedWhen; airDate?: string | null; rewatch?: boolean } = {},
  ): Promise<{ added: PlayView[] } | { error: IpcError }> {
    const reply = await this.#write(busyKey(target), () =>
      call('tracking.mark', {
        target,
        when: options.when ?? { kind: 'now' },
        rewatch: options.rewatch ?? false,
        source: 'marquee',
        ...(options.airDate === undefined ? {} : { airDate: options.airDate }),
      }),
    );
    return reply.ok ? { added: reply.value.added } : { error: reply.error };
  }

  /** Removes plays; returns them so Undo can restore exactly those. */
  async unmark(target: UnmarkScope): Promise<{ removed: PlayView[] } | { error: IpcError }> {
    const key = target.scope === 'play' ? target.uid : busyKey(target);
    const reply = await this.#write(key, () => call('tracking.unmark', { target }));
    return reply.ok ? { removed: reply.value.removed } : { error: reply.error };
  }

  async setFollow(follow: boolean): Promise<IpcError | null> {
    const reply = await this.#write('follow', () =>
      call('tracking.setFollow', {
        seriesId: this.seriesId,
        follow: follow ? 'follow' : 'unfollow',
      }),
    );
    return reply.ok ? null : reply.error;
  }

  async setIncludeSpecials(includeSpecials: boolean): Promise<IpcError | null> {
    const reply = await this.#write('specials', () =>
      call('tracking.setIncludeSpecials', { seriesId: this.seriesId, includeSpecials }),
    );
    return reply.ok ? null : reply.error;
  }

  reset(): void {
    this.#progress = null;
    this.#loaded = false;
    this.#error = null;
    this.#busy = null;
    this.#changes.reset();
  }

  /**
   * Sends one write with its control busy and shows the progress it replies with. A reply
   * without progress (a series the core has not stored yet) leaves what is shown; the refresh
   * that stores it is announced and read then.
   */
  async #write<T extends SeriesReply>(
    key: string,
    send: () => Promise<IpcResult<T>>,
  ): Promise<IpcResult<T>> {
    this.#busy = key;
    try {
      const reply = await this.#changes.run(send);
      if (reply.ok && reply.value.progress) {
        this.#progress = reply.value.progress;
        this.#error = null;
        this.#loaded = true;
      }
      return reply;
    } finally {
      this.#busy = null;
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
