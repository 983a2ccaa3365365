import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../migrate';
import { libraryMigrations } from '.';

describe('library migration 016_arrivals', () => {
  let db: Database.Database;
  afterEach(() => db.close());

  it('keeps every inbox item, its id and read state, and takes arrivals', () => {
    db = new Database(':memory:');
    migrate(
      db,
      libraryMigrations.filter((m) => m.version <= 14),
    );
    db.prepare(
      `INSERT INTO inbox (dedupe_key, kind, media_id, season_number, episode_number, release_type,
         title, body, occurred_at, created_at, read_at, os_notified_at)
       VALUES ('episode:1:1:2', 'episode', 1, 1, 2, NULL, 'Show', 'S01E02 aired today.',
         '2026-01-01', 1000, 2000, 1500)`,
    ).run();
    // A later item that is gone: its id is never given again.
    db.prepare("UPDATE sqlite_sequence SET seq = 5 WHERE name = 'inbox'").run();
    expect(() =>
      db
        .prepare(
          `INSERT INTO inbox (dedupe_key, kind, media_id, title, body, occurred_at, created_at)
           VALUES ('arrival:movie:2:US:8', 'arrival', 2, 'A', 'b', '2026-01-01', 1)`,
        )
        .run(),
    ).toThrow(/CHECK/);
    migrate(
      db,
      libraryMigrations.filter((m) => m.version <= 16),
    );
    expect(db.pragma('user_version', { simple: true })).toBe(16);
    expect(db.prepare('SELECT * FROM inbox').all()).toEqual([
      {
        id: 1,
        dedupe_key: 'episode:1:1:2',
        kind: 'episode',
        media_id: 1,
        season_number: 1,
        episode_number: 2,
        release_type: null,
        title: 'Show',
        body: 'S01E02 aired today.',
        occurred_at: '2026-01-01',
        created_at: 1000,
        read_at: 2000,
        os_notified_at: 1500,
      },
    ]);
    db.prepare(
      `INSERT INTO inbox (dedupe_key, kind, media_id, title, body, occurred_at, created_at)
       VALUES ('arrival:movie:2:US:8', 'arrival', 2, 'A', 'b', '2026-01-01', 1)`,
    ).run();
    expect(db.prepare('SELECT id FROM inbox ORDER BY id').pluck().all()).toEqual([1, 6]);
    expect(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'inbox'").pluck().get()).toMatch(
      /^CREATE TABLE inbox \(/,
    );
    expect(
      db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'inbox_unread'").pluck().get(),
    ).toBe(1);
    for (const table of ['service_titles', 'service_offers', 'service_state'])
      expect(db.prepare(`SELECT count(*) FROM ${table}`).pluck().get()).toBe(0);
  });
});
