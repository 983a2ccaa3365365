import type Database from 'better-sqlite3';
import { FOLLOWED_SQL } from './followed';

/** [air date, series id, season, episode, name, still path] */
export type EpisodeEventRow = [string, number, number, number, string, string | null];

export interface CalendarSeriesRow {
  seriesId: number;
  name: string | null;
  posterPath: string | null;
  followed: number;
  includeSpecials: number;
  gone: number;
}

export interface ReleaseEventRow {
  date: string;
  movieId: number;
  title: string | null;
  posterPath: string | null;
  region: string;
  type: 1 | 2 | 3 | 4 | 5 | 6;
  note: string;
}

export interface CalendarStore {
  /**
   * Every stored episode airing in [from, to], in date order, read from the covering air-date
   * index alone. Which of them show is decided per series (`series`), not per episode.
   */
  episodes(from: string, to: string): EpisodeEventRow[];
  /** [series id, season, episode] of the episodes airing in [from, to] that have a play. */
  watched(from: string, to: string): Array<[number, number, number]>;
  /** Follow state, names and settings of the series a window touches. */
  series(seriesIds: readonly number[]): CalendarSeriesRow[];
  /** Overviews of the episodes airing in [from, to], for the .ics export: [series, season, episode, text]. */
  overviews(from: string, to: string): Array<[number, number, number, string]>;
  /** Releases of watchlist films in the region in [from, to], by date. */
  releases(region: string, from: string, to: string): ReleaseEventRow[];
  /**
   * Changes whenever a change to the library is committed, by this connection (its count of
   * changed rows) or by another one (`PRAGMA data_version`): equal versions, equal calendar.
   * Null inside a transaction, whose writes may still be rolled back.
   */
  version(): string | null;
}

export function createCalendarStore(db: Database.Database): CalendarStore {
  const episodes = db
    .prepare<{ from: string; to: string }, EpisodeEventRow>(
      `SELECT air_date, series_id, season_number, episode_number, name, still_path
       FROM series_episodes INDEXED BY episodes_by_air_date
       WHERE air_date BETWEEN @from AND @to`,
    )
    .raw();
  const watched = db
    .prepare<{ from: string; to: string }, [number, number, number]>(
      `SELECT e.series_id, e.season_number, e.episode_number
       FROM series_episodes e INDEXED BY episodes_by_air_date
       WHERE e.air_date BETWEEN @from AND @to AND EXISTS (SELECT 1 FROM watch_plays p
         WHERE p.media_type = 'episode' AND p.media_id = e.series_id
           AND p.season_number = e.season_number AND p.episode_number = e.episode_number)`,
    )
    .raw();
  const series = db.prepare<[string], CalendarSeriesRow>(
    `SELECT t.series_id AS seriesId,
       CASE WHEN t.name IS NULL THEN (SELECT title FROM item_summaries
         WHERE media_type = 'tv' AND media_id = t.series_id) ELSE t.name END AS name,
       CASE WHEN t.poster_path IS NULL THEN (SELECT poster_path FROM item_summaries
         WHERE media_type = 'tv' AND media_id = t.series_id) ELSE t.poster_path END AS posterPath,
       ${FOLLOWED_SQL} AS followed, t.include_specials AS includeSpecials, t.gone
     FROM tracked_series t WHERE t.series_id IN (SELECT value FROM json_each(?))`,
  );
  const overviews = db
    .prepare<{ from: string; to: string }, [number, number, number, string]>(
      `SELECT series_id, season_number, episode_number, overview FROM series_episodes
       WHERE air_date BETWEEN @from AND @to`,
    )
    .raw();
  const releases = db.prepare<{ region: string; from: string; to: string }, ReleaseEventRow>(
    `SELECT r.date, r.movie_id AS movieId, coalesce(f.title, s.title) AS title,
       coalesce(f.poster_path, s.poster_path) AS posterPath, r.region, r.type, r.note
     FROM film_releases r
     JOIN collection_entries c ON c.collection = 'watchlist' AND c.media_type = 'movie'
       AND c.media_id = r.movie_id AND c.season_number = -1 AND c.episode_number = -1
     LEFT JOIN tracked_films f ON f.movie_id = r.movie_id
     LEFT JOIN item_summaries s ON s.media_type = 'movie' AND s.media_id = r.movie_id
     WHERE r.region = @region AND r.date BETWEEN @from AND @to AND coalesce(f.gone, 0) = 0
     ORDER BY r.date, title COLLATE NOCASE, r.movie_id, r.type`,
  );
  const version = db
    .prepare<[], [number, number]>('SELECT data_version, total_changes() FROM pragma_data_version')
    .raw();
  return {
    episodes: (from, to) => episodes.all({ from, to }),
    watched: (from, to) => watched.all({ from, to }),
    series: (ids) => series.all(JSON.stringify(ids)),
    overviews: (from, to) => overviews.all({ from, to }),
    releases: (region, from, to) => releases.all({ region, from, to }),
    version: () => {
      if (db.inTransaction) return null;
      const [data, changes] = version.get() ?? [0, 0];
      return `${String(data)}:${String(changes)}`;
    },
  };
}
