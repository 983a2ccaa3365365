import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../migrate';
import { libraryMigrations } from './index';

describe('library migration 009_changes', () => {
  let db: Database.Database;
  afterEach(() => {
    db.close();
  });

  it('adds an empty change log over an existing library, one row per change id', () => {
    db = new Database(':memory:');
    migrate(
      db,
      libraryMigrations.filter((m) => m.version < 9),
    );
    db.prepare(
      `INSERT INTO watch_plays (uid, media_type, media_id, season_number, episode_number, watched_at, source, created_at)
       VALUES ('p1', 'movie', 603, -1, -1, 1, 'marquee', 1)`,
    ).run();
    expect(migrate(db, libraryMigrations).to).toBeGreaterThanOrEqual(9);
    expect(db.prepare('SELECT count(*) AS n FROM watch_plays').get()).toEqual({ n: 1 });
    expect(db.prepare('SELECT count(*) AS n FROM changes').get()).toEqual({ n: 0 });
    const add = db.prepare(
      `INSERT INTO changes (id, hlc, device, domain, kind, entity, data)
       VALUES (?, '0000000000001-000000', 'd', 'tracking', 'plays.add', 'play:p1', '{}')`,
    );
    add.run('c1');
    expect(() => add.run('c1')).toThrow(/UNIQUE/);
  });
});
