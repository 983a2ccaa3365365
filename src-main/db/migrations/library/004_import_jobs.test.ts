import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../migrate';
import { library001 } from './001_initial';
import { library002 } from './002_tracking';
import { library003 } from './003_data_safety';
import { library004 } from './004_import_jobs';

describe('library migration 004_import_jobs', () => {
  let db: Database.Database;
  afterEach(() => {
    db.close();
  });

  it('adds import jobs and their rows, removed with their job and checked for known states', () => {
    db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, [library001, library002, library003]);
    expect(migrate(db, [library001, library002, library003, library004]).to).toBe(4);

    db.prepare(
      `INSERT INTO import_jobs (id, format, source_name, state, created_at, updated_at)
       VALUES ('j1', 'letterboxd', 'export.zip', 'ready', 1, 1)`,
    ).run();
    const row = db.prepare(
      `INSERT INTO import_rows (job_id, row_id, kind, row, state) VALUES ('j1', ?, ?, '{}', ?)`,
    );
    row.run(1, 'watched', 'matched');
    row.run(2, 'ratings', 'review');
    expect(() => row.run(3, 'watched', 'maybe')).toThrow(/CHECK/);
    expect(() => row.run(4, 'plays', 'matched')).toThrow(/CHECK/);
    expect(() =>
      db
        .prepare(
          `INSERT INTO import_jobs (id, format, source_name, state, created_at, updated_at)
           VALUES ('j2', 'imdb', 'x.csv', 'half-done', 1, 1)`,
        )
        .run(),
    ).toThrow(/CHECK/);

    db.prepare("DELETE FROM import_jobs WHERE id = 'j1'").run();
    expect(db.prepare('SELECT count(*) AS n FROM import_rows').get()).toEqual({ n: 0 });
  });
});
