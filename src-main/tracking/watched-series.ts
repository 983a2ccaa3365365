import type { TrackingStore } from './store';
import type { SeriesState } from './store/series';

const byLastWatched = (a: SeriesState, b: SeriesState): number =>
  (b.lastWatchedAt ?? Number.NEGATIVE_INFINITY) - (a.lastWatchedAt ?? Number.NEGATIVE_INFINITY) ||
  a.seriesId - b.seriesId;

/**
 * The series with at least one episode play, most recently watched first: what Up Next walks.
 * Kept in memory; a series the domain reports as changed is read again on the next call, alone,
 * so marking an episode costs one row, not the whole list.
 */
export class WatchedSeries {
  readonly #store: TrackingStore;
  #rows: SeriesState[] | undefined;
  readonly #dirty = new Set<number>();

  constructor(store: TrackingStore) {
    this.#store = store;
  }

  changed(seriesId: number): void {
    this.#dirty.add(seriesId);
  }

  rows(): readonly SeriesState[] {
    if (!this.#rows) {
      this.#rows = this.#store.series.watchedSeries();
      this.#dirty.clear();
    } else if (this.#dirty.size > 0) {
      const dirty = new Set(this.#dirty);
      this.#dirty.clear();
      const fresh = this.#store.series.many([...dirty]).filter((r) => r.playCount > 0);
      this.#rows = [...this.#rows.filter((r) => !dirty.has(r.seriesId)), ...fresh].sort(
        byLastWatched,
      );
    }
    return this.#rows;
  }
}
