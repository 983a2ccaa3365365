import type { Migration } from '../../migrate';

/**
 * The on-disk image index. `name` is the hash the file is stored under; the server's path is not
 * kept. `last_access` drives LRU eviction. The index on http_responses.fetched_at lets responses
 * older than any freshness window be pruned without a table scan.
 */
export const cache002: Migration = {
  version: 2,
  name: 'images',
  up(db) {
    db.exec(`
      CREATE TABLE images (
        name TEXT PRIMARY KEY,
        size TEXT NOT NULL,
        content_type TEXT NOT NULL,
        bytes INTEGER NOT NULL,
        stored_at INTEGER NOT NULL,
        last_access INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX images_by_access ON images (last_access);
      CREATE INDEX http_responses_by_age ON http_responses (fetched_at);
    `);
  },
};
