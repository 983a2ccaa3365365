import type { Migration } from '../../migrate';

/**
 * The first cache schema: HTTP responses by canonical request key, the normalized titles, seasons,
 * episodes and people, and one FTS5 index over titles and people for offline search.
 *
 * The FTS table is contentless (the text lives in titles/people) with contentless_delete so a
 * renamed title can be re-indexed. Its rowid encodes the row it indexes: id * 4 + kind
 * (0 movie, 1 tv, 2 person), so one MATCH query ranks all three kinds together.
 */
export const cache001: Migration = {
  version: 1,
  name: 'initial',
  up(db) {
    db.exec(`
      CREATE TABLE http_responses (
        key TEXT NOT NULL,
        scope TEXT NOT NULL DEFAULT '',
        family TEXT NOT NULL,
        body TEXT NOT NULL,
        fetched_at INTEGER NOT NULL,
        PRIMARY KEY (key, scope)
      ) WITHOUT ROWID;

      CREATE TABLE titles (
        kind TEXT NOT NULL CHECK (kind IN ('movie', 'tv')),
        id INTEGER NOT NULL,
        title TEXT NOT NULL,
        original_title TEXT,
        overview TEXT,
        poster_path TEXT,
        backdrop_path TEXT,
        date TEXT,
        original_language TEXT,
        genre_ids TEXT,
        popularity REAL,
        vote_average REAL,
        vote_count INTEGER,
        adult INTEGER,
        detail_level INTEGER NOT NULL DEFAULT 0,
        seen_at INTEGER NOT NULL,
        PRIMARY KEY (kind, id)
      ) WITHOUT ROWID;

      CREATE TABLE seasons (
        series_id INTEGER NOT NULL,
        season_number INTEGER NOT NULL,
        id INTEGER,
        name TEXT,
        overview TEXT,
        poster_path TEXT,
        air_date TEXT,
        episode_count INTEGER,
        vote_average REAL,
        detail_level INTEGER NOT NULL DEFAULT 0,
        seen_at INTEGER NOT NULL,
        PRIMARY KEY (series_id, season_number)
      ) WITHOUT ROWID;

      CREATE TABLE episodes (
        series_id INTEGER NOT NULL,
        season_number INTEGER NOT NULL,
        episode_number INTEGER NOT NULL,
        id INTEGER,
        name TEXT,
        overview TEXT,
        still_path TEXT,
        air_date TEXT,
        runtime INTEGER,
        vote_average REAL,
        vote_count INTEGER,
        detail_level INTEGER NOT NULL DEFAULT 0,
        seen_at INTEGER NOT NULL,
        PRIMARY KEY (series_id, season_number, episode_number)
      ) WITHOUT ROWID;

      CREATE TABLE people (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        original_name TEXT,
        also_known_as TEXT,
        known_for_department TEXT,
        profile_path TEXT,
        popularity REAL,
        gender INTEGER,
        adult INTEGER,
        detail_level INTEGER NOT NULL DEFAULT 0,
        seen_at INTEGER NOT NULL
      );

      CREATE VIRTUAL TABLE search_fts USING fts5(
        name, alt,
        content = '', contentless_delete = 1,
        tokenize = 'unicode61 remove_diacritics 2',
        prefix = '2 3'
      );

      CREATE TRIGGER titles_fts_insert AFTER INSERT ON titles BEGIN
        INSERT INTO search_fts (rowid, name, alt)
        VALUES (NEW.id * 4 + (NEW.kind = 'tv'), NEW.title, NULLIF(NEW.original_title, NEW.title));
      END;
      CREATE TRIGGER titles_fts_update AFTER UPDATE OF title, original_title ON titles
      WHEN OLD.title IS NOT NEW.title OR OLD.original_title IS NOT NEW.original_title BEGIN
        DELETE FROM search_fts WHERE rowid = OLD.id * 4 + (OLD.kind = 'tv');
        INSERT INTO search_fts (rowid, name, alt)
        VALUES (NEW.id * 4 + (NEW.kind = 'tv'), NEW.title, NULLIF(NEW.original_title, NEW.title));
      END;
      CREATE TRIGGER titles_fts_delete AFTER DELETE ON titles BEGIN
        DELETE FROM search_fts WHERE rowid = OLD.id * 4 + (OLD.kind = 'tv');
      END;

      CREATE TRIGGER people_fts_insert AFTER INSERT ON people BEGIN
        INSERT INTO search_fts (rowid, name, alt) VALUES (NEW.id * 4 + 2, NEW.name, NEW.also_known_as);
      END;
      CREATE TRIGGER people_fts_update AFTER UPDATE OF name, also_known_as ON people
      WHEN OLD.name IS NOT NEW.name OR OLD.also_known_as IS NOT NEW.also_known_as BEGIN
        DELETE FROM search_fts WHERE rowid = OLD.id * 4 + 2;
        INSERT INTO search_fts (rowid, name, alt) VALUES (NEW.id * 4 + 2, NEW.name, NEW.also_known_as);
      END;
      CREATE TRIGGER people_fts_delete AFTER DELETE ON people BEGIN
        DELETE FROM search_fts WHERE rowid = OLD.id * 4 + 2;
      END;
    `);
  },
};
