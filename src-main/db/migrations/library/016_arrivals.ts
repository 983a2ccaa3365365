import type { Migration } from '../../migrate';

/**
 * Arrivals of watched-for titles on the person's streaming services:
 * - `service_titles`: when each title's watch providers were last looked up, and in which region
 *   (a title first looked up in a region is recorded silently: its backlog is never announced);
 * - `service_offers`: which providers stream each title in that region, by subscription
 *   (`flatrate`) or free and with ads (`free`), since when, and when one left (a provider back
 *   within a day is not a new arrival);
 * - `service_state`: the services the current offers were recorded for, and the once-only summary.
 * The inbox takes a third kind, `arrival`, keyed `arrival:<movie|tv>:<id>:<region>:<provider>`, so
 * an arrival is announced once across restarts and read on every computer by that key.
 */
export const library016: Migration = {
  version: 16,
  name: 'arrivals',
  up(db) {
    db.exec(`
      CREATE TABLE service_titles (
        media_type TEXT NOT NULL CHECK (media_type IN ('movie', 'tv')),
        media_id INTEGER NOT NULL,
        region TEXT NOT NULL,
        checked_at INTEGER NOT NULL,
        attempted_at INTEGER NOT NULL,
        error TEXT,
        PRIMARY KEY (media_type, media_id)
      ) WITHOUT ROWID;

      CREATE TABLE service_offers (
        media_type TEXT NOT NULL CHECK (media_type IN ('movie', 'tv')),
        media_id INTEGER NOT NULL,
        region TEXT NOT NULL,
        provider_id INTEGER NOT NULL,
        offer TEXT NOT NULL CHECK (offer IN ('flatrate', 'free')),
        present INTEGER NOT NULL CHECK (present IN (0, 1)),
        since INTEGER NOT NULL,
        left_at INTEGER,
        PRIMARY KEY (media_type, media_id, region, provider_id, offer)
      ) WITHOUT ROWID;
      CREATE INDEX offers_by_provider ON service_offers (region, provider_id) WHERE present = 1;

      CREATE TABLE service_state (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) WITHOUT ROWID;

      ALTER TABLE inbox RENAME TO inbox_before_arrivals;
      DROP INDEX inbox_unread;
      CREATE TABLE inbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        dedupe_key TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('episode', 'release', 'arrival')),
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
      INSERT INTO inbox SELECT id, dedupe_key, kind, media_id, season_number, episode_number,
        release_type, title, body, occurred_at, created_at, read_at, os_notified_at
        FROM inbox_before_arrivals;
      -- Ids go on from where they were: an id is never given to a second item.
      DELETE FROM sqlite_sequence WHERE name = 'inbox';
      INSERT INTO sqlite_sequence (name, seq)
        SELECT 'inbox', seq FROM sqlite_sequence WHERE name = 'inbox_before_arrivals';
      DROP TABLE inbox_before_arrivals;
      CREATE INDEX inbox_unread ON inbox (id) WHERE read_at IS NULL;
    `);
  },
};
