import type Database from 'better-sqlite3';
import type { FilmSnapshot } from '../snapshots';
import { FILM_FOLLOWED_SQL } from './followed';

export interface FilmRow {
  movieId: number;
  title: string | null;
  posterPath: string | null;
  releaseDate: string | null;
  refreshedAt: number | null;
  attemptedAt: number | null;
  refreshError: string | null;
  gone: boolean;
  /** Out for good in the region: a digital, physical or TV release on or before today. */
  settled: boolean;
}

export interface FilmStore {
  /** Makes a row for every watchlist film that has none yet. */
  ensureFromWatchlist(now: number): number;
  /** Watchlist films, with whether they are settled in `region` as of `today`. */
  refreshable(region: string, today: string): FilmRow[];
  apply(snapshot: FilmSnapshot, now: number): void;
  failed(movieId: number, now: number, error: string, gone: boolean): void;
  /**
   * The date a film came out for the user: the region's theatrical release, else its earliest
   * release there, else TMDB's primary date, else the library's.
   */
  releaseDate(movieId: number, region: string): string | null;
}

type RawFilm = Omit<FilmRow, 'gone' | 'settled'> & { gone: number; settled: number };

export function createFilmStore(db: Database.Database): FilmStore {
  const ensureAll = db.prepare(
    `INSERT OR IGNORE INTO tracked_films (movie_id, created_at, updated_at)
     SELECT media_id, @now, @now FROM collection_entries
     WHERE collection = 'watchlist' AND media_type = 'movie'`,
  );
  const refreshable = db.prepare<{ region: string; today: string }, RawFilm>(
    `SELECT f.movie_id AS movieId, coalesce(f.title, s.title) AS title,
       coalesce(f.poster_path, s.poster_path) AS posterPath, f.release_date AS releaseDate,
       f.refreshed_at AS refreshedAt, f.attempted_at AS attemptedAt, f.refresh_error AS refreshError,
       f.gone, EXISTS (SELECT 1 FROM film_releases r WHERE r.movie_id = f.movie_id
         AND r.region = @region AND r.type >= 4 AND r.date <= @today) AS settled
     FROM tracked_films f
     LEFT JOIN item_summaries s ON s.media_type = 'movie' AND s.media_id = f.movie_id
     WHERE ${FILM_FOLLOWED_SQL}`,
  );
  const ensure = db.prepare(
    'INSERT OR IGNORE INTO tracked_films (movie_id, created_at, updated_at) VALUES (?, ?, ?)',
  );
  const details = db.prepare(
    `UPDATE tracked_films SET title = @title, poster_path = @posterPath,
       release_date = @releaseDate, status = @status, refreshed_at = @now, attempted_at = @now,
       refresh_error = NULL, gone = 0, updated_at = @now
     WHERE movie_id = @id`,
  );
  const dropReleases = db.prepare('DELETE FROM film_releases WHERE movie_id = ?');
  const putRelease = db.prepare(
    'INSERT OR IGNORE INTO film_releases (movie_id, region, type, date, note) VALUES (?, ?, ?, ?, ?)',
  );
  const failed = db.prepare(
    `UPDATE tracked_films SET attempted_at = @now, refresh_error = @error,
       gone = CASE WHEN @gone THEN 1 ELSE gone END, updated_at = @now
     WHERE movie_id = @id`,
  );
  const regionDate = db
    .prepare<[number, string], string>(
      `SELECT date FROM film_releases WHERE movie_id = ? AND region = ?
       ORDER BY CASE type WHEN 3 THEN 0 ELSE 1 END, date LIMIT 1`,
    )
    .pluck();
  const primaryDate = db
    .prepare<[number, number], string | null>(
      `SELECT coalesce(
         (SELECT nullif(release_date, '') FROM tracked_films WHERE movie_id = ?),
         (SELECT nullif(release_date, '') FROM item_summaries WHERE media_type = 'movie' AND media_id = ?))`,
    )
    .pluck();

  const apply = db.transaction((snap: FilmSnapshot, now: number) => {
    ensure.run(snap.id, now, now);
    details.run({
      id: snap.id,
      title: snap.title,
      posterPath: snap.posterPath,
      releaseDate: snap.releaseDate,
      status: snap.status,
      now,
    });
    dropReleases.run(snap.id);
    for (const r of snap.releases) putRelease.run(snap.id, r.region, r.type, r.date, r.note);
  });

  return {
    ensureFromWatchlist: (now) => ensureAll.run({ now }).changes,
    refreshable: (region, today) =>
      refreshable
        .all({ region, today })
        .map((r) => ({ ...r, gone: r.gone === 1, settled: r.settled === 1 })),
    apply: (snap, now) => {
      apply(snap, now);
    },
    failed: (id, now, error, gone) => void failed.run({ id, now, error, gone: gone ? 1 : 0 }),
    releaseDate: (id, region) => regionDate.get(id, region) ?? primaryDate.get(id, id) ?? null,
  };
}
