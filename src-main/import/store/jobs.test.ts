import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import { libraryMigrations } from '../../db/migrations/library';
import { createImportJobStore, storedRow, storedTargets } from './jobs';

describe('import job store: jobs stored with the older kind names', () => {
  let db: Database.Database | undefined;
  afterEach(() => {
    db?.close();
    db = undefined;
  });

  it('reads a row kind of rating, favourite, listItem or follow as the contract names it', () => {
    const ref = { mediaType: 'movie', title: 'Heat' };
    expect(storedRow({ kind: 'rating', rating: 8, ref })).toEqual({
      kind: 'ratings',
      rating: 8,
      ref,
    });
    expect(storedRow({ kind: 'favourite', ref })).toEqual({ kind: 'favourites', ref });
    expect(storedRow({ kind: 'listItem', ref })).toEqual({ kind: 'lists', ref });
    expect(storedRow({ kind: 'follow', ref })).toEqual({ kind: 'follows', ref });
    // Today's names, other kinds, and damaged rows are read as they are.
    expect(storedRow({ kind: 'watched', ref })).toEqual({ kind: 'watched', ref });
    expect(storedRow({ kind: 'ratings', ref })).toEqual({ kind: 'ratings', ref });
    expect(storedRow({ kind: 'toString', ref })).toEqual({ kind: 'toString', ref });
    expect(storedRow(null)).toBeNull();
  });

  it('reads a history target as watched', () => {
    expect(storedTargets({ history: true, ratings: false })).toEqual({
      watched: true,
      ratings: false,
    });
    expect(storedTargets({ watched: false, lists: true })).toEqual({ watched: false, lists: true });
    expect(storedTargets(null)).toBeNull();
  });

  it('reads an interrupted job stored before the rename as one of today', () => {
    const open = new Database(':memory:');
    db = open;
    open.pragma('foreign_keys = ON');
    migrate(open, libraryMigrations);
    open
      .prepare(
        `INSERT INTO import_jobs (id, format, source_name, state, targets, created_at, updated_at)
       VALUES ('j1', 'letterboxd', 'export.zip', 'applying', ?, 1, 1)`,
      )
      .run(
        JSON.stringify({
          history: true,
          ratings: true,
          watchlist: false,
          favourites: false,
          lists: true,
        }),
      );
    const insert = open.prepare(
      `INSERT INTO import_rows (job_id, row_id, kind, row, state) VALUES ('j1', ?, ?, ?, 'matched')`,
    );
    const ref = { mediaType: 'movie', title: 'Heat' };
    insert.run(1, 'ratings', JSON.stringify({ kind: 'rating', rating: 8, ref }));
    insert.run(2, 'lists', JSON.stringify({ kind: 'listItem', list: { name: 'Noir' }, ref }));
    const store = createImportJobStore(open);

    expect(store.job('j1')?.targets).toEqual({
      watched: true,
      ratings: true,
      watchlist: false,
      favourites: false,
      lists: true,
    });
    expect(store.rows('j1').map((r) => [r.kind, (r.row as { kind: string }).kind])).toEqual([
      ['ratings', 'ratings'],
      ['lists', 'lists'],
    ]);
    expect(store.listNames('j1')).toEqual([{ name: 'Noir', items: 1 }]);
  });
});
