import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, type Migration } from '../../migrate';
import { libraryMigrations } from '.';
import { library012 } from './012_capture_poll';

const upTo10 = libraryMigrations.filter((m) => m.version <= 10);
/** Whatever the library's migration 11 is, 012 does not depend on it. */
const another11: Migration = { version: 11, name: 'another', up: () => undefined };

describe('library migration 012_capture_poll', () => {
  let db: Database.Database;
  afterEach(() => db.close());

  it('gives each configured server a poll cursor and account aliases, keeping its row', () => {
    db = new Database(':memory:');
    migrate(db, upTo10);
    db.prepare(
      `INSERT INTO capture_servers (id, kind, name, created_at) VALUES ('jellyfin-1', 'jellyfin', 'Jellyfin', 1)`,
    ).run();
    migrate(db, [...upTo10, another11, library012]);
    expect(db.pragma('user_version', { simple: true })).toBe(12);
    expect(
      db.prepare('SELECT id, name, poll_cursor, account_aliases FROM capture_servers').all(),
    ).toEqual([{ id: 'jellyfin-1', name: 'Jellyfin', poll_cursor: null, account_aliases: '{}' }]);
  });
});
