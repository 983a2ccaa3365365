import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalSearch } from '../../../cache/store/search';
import { migrate } from '../../migrate';
import { cache001 } from './001_initial';
import { cache002 } from './002_images';
import { cache003, SEARCH_ROWID_ID_BITS } from './003_search_by_popularity';

const ALL = [cache001, cache002, cache003];

describe('cache migration 003_search_by_popularity', () => {
  let db: Database.Database;
  afterEach(() => db.close());

  const indexed = (): number[] =>
    db.prepare('SELECT rowid FROM search_fts ORDER BY rowid').pluck().all() as number[];
  const bucketOf = (rowid: number): number => Math.floor(rowid / 2 ** SEARCH_ROWID_ID_BITS);
  const addTitle = (
    kind: string,
    id: number,
    title: string,
    original: string | null,
    popularity: number | null,
  ): void => {
    db.prepare(
      'INSERT INTO titles (kind, id, title, original_title, popularity, seen_at) VALUES (?, ?, ?, ?, ?, 1)',
    ).run(kind, id, title, original, popularity);
  };

  it('re-indexes the titles and people of a version-2 cache, most popular last in rowid order', () => {
    db = new Database(':memory:');
    migrate(db, [cache001, cache002]);
    addTitle('movie', 10, 'Amélie', 'Le Fabuleux Destin', 5);
    addTitle('tv', 10, 'Amelia', null, 500);
    addTitle('movie', 11, 'Amelie Again', null, null);
    db.prepare(
      "INSERT INTO people (id, name, also_known_as, popularity, seen_at) VALUES (10, 'Audrey Tautou', 'オドレイ・トトゥ', 20, 1)",
    ).run();

    expect(migrate(db, ALL)).toMatchObject({
      from: 2,
      to: 3,
      applied: ['003_search_by_popularity'],
    });
    const rows = indexed();
    expect(rows).toHaveLength(4);
    // The low bits still say which row: id * 4 + kind.
    expect(rows.map((r) => r % 2 ** SEARCH_ROWID_ID_BITS).sort((a, b) => a - b)).toEqual([
      40, 41, 42, 44,
    ]);
    // Unknown popularity sorts first, then 5 < 20 < 500.
    expect(rows.map((r) => r % 2 ** SEARCH_ROWID_ID_BITS)).toEqual([44, 40, 42, 41]);
    expect(bucketOf(rows[0] ?? -1)).toBe(0);

    const search = createLocalSearch(db);
    expect(search('ame').map((h) => `${h.kind}:${h.id}`)).toEqual([
      'tv:10',
      'movie:10',
      'movie:11',
    ]);
    expect(search('fabuleux')).toMatchObject([{ kind: 'movie', id: 10, name: 'Amélie' }]);
    expect(search('オドレイ')).toMatchObject([{ kind: 'person', id: 10 }]);
  });

  it('moves a row in the index when its popularity changes bucket, and only then', () => {
    db = new Database(':memory:');
    migrate(db, ALL);
    addTitle('movie', 1, 'Storm', null, 10);
    addTitle('movie', 2, 'Storm Rising', null, 100);
    const before = indexed();
    db.prepare('UPDATE titles SET popularity = 10.05 WHERE id = 1').run();
    expect(indexed()).toEqual(before);

    db.prepare('UPDATE titles SET popularity = 1000 WHERE id = 1').run();
    const after = indexed();
    expect(after).toHaveLength(2);
    expect((after.at(-1) ?? -1) % 2 ** SEARCH_ROWID_ID_BITS).toBe(4);
    const search = createLocalSearch(db, { window: 100 });
    expect(search('sto').map((h) => h.id)).toEqual([1, 2]);

    db.prepare('UPDATE titles SET title = ? WHERE id = 1').run('Calm');
    expect(search('storm').map((h) => h.id)).toEqual([2]);
    expect(search('calm').map((h) => h.id)).toEqual([1]);
    db.prepare('DELETE FROM titles WHERE id = 2').run();
    expect(indexed()).toHaveLength(1);
  });

  it('keeps a row whose id the index cannot encode, but leaves it out of the index', () => {
    db = new Database(':memory:');
    migrate(db, ALL);
    addTitle('movie', 2 ** 40, 'Far Away', null, 1);
    addTitle('movie', -3, 'Negative', null, 1);
    expect(db.prepare('SELECT count(*) FROM titles').pluck().get()).toBe(2);
    expect(indexed()).toEqual([]);
    db.prepare('DELETE FROM titles').run();
    expect(indexed()).toEqual([]);
  });
});
