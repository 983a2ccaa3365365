import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../migrate';
import { libraryMigrations } from './index';

describe('library migration 008_import_follows', () => {
  let db: Database.Database;
  afterEach(() => {
    db.close();
  });

  it('keeps every import row and lets a row be a series follow', () => {
    db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(
      db,
      libraryMigrations.filter((m) => m.version < 8),
    );
    db.prepare(
      `INSERT INTO import_jobs (id, format, source_name, state, created_at, updated_at)
       VALUES ('j1', 'tvtime', 'tv-time-personal-data.zip', 'ready', 1, 1)`,
    ).run();
    const row = db.prepare(
      `INSERT INTO import_rows (job_id, row_id, kind, row, state) VALUES ('j1', ?, ?, '{}', 'waiting')`,
    );
    row.run(1, 'favourites');
    expect(() => row.run(2, 'follows')).toThrow(/CHECK/);
    expect(migrate(db, libraryMigrations).to).toBeGreaterThanOrEqual(8);

    expect(db.prepare('SELECT row_id, kind, state FROM import_rows').all()).toEqual([
      { row_id: 1, kind: 'favourites', state: 'waiting' },
    ]);
    row.run(2, 'follows');
    expect(() => row.run(3, 'maybe')).toThrow(/CHECK/);
    db.prepare("DELETE FROM import_jobs WHERE id = 'j1'").run();
    expect(db.prepare('SELECT count(*) AS n FROM import_rows').get()).toEqual({ n: 0 });
  });
});
