import type { FilmSnapshot, SeriesSnapshot } from './snapshots';

/** A title TMDB answered for, or one it no longer has (404). Other failures are thrown. */
export type Fetched<T> = { kind: 'ok'; value: T } | { kind: 'gone' };

/**
 * Where refreshes come from: TMDB through Marquee's client in the app (tmdb-source.ts), a fake in
 * tests. Thrown errors carry an IPC error `code` (`offline`, `timeout`, `rate_limited`, ...).
 */
export interface TrackingSource {
  /** Series details with these seasons' episodes (at most 20, TMDB's append limit). */
  series(
    id: number,
    seasons: readonly number[],
    signal?: AbortSignal,
  ): Promise<Fetched<SeriesSnapshot>>;
  /** Film details with its release dates in every country. */
  film(id: number, signal?: AbortSignal): Promise<Fetched<FilmSnapshot>>;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
