import type { Migration } from '../../migrate';

/**
 * Stats: the facts Marquee keeps about watched titles, so "what did I watch?" is answered offline
 * and survives a cache rebuild (cache.db can be thrown away; these cannot be recomputed without
 * TMDB). Filled when a title is watched and backfilled in the background.
 *
 * - `title_facts`: one row per watched film or series. `fetched_at` is NULL until TMDB's details
 *   arrived; `gone` remembers a 404 so a vanished id is not asked again; `attempts`,
 *   `attempted_at` and `error` pace the retries of other failures. `runtime` is in minutes: a
 *   film's runtime, or a series' typical episode runtime (used when an episode's own is unknown).
 * - `title_genres`, `title_countries`: a title's genres (with TMDB's name) and production or
 *   origin countries (ISO 3166-1).
 * - `title_people`: top-billed cast and directors (creators for a series) with their billing.
 * - `people_facts`: those people's names and photos.
 * - `watch_plays.minutes`: what a play counts towards time watched (an episode's runtime, else its
 *   series' typical one; a film's runtime; NULL while unknown). Kept by triggers whenever a play,
 *   an episode or a title's facts arrive or change, so time watched is summed from an index
 *   instead of looking up a runtime per play (50,000 lookups cost more than the whole budget).
 * - `plays_for_stats`: plays by date with everything the stats read of each, so any date range
 *   is aggregated from the index alone; `plays_by_item` gains `minutes` for the same reason when
 *   plays are summed per title (same name and leading columns, so tracking's reads are unchanged).
 */
export const library005: Migration = {
  version: 5,
  name: 'stats_facts',
  up(db) {
    db.exec(`
      CREATE TABLE title_facts (
        media_type TEXT NOT NULL CHECK (media_type IN ('movie', 'tv')),
        media_id INTEGER NOT NULL,
        title TEXT,
        poster_path TEXT,
        release_date TEXT,
        runtime INTEGER CHECK (runtime IS NULL OR runtime >= 0),
        original_language TEXT,
        vote_average REAL,
        vote_count INTEGER,
        fetched_at INTEGER,
        attempted_at INTEGER,
        attempts INTEGER NOT NULL DEFAULT 0,
        error TEXT,
        gone INTEGER NOT NULL DEFAULT 0 CHECK (gone IN (0, 1)),
        PRIMARY KEY (media_type, media_id)
      ) WITHOUT ROWID;

      CREATE TABLE title_genres (
        media_type TEXT NOT NULL CHECK (media_type IN ('movie', 'tv')),
        media_id INTEGER NOT NULL,
        genre_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        PRIMARY KEY (media_type, media_id, genre_id)
      ) WITHOUT ROWID;

      CREATE TABLE title_countries (
        media_type TEXT NOT NULL CHECK (media_type IN ('movie', 'tv')),
        media_id INTEGER NOT NULL,
        country TEXT NOT NULL,
        PRIMARY KEY (media_type, media_id, country)
      ) WITHOUT ROWID;

      CREATE TABLE title_people (
        media_type TEXT NOT NULL CHECK (media_type IN ('movie', 'tv')),
        media_id INTEGER NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('cast', 'director')),
        person_id INTEGER NOT NULL,
        billing INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (media_type, media_id, role, person_id)
      ) WITHOUT ROWID;

      CREATE TABLE people_facts (
        person_id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        profile_path TEXT
      );

      ALTER TABLE watch_plays ADD COLUMN minutes INTEGER;

      -- A new play counts its runtime as known now.
      CREATE TRIGGER plays_minutes_on_insert AFTER INSERT ON watch_plays
      BEGIN
        UPDATE watch_plays SET minutes = CASE NEW.media_type
          WHEN 'movie' THEN (SELECT nullif(runtime, 0) FROM title_facts
                             WHERE media_type = 'movie' AND media_id = NEW.media_id)
          ELSE coalesce(
            (SELECT nullif(runtime, 0) FROM series_episodes WHERE series_id = NEW.media_id
               AND season_number = NEW.season_number AND episode_number = NEW.episode_number),
            (SELECT nullif(runtime, 0) FROM title_facts
             WHERE media_type = 'tv' AND media_id = NEW.media_id))
          END
        WHERE uid = NEW.uid;
      END;

      -- An episode stored, changed or removed by a series refresh.
      CREATE TRIGGER episode_minutes_on_insert AFTER INSERT ON series_episodes
      BEGIN
        UPDATE watch_plays SET minutes = coalesce(nullif(NEW.runtime, 0),
            (SELECT nullif(runtime, 0) FROM title_facts
             WHERE media_type = 'tv' AND media_id = NEW.series_id))
        WHERE media_type = 'episode' AND media_id = NEW.series_id
          AND season_number = NEW.season_number AND episode_number = NEW.episode_number;
      END;
      CREATE TRIGGER episode_minutes_on_update AFTER UPDATE OF runtime ON series_episodes
      BEGIN
        UPDATE watch_plays SET minutes = coalesce(nullif(NEW.runtime, 0),
            (SELECT nullif(runtime, 0) FROM title_facts
             WHERE media_type = 'tv' AND media_id = NEW.series_id))
        WHERE media_type = 'episode' AND media_id = NEW.series_id
          AND season_number = NEW.season_number AND episode_number = NEW.episode_number;
      END;
      CREATE TRIGGER episode_minutes_on_delete AFTER DELETE ON series_episodes
      BEGIN
        UPDATE watch_plays SET minutes = (SELECT nullif(runtime, 0) FROM title_facts
                                          WHERE media_type = 'tv' AND media_id = OLD.series_id)
        WHERE media_type = 'episode' AND media_id = OLD.series_id
          AND season_number = OLD.season_number AND episode_number = OLD.episode_number;
      END;

      -- A title's facts arrive or change: its films' plays, or its episodes without their own.
      CREATE TRIGGER facts_minutes_on_insert AFTER INSERT ON title_facts
      BEGIN
        UPDATE watch_plays SET minutes = nullif(NEW.runtime, 0)
        WHERE NEW.media_type = 'movie' AND media_type = 'movie' AND media_id = NEW.media_id;
        UPDATE watch_plays SET minutes = coalesce(
            (SELECT nullif(e.runtime, 0) FROM series_episodes e WHERE e.series_id = NEW.media_id
               AND e.season_number = watch_plays.season_number
               AND e.episode_number = watch_plays.episode_number),
            nullif(NEW.runtime, 0))
        WHERE NEW.media_type = 'tv' AND media_type = 'episode' AND media_id = NEW.media_id;
      END;
      CREATE TRIGGER facts_minutes_on_update AFTER UPDATE OF runtime ON title_facts
      BEGIN
        UPDATE watch_plays SET minutes = nullif(NEW.runtime, 0)
        WHERE NEW.media_type = 'movie' AND media_type = 'movie' AND media_id = NEW.media_id;
        UPDATE watch_plays SET minutes = coalesce(
            (SELECT nullif(e.runtime, 0) FROM series_episodes e WHERE e.series_id = NEW.media_id
               AND e.season_number = watch_plays.season_number
               AND e.episode_number = watch_plays.episode_number),
            nullif(NEW.runtime, 0))
        WHERE NEW.media_type = 'tv' AND media_type = 'episode' AND media_id = NEW.media_id;
      END;

      -- Plays recorded before this version: episodes with a stored runtime count it at once.
      UPDATE watch_plays SET minutes = (
        SELECT nullif(e.runtime, 0) FROM series_episodes e WHERE e.series_id = watch_plays.media_id
          AND e.season_number = watch_plays.season_number
          AND e.episode_number = watch_plays.episode_number)
      WHERE media_type = 'episode';

      DROP INDEX plays_by_item;
      CREATE INDEX plays_by_item
        ON watch_plays (media_type, media_id, season_number, episode_number, watched_at, minutes);
      CREATE INDEX plays_for_stats ON watch_plays
        (watched_at, media_type, minutes, media_id, season_number, episode_number);
    `);
  },
};
