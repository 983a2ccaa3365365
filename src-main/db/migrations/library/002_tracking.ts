import type { Migration } from '../../migrate';

/**
 * Watch tracking: Marquee's own data (TMDB v3 has no "watched" state), so it lives in the library,
 * which is never thrown away.
 *
 * - `watch_plays`: one row per viewing. `uid` is stable so a backup or an import can be merged
 *   without duplicates and an undo restores exactly what was removed. Films use -1 for the season
 *   and episode numbers (as `collection_entries` does); `watched_at` is NULL when the date is
 *   unknown (an import that says "watched" without a date).
 * - `tracked_series`: per-series state. `play_count` and `last_watched_at` mirror the episode plays
 *   of the series (kept in step by the tracking store, in the same transaction as the plays), so
 *   Up Next and the follow rule read one row per series instead of scanning the plays.
 * - `series_seasons` / `series_episodes`: what progress, Up Next and the calendar need, kept here so
 *   they work offline and survive a cache rebuild. `air_date` is TMDB's plain date, NULL when unknown.
 * - `tracked_films` / `film_releases`: watchlist films and their release dates by country and type.
 * - `inbox`: notifications; `dedupe_key` is UNIQUE so an item is never made twice, across restarts.
 */
export const library002: Migration = {
  version: 2,
  name: 'tracking',
  up(db) {
    db.exec(`
      CREATE TABLE watch_plays (
        uid TEXT PRIMARY KEY,
        media_type TEXT NOT NULL CHECK (media_type IN ('movie', 'episode')),
        media_id INTEGER NOT NULL,
        season_number INTEGER NOT NULL DEFAULT -1,
        episode_number INTEGER NOT NULL DEFAULT -1,
        watched_at INTEGER,
        source TEXT NOT NULL CHECK (source IN ('marquee', 'letterboxd', 'imdb', 'trakt', 'backup')),
        created_at INTEGER NOT NULL,
        CHECK ((media_type = 'movie') = (season_number = -1 AND episode_number = -1))
      ) WITHOUT ROWID;
      CREATE INDEX plays_by_item
        ON watch_plays (media_type, media_id, season_number, episode_number, watched_at);
      CREATE INDEX plays_by_time ON watch_plays (watched_at);

      CREATE TABLE tracked_series (
        series_id INTEGER PRIMARY KEY,
        follow TEXT NOT NULL DEFAULT 'none' CHECK (follow IN ('none', 'follow', 'unfollow')),
        include_specials INTEGER NOT NULL DEFAULT 0 CHECK (include_specials IN (0, 1)),
        hidden INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),
        snoozed_until INTEGER,
        notify_since TEXT,
        play_count INTEGER NOT NULL DEFAULT 0,
        last_watched_at INTEGER,
        name TEXT,
        poster_path TEXT,
        status TEXT,
        first_air_date TEXT,
        last_air_date TEXT,
        next_air_date TEXT,
        refreshed_at INTEGER,
        full_refreshed_at INTEGER,
        attempted_at INTEGER,
        refresh_error TEXT,
        gone INTEGER NOT NULL DEFAULT 0 CHECK (gone IN (0, 1)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX series_by_last_watched ON tracked_series (last_watched_at)
        WHERE play_count > 0;

      CREATE TABLE series_seasons (
        series_id INTEGER NOT NULL,
        season_number INTEGER NOT NULL,
        name TEXT,
        episode_count INTEGER NOT NULL DEFAULT 0,
        air_date TEXT,
        poster_path TEXT,
        PRIMARY KEY (series_id, season_number)
      ) WITHOUT ROWID;

      CREATE TABLE series_episodes (
        series_id INTEGER NOT NULL,
        season_number INTEGER NOT NULL,
        episode_number INTEGER NOT NULL,
        episode_id INTEGER,
        name TEXT NOT NULL DEFAULT '',
        overview TEXT NOT NULL DEFAULT '',
        still_path TEXT,
        air_date TEXT,
        runtime INTEGER,
        PRIMARY KEY (series_id, season_number, episode_number)
      ) WITHOUT ROWID;
      -- Covers the calendar: a window of dates is read from the index alone, without a lookup
      -- per episode (the overview, read only for the .ics export, is not in it).
      CREATE INDEX episodes_by_air_date
        ON series_episodes (air_date, series_id, season_number, episode_number, name, still_path);

      CREATE TABLE tracked_films (
        movie_id INTEGER PRIMARY KEY,
        title TEXT,
        poster_path TEXT,
        release_date TEXT,
        status TEXT,
        notify_since TEXT,
        refreshed_at INTEGER,
        attempted_at INTEGER,
        refresh_error TEXT,
        gone INTEGER NOT NULL DEFAULT 0 CHECK (gone IN (0, 1)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );

      CREATE TABLE film_releases (
        movie_id INTEGER NOT NULL,
        region TEXT NOT NULL,
        type INTEGER NOT NULL CHECK (type BETWEEN 1 AND 6),
        date TEXT NOT NULL,
        note TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (movie_id, region, type, date)
      ) WITHOUT ROWID;
      CREATE INDEX releases_by_date ON film_releases (region, date);

      CREATE TABLE inbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        dedupe_key TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('episode', 'release')),
        media_id INTEGER NOT NULL,
        season_number INTEGER,
        episode_number INTEGER,
        release_type INTEGER,
        title TEXT NOT NULL,
        body TEXT NOT NULL,
        occurred_at TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        read_at INTEGER,
        os_notified_at INTEGER
      );
      CREATE INDEX inbox_unread ON inbox (id) WHERE read_at IS NULL;
    `);
  },
};
