import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalSearch } from '../../../cache/store/search';
import { migrate } from '../../migrate';
import { cache001 } from './001_initial';
import { cache002 } from './002_images';
import { cache003 } from './003_search_by_popularity';
import { cache004 } from './004_search_tuning';

describe('cache migration 004_search_tuning', () => {
  let db: Database.Database;
  afterEach(() => db.close());

  const addTitle = (kind: string, id: number, title: string, popularity: number): void => {
    db.prepare(
      'INSERT INTO titles (kind, id, title, popularity, seen_at) VALUES (?, ?, ?, ?, 1)',
    ).run(kind, id, title, popularity);
  };

  it('rebuilds the index of a version-3 cache with one-letter prefixes, and the triggers still feed it', () => {
    db = new Database(':memory:');
    migrate(db, [cache001, cache002, cache003]);
    addTitle('movie', 1, 'Silent Harbor', 5);
    addTitle('tv', 2, 'Summer Night', 50);
    db.prepare(
      "INSERT INTO people (id, name, popularity, seen_at) VALUES (3, 'Sam Lake', 1, 1)",
    ).run();

    expect(migrate(db, [cache001, cache002, cache003, cache004])).toMatchObject({
      from: 3,
      to: 4,
      applied: ['004_search_tuning'],
    });
    const sql = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'search_fts'").pluck().get();
    expect(sql).toContain("prefix = '1 2 3 4'");
    const automerge = db
      .prepare("SELECT v FROM search_fts_config WHERE k = 'automerge'")
      .pluck()
      .get();
    expect(automerge).toBe(0);

    const search = createLocalSearch(db);
    expect(search('s').map((h) => `${h.kind}:${h.id}`)).toEqual(['tv:2', 'movie:1', 'person:3']);
    // Rows written after the migration reach the new index through 003's triggers.
    addTitle('movie', 4, 'Starlight', 500);
    db.prepare("UPDATE titles SET title = 'Quiet Harbor' WHERE kind = 'movie' AND id = 1").run();
    expect(search('s').map((h) => `${h.kind}:${h.id}`)).toEqual(['movie:4', 'tv:2', 'person:3']);
    expect(search('q').map((h) => `${h.kind}:${h.id}`)).toEqual(['movie:1']);
  });
});
