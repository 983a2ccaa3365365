import type Database from 'better-sqlite3';

/** Rows written straight into a library database, as the migration tests need them. */

/** A play of a film (season and episode -1) or an episode, dated `at` (null: undated). */
export function insertPlay(
  db: Database.Database,
  uid: string,
  type: 'movie' | 'episode',
  id: number,
  at: number | null,
  season = -1,
  episode = -1,
): void {
  db.prepare(
    "INSERT INTO watch_plays (uid, media_type, media_id, season_number, episode_number, watched_at, source, created_at) VALUES (?, ?, ?, ?, ?, ?, 'marquee', 1)",
  ).run(uid, type, id, season, episode, at);
}

/** A title's runtime as its facts give it (written or replaced). */
export function upsertRuntime(
  db: Database.Database,
  type: 'movie' | 'tv',
  id: number,
  runtime: number | null,
): void {
  db.prepare(
    `INSERT INTO title_facts (media_type, media_id, runtime, fetched_at) VALUES (?, ?, ?, 1)
     ON CONFLICT (media_type, media_id) DO UPDATE SET runtime = excluded.runtime`,
  ).run(type, id, runtime);
}

/** An episode as a series refresh stores it, with its runtime (null: unknown). */
export function upsertEpisode(
  db: Database.Database,
  series: number,
  season: number,
  episode: number,
  runtime: number | null,
  name: string | null = null,
): void {
  db.prepare(
    'INSERT OR REPLACE INTO series_episodes (series_id, season_number, episode_number, name, runtime) VALUES (?, ?, ?, ?, ?)',
  ).run(series, season, episode, name, runtime);
}
