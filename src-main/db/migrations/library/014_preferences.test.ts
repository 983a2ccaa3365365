import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../migrate';
import { libraryMigrations } from '.';

describe('library migration 014_preferences', () => {
  let db: Database.Database;
  afterEach(() => db.close());

  it('adds an empty preferences table and keeps the history', () => {
    db = new Database(':memory:');
    migrate(
      db,
      libraryMigrations.filter((m) => m.version <= 13),
    );
    db.prepare(
      `INSERT INTO watch_plays (uid, media_type, media_id, season_number, episode_number, watched_at, source, created_at)
       VALUES ('p1', 'movie', 603, -1, -1, 1000, 'marquee', 1000)`,
    ).run();
    migrate(db, libraryMigrations);
    expect(libraryMigrations.map((m) => m.version)).toContain(14);
    expect(db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(14);
    expect(db.prepare('SELECT count(*) AS n FROM preferences').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT uid FROM watch_plays').all()).toEqual([{ uid: 'p1' }]);
  });
});
