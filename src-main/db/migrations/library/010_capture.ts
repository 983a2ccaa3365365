import type Database from 'better-sqlite3';
import type { Migration } from '../../migrate';

const OLD_SOURCES = `CHECK (source IN ('marquee', 'letterboxd', 'imdb', 'trakt', 'backup'))`;
const NEW_SOURCES = `CHECK (source IN ('marquee', 'letterboxd', 'imdb', 'trakt', 'backup', 'jellyfin', 'plex', 'kodi', 'emby'))`;

interface SchemaRow {
  type: string;
  name: string;
  sql: string;
}

/**
 * SQLite cannot change a CHECK in place, so `watch_plays` is copied into a table that differs only
 * in its source list (https://www.sqlite.org/lang_altertable.html#otheralter): every row, every
 * index, and every trigger that names the table (the minutes triggers of 005, the totals triggers
 * of 006, on this table or another) are put back from their own stored text, so they stay exactly
 * as those migrations wrote them. The triggers are dropped before the copy and made again after
 * it, so no total moves while the rows are copied.
 */
function widenPlaySources(db: Database.Database): void {
  const table = db
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'watch_plays'")
    .pluck()
    .get() as string | undefined;
  if (table === undefined || !table.includes(OLD_SOURCES))
    throw new Error('watch_plays is not as migration 002 made it');
  const dependents = db
    .prepare(
      `SELECT type, name, sql FROM sqlite_master
       WHERE sql IS NOT NULL AND ((type = 'index' AND tbl_name = 'watch_plays')
         OR (type = 'trigger' AND (tbl_name = 'watch_plays' OR sql LIKE '%watch_plays%')))
       ORDER BY type, name`,
    )
    .all() as SchemaRow[];
  for (const row of dependents)
    db.exec(`DROP ${row.type === 'index' ? 'INDEX' : 'TRIGGER'} "${row.name}"`);
  const copy = table
    .replace(OLD_SOURCES, NEW_SOURCES)
    .replace(/^CREATE TABLE "?watch_plays"?/, 'CREATE TABLE watch_plays_next');
  db.exec(copy);
  db.exec('INSERT INTO watch_plays_next SELECT * FROM watch_plays');
  db.exec('DROP TABLE watch_plays');
  db.exec('ALTER TABLE watch_plays_next RENAME TO watch_plays');
  // Indexes first, then triggers, each in the order SQLite lists them.
  for (const row of dependents) if (row.type === 'index') db.exec(row.sql);
  for (const row of dependents) if (row.type === 'trigger') db.exec(row.sql);
}

/**
 * Play capture from media servers (Jellyfin, Plex, Kodi, Emby).
 *
 * - `watch_plays.source` also takes the server kinds, so a captured play says where it came from.
 * - `capture_servers`: the configured servers. No token, password or webhook secret is kept here
 *   (they are in the keychain); `accounts` is the server's accounts as JSON `[{id, name}]` and
 *   `chosen_accounts` the ids whose plays count.
 * - `capture_links`: which server, account and item each captured play came from. A play undone
 *   keeps its link row; the captured list joins the plays, so it disappears there.
 * - `capture_seen`: the last counted viewing of each (server, account, item), so one viewing
 *   announced several times is one play.
 * - `capture_review`: viewings that could not be matched to a TMDB title, waiting for the user.
 * - `capture_ids`: what TMDB answered for an external id (null id: it knows none), so an id is
 *   asked about once.
 */
export const library010: Migration = {
  version: 10,
  name: 'capture',
  up(db) {
    widenPlaySources(db);
    db.exec(`
      CREATE TABLE capture_servers (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('jellyfin', 'plex', 'kodi', 'emby')),
        name TEXT NOT NULL,
        url TEXT,
        listen TEXT NOT NULL DEFAULT 'local' CHECK (listen IN ('local', 'network')),
        threshold_percent INTEGER NOT NULL DEFAULT 90,
        accounts TEXT NOT NULL DEFAULT '[]',
        chosen_accounts TEXT NOT NULL DEFAULT '[]',
        state TEXT NOT NULL DEFAULT 'idle',
        message TEXT NOT NULL DEFAULT '',
        last_event_at INTEGER,
        created_at INTEGER NOT NULL
      );

      CREATE TABLE capture_links (
        play_uid TEXT PRIMARY KEY,
        server_id TEXT NOT NULL,
        server_kind TEXT NOT NULL,
        server_name TEXT NOT NULL,
        account TEXT NOT NULL,
        item_key TEXT NOT NULL,
        title TEXT,
        captured_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX capture_links_by_time ON capture_links (captured_at);
      CREATE INDEX capture_links_by_item ON capture_links (server_id, account, item_key);

      CREATE TABLE capture_seen (
        server_id TEXT NOT NULL,
        account TEXT NOT NULL,
        item_key TEXT NOT NULL,
        counted_at INTEGER NOT NULL,
        play_uid TEXT,
        PRIMARY KEY (server_id, account, item_key)
      ) WITHOUT ROWID;
      CREATE INDEX capture_seen_by_time ON capture_seen (counted_at);

      CREATE TABLE capture_review (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        server_id TEXT NOT NULL,
        server_kind TEXT NOT NULL,
        server_name TEXT NOT NULL,
        account TEXT NOT NULL,
        item_key TEXT NOT NULL,
        media_type TEXT NOT NULL CHECK (media_type IN ('movie', 'episode')),
        title TEXT,
        year INTEGER,
        season INTEGER,
        episode INTEGER,
        watched_at INTEGER,
        reason TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );

      CREATE TABLE capture_ids (
        source TEXT NOT NULL,
        external_id TEXT NOT NULL,
        media_type TEXT,
        tmdb_id INTEGER,
        season INTEGER,
        episode INTEGER,
        resolved_at INTEGER NOT NULL,
        PRIMARY KEY (source, external_id)
      ) WITHOUT ROWID;
    `);
  },
};
