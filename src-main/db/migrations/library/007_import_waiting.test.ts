import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../migrate';
import { libraryMigrations } from './index';

describe('library migration 007_import_waiting', () => {
  let db: Database.Database;
  afterEach(() => {
    db.close();
  });

  it('keeps every import row and lets a row wait for TMDB', () => {
    db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    const before = libraryMigrations.filter((m) => m.version < 7);
    migrate(db, before);
    db.prepare(
      `INSERT INTO import_jobs (id, format, source_name, state, created_at, updated_at)
       VALUES ('j1', 'letterboxd', 'export.zip', 'ready', 1, 1)`,
    ).run();
    db.prepare(
      `INSERT INTO import_rows (job_id, row_id, kind, row, state, reason, applied_at, outcome)
       VALUES ('j1', 1, 'watched', '{"a":1}', 'matched', 'why', 5, 'added')`,
    ).run();
    expect(migrate(db, libraryMigrations).to).toBeGreaterThanOrEqual(7);

    expect(db.prepare('SELECT * FROM import_rows').all()).toEqual([
      expect.objectContaining({ row_id: 1, row: '{"a":1}', reason: 'why', outcome: 'added' }),
    ]);
    const row = db.prepare(
      `INSERT INTO import_rows (job_id, row_id, kind, row, state) VALUES ('j1', ?, 'watched', '{}', ?)`,
    );
    row.run(2, 'waiting');
    expect(() => row.run(3, 'maybe')).toThrow(/CHECK/);
    // Rows still go with their job.
    db.prepare("DELETE FROM import_jobs WHERE id = 'j1'").run();
    expect(db.prepare('SELECT count(*) AS n FROM import_rows').get()).toEqual({ n: 0 });
  });
});
