import type { Migration } from '../../migrate';

/**
 * The first library schema: the mirror of the signed-in account and the outbox of changes not yet
 * sent.
 *
 * - `collection_entries` holds watchlist, favourites and ratings in one table so the UI reads any
 *   of them with one indexed query. Episodes are keyed by series id + season + episode number;
 *   movies and series use -1 for both numbers (a NULL in a key would make every row distinct).
 * - `lists.id` is Marquee's own id: `String(server_id)` for lists that came from TMDB, a
 *   `local-…` id for lists created offline, mapped to `server_id` once the server made them.
 * - The outbox keeps every entry with its status; nothing is deleted when it is sent or dropped.
 */
export const library001: Migration = {
  version: 1,
  name: 'initial',
  up(db) {
    db.exec(`
      CREATE TABLE item_summaries (
        media_type TEXT NOT NULL CHECK (media_type IN ('movie', 'tv')),
        media_id INTEGER NOT NULL,
        title TEXT,
        original_title TEXT,
        poster_path TEXT,
        release_date TEXT,
        popularity REAL,
        vote_average REAL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (media_type, media_id)
      ) WITHOUT ROWID;

      CREATE TABLE collection_entries (
        collection TEXT NOT NULL CHECK (collection IN ('watchlist', 'favorite', 'rated')),
        media_type TEXT NOT NULL CHECK (media_type IN ('movie', 'tv', 'episode')),
        media_id INTEGER NOT NULL,
        season_number INTEGER NOT NULL DEFAULT -1,
        episode_number INTEGER NOT NULL DEFAULT -1,
        rating REAL CHECK (rating IS NULL OR (rating >= 0.5 AND rating <= 10)),
        added_at INTEGER NOT NULL,
        PRIMARY KEY (collection, media_type, media_id, season_number, episode_number)
      ) WITHOUT ROWID;
      CREATE INDEX collection_by_added ON collection_entries (collection, media_type, added_at);

      CREATE TABLE lists (
        id TEXT PRIMARY KEY,
        server_id INTEGER UNIQUE,
        name TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) WITHOUT ROWID;

      -- Marquee's list id to TMDB's, kept after the list leaves the mirror (a queued delete needs it).
      CREATE TABLE list_server_ids (
        list_id TEXT PRIMARY KEY,
        server_id INTEGER NOT NULL UNIQUE
      ) WITHOUT ROWID;

      CREATE TABLE list_items (
        list_id TEXT NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
        media_type TEXT NOT NULL CHECK (media_type IN ('movie', 'tv')),
        media_id INTEGER NOT NULL,
        added_at INTEGER NOT NULL,
        PRIMARY KEY (list_id, media_type, media_id)
      ) WITHOUT ROWID;

      CREATE TABLE outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        item_key TEXT NOT NULL,
        op TEXT NOT NULL,
        queued_at INTEGER NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'in_flight', 'failed', 'sent', 'collapsed', 'superseded', 'cancelled')),
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        next_attempt_at INTEGER NOT NULL DEFAULT 0,
        settled_at INTEGER
      );
      CREATE INDEX outbox_open ON outbox (status, seq);
      CREATE INDEX outbox_by_item ON outbox (item_key, seq);
    `);
  },
};
