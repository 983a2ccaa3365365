import {
  compareEpisodes,
  episodeSlot,
  orderEpisodes,
  stillValid,
  summarize,
  type EpisodeKey,
  type Summary,
} from './rules';
import type { TrackingStore } from './store';
import type { EpisodeEventRow } from './store/calendar';
import type { EpisodeRow, SeriesState } from './store/series';
import type { StoredSummary } from './store/summaries';

/** Stores after the current turn, once its answer has gone out. */
const defaultDefer = (run: () => void): void => {
  setImmediate(run);
};

export interface ProgressEntry {
  summary: Summary;
  includeSpecials: boolean;
  /** The next episode's stored fields, read once per entry. */
  nextEpisode?: EpisodeRow | undefined;
}

/** The episodes airing in a window, in date order, and their series (each once). */
export interface Airing {
  rows: readonly EpisodeEventRow[];
  seriesIds: readonly number[];
}

/** With more series than this whose plays are not in memory, the calendar looks up its window. */
const WINDOW_LOOKUP_AT = 50;

/** Summaries computed per turn of the event loop when many are missing (about 15 ms). */
const SLICE_SERIES = 100;

/** Computing this many summaries at once stores them soon after; fewer wait for `persist`. */
const PERSIST_AT = 50;

/**
 * The in-memory read model behind progress, Up Next and the calendar: per series, its episode
 * keys, its plays per episode and its summary; and the episodes airing in the calendar's last
 * window. Each part is dropped when what it mirrors changes (plays, a refresh, the specials
 * setting), and a summary also when an episode of the series airs (see `Summary.validUntil`).
 * Every write goes through the tracking domain, which reports it here, so the model never
 * disagrees with the library; what is missing is read in bulk, two queries for any number of
 * series.
 *
 * Summaries are also stored in the library (`progress_summaries`, migration 013), so the first
 * read after a start reads them rather than every episode and play: stored ones are read on the
 * first use and checked like those in memory (specials setting, the days they hold); computed
 * ones are written soon after a large computation and on `persist` (closing). The library's
 * triggers drop a stored summary whenever a play or an episode of its series changes, on any
 * connection; a summary computed before another connection committed is not stored.
 */
export class ProgressIndex {
  readonly #store: TrackingStore;
  readonly #episodes = new Map<number, EpisodeKey[]>();
  readonly #plays = new Map<number, Map<number, number>>();
  readonly #summaries = new Map<number, ProgressEntry>();
  #airing: (Airing & { from: string; to: string }) | undefined;
  /** Whether the stored summaries have been read, and the computed ones not stored yet. */
  #loaded = false;
  readonly #unsaved = new Set<number>();
  /** The library's data version (`PRAGMA data_version`) when this index last looked. */
  #seen: number | undefined;
  #scheduled = false;
  readonly #defer: (run: () => void) => void;

  constructor(store: TrackingStore, defer: (run: () => void) => void = defaultDefer) {
    this.#store = store;
    this.#defer = defer;
  }

  playsChanged(seriesId: number): void {
    this.#plays.delete(seriesId);
    this.#summaries.delete(seriesId);
    this.#unsaved.delete(seriesId);
  }

  episodesChanged(seriesId: number): void {
    this.#episodes.delete(seriesId);
    this.#summaries.delete(seriesId);
    this.#unsaved.delete(seriesId);
    this.#airing = undefined;
  }

  /** Stores the summaries computed and not stored yet (soon after a large computation; closing). */
  persist(): void {
    this.#scheduled = false;
    if (this.#unsaved.size === 0 || this.#seen === undefined) return;
    const save: StoredSummary[] = [];
    for (const seriesId of this.#unsaved) {
      const entry = this.#summaries.get(seriesId);
      if (entry) save.push({ seriesId, ...entry });
    }
    this.#unsaved.clear();
    // Derived data: when it cannot be written now (a lock, a full disk, another connection's
    // commit since it was read), it is computed again when next needed.
    this.#store.summaries.save(save, this.#seen);
  }

  /**
   * Another connection committed since this index last looked (a restore or an import in the
   * worker): what it holds in memory may be behind the library, so it reads again, starting from
   * the stored summaries, which the library's triggers kept current.
   */
  #sync(): void {
    const version = this.#store.summaries.dataVersion();
    if (this.#seen !== undefined && version !== this.#seen) {
      this.#episodes.clear();
      this.#plays.clear();
      this.#summaries.clear();
      this.#unsaved.clear();
      this.#airing = undefined;
      this.#loaded = false;
    }
    this.#seen = version;
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    this.#defer(() => {
      this.persist();
    });
  }

  /** The stored summaries, once, beside those in memory (which are never older). */
  #load(): void {
    if (this.#loaded) return;
    this.#loaded = true;
    for (const { seriesId, ...entry } of this.#store.summaries.all())
      if (!this.#summaries.has(seriesId)) this.#summaries.set(seriesId, entry);
  }

  /**
   * The stored episodes airing in [from, to], in date order (`CalendarStore.episodes`), and the
   * series they belong to, kept for the last window read: a calendar shown again, or exported,
   * does not read and rebuild its thousands of rows each time, only what decides which of them
   * show (follow state, plays).
   */
  airing(from: string, to: string): Airing {
    this.#sync();
    const kept = this.#airing;
    if (kept?.from === from && kept.to === to) return kept;
    const rows = this.#store.calendar.episodes(from, to);
    const airing = { from, to, rows, seriesIds: [...new Set(rows.map((r) => r[1]))] };
    this.#airing = airing;
    return airing;
  }

  /**
   * Whether each episode airing in [from, to] of these series was watched (by series, then
   * `episodeSlot`). When the plays of many of them are not in memory (the first calendar after a
   * start) only the window's episodes are looked up, in one query, rather than every play of
   * every series; otherwise from the plays per episode.
   */
  watchedIn(
    from: string,
    to: string,
    seriesIds: readonly number[],
  ): Map<number, ReadonlySet<number> | ReadonlyMap<number, number>> {
    this.#sync();
    const missing = seriesIds.filter((id) => !this.#plays.has(id)).length;
    if (missing <= WINDOW_LOOKUP_AT) return this.plays(seriesIds);
    const out = new Map<number, Set<number>>(seriesIds.map((id) => [id, new Set<number>()]));
    for (const [seriesId, season, episode] of this.#store.calendar.watched(from, to))
      out.get(seriesId)?.add(episodeSlot(season, episode));
    return out;
  }

  /** Plays per episode (by `episodeSlot`) of each series. */
  plays(seriesIds: readonly number[]): Map<number, ReadonlyMap<number, number>> {
    this.#sync();
    const missing = seriesIds.filter((id) => !this.#plays.has(id));
    if (missing.length > 0) {
      for (const id of missing) this.#plays.set(id, new Map());
      for (const c of this.#store.plays.episodeCountsOf(missing))
        this.#plays.get(c.seriesId)?.set(episodeSlot(c.season, c.episode), c.plays);
    }
    return new Map(seriesIds.map((id) => [id, this.#plays.get(id) ?? new Map<number, number>()]));
  }

  #episodesOf(seriesIds: readonly number[]): Map<number, EpisodeKey[]> {
    const missing = seriesIds.filter((id) => !this.#episodes.has(id));
    if (missing.length > 0) {
      const loaded = new Map<number, EpisodeKey[]>(missing.map((id) => [id, []]));
      for (const [seriesId, season, episode, airDate] of this.#store.series.episodeKeysOf(missing))
        loaded.get(seriesId)?.push({ season, episode, airDate });
      for (const [id, list] of loaded) this.#episodes.set(id, list.sort(compareEpisodes));
    }
    return new Map(seriesIds.map((id) => [id, this.#episodes.get(id) ?? []]));
  }

  /**
   * Computes the missing summaries of these series `SLICE_SERIES` at a time, with the event
   * loop's turn between slices, so the first read after every stored summary was dropped (a
   * restore, an import, a first sync; 2,000 series took 300 ms at once) never holds the main
   * process for all of them. A few missing are left to `summaries`.
   */
  async summarizeInSlices(rows: readonly SeriesState[], today: string): Promise<void> {
    this.#sync();
    this.#load();
    const missing = rows.filter((row) => {
      const entry = this.#summaries.get(row.seriesId);
      return !(
        entry &&
        entry.includeSpecials === row.includeSpecials &&
        stillValid(entry.summary, today)
      );
    });
    if (missing.length <= SLICE_SERIES) return;
    for (let i = 0; i < missing.length; i += SLICE_SERIES) {
      if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      // With each summary, its next episode's fields, which Up Next reads for every series.
      for (const [seriesId, entry] of this.summaries(missing.slice(i, i + SLICE_SERIES), today))
        this.nextEpisode(seriesId, entry);
    }
  }

  /** Summaries of these series as of `today`, computing the missing ones in bulk. */
  summaries(rows: readonly SeriesState[], today: string): Map<number, ProgressEntry> {
    this.#sync();
    this.#load();
    const out = new Map<number, ProgressEntry>();
    const missing: SeriesState[] = [];
    for (const row of rows) {
      const entry = this.#summaries.get(row.seriesId);
      if (
        entry &&
        entry.includeSpecials === row.includeSpecials &&
        stillValid(entry.summary, today)
      )
        out.set(row.seriesId, entry);
      else missing.push(row);
    }
    if (missing.length === 0) return out;
    const ids = missing.map((r) => r.seriesId);
    const episodes = this.#episodesOf(ids);
    const plays = this.plays(ids);
    for (const row of missing) {
      const list = episodes.get(row.seriesId) ?? [];
      const entry: ProgressEntry = {
        summary: summarize(
          row.includeSpecials ? orderEpisodes(list, true) : list,
          plays.get(row.seriesId) ?? new Map<number, number>(),
          today,
          row.includeSpecials,
        ),
        includeSpecials: row.includeSpecials,
      };
      this.#summaries.set(row.seriesId, entry);
      this.#unsaved.add(row.seriesId);
      out.set(row.seriesId, entry);
    }
    if (this.#unsaved.size >= PERSIST_AT) this.#schedule();
    return out;
  }

  /** The stored fields of the entry's next episode. */
  nextEpisode(seriesId: number, entry: ProgressEntry): EpisodeRow | undefined {
    const next = entry.summary.next;
    if (!next) return undefined;
    entry.nextEpisode ??= this.#store.series.episode(seriesId, next.season, next.episode);
    return entry.nextEpisode;
  }
}
