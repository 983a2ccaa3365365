import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIngest, type Ingest } from './ingest';
import { fixture, tempCache } from '../testing/temp-cache';

describe('ingest', () => {
  let env: Awaited<ReturnType<typeof tempCache>>;
  let db: Database.Database;
  let ingest: Ingest;
  beforeEach(async () => {
    env = await tempCache();
    db = env.db;
    ingest = createIngest(db, () => 1000);
  });
  afterEach(() => {
    env.cleanup();
  });

  const count = (table: string, where = '1'): number =>
    db.prepare(`SELECT count(*) FROM ${table} WHERE ${where}`).pluck().get() as number;

  it('takes movies, series and people from a multi search by their media_type', () => {
    const counts = ingest(fixture('search_multi__1.json'));
    // 10 titles and 10 people, plus the titles those people are known for.
    expect(counts.people).toBe(10);
    expect(counts.titles).toBeGreaterThanOrEqual(10);
    expect(
      db.prepare("SELECT title FROM titles WHERE kind = 'tv' AND id = 2584").pluck().get(),
    ).toBe('Dirty Jobs');
    expect(
      db.prepare("SELECT title FROM titles WHERE kind = 'movie' AND id = 321697").pluck().get(),
    ).toBe('Steve Jobs');
    expect(db.prepare('SELECT name FROM people WHERE id = 12897').pluck().get()).toBe('Steve Jobs');
  });

  it('takes each popular person and the titles they are known for', () => {
    const counts = ingest(fixture('person_popular__1.json'));
    expect(counts.people).toBe(20);
    expect(counts.titles).toBe(59);
    expect(count('people')).toBe(20);
    expect(count('titles')).toBeGreaterThan(40);
  });

  it('takes a season and its episodes, and the people in their crews', () => {
    const counts = ingest(fixture('tv_season_details__1.json'), { seriesId: 1396 });
    expect(counts.seasons).toBe(1);
    expect(count('episodes', 'series_id = 1396 AND season_number = 1')).toBe(7);
    expect(
      db
        .prepare('SELECT name FROM episodes WHERE series_id = 1396 AND episode_number = 1')
        .pluck()
        .get(),
    ).toBe('Pilot');
    expect(count('people')).toBeGreaterThan(0);
  });

  it('takes the episodes of an episode group, keyed by their own series', () => {
    const counts = ingest(fixture('tv_episode_group__1.json'));
    expect(counts.episodes).toBeGreaterThan(0);
    expect(count('episodes')).toBeGreaterThan(0);
  });

  it('takes a details body as a detailed row, and its seasons for a series', () => {
    ingest(fixture('tv_details__1.json'), { mediaType: 'tv' });
    expect(count('titles', 'detail_level = 2')).toBe(1);
    expect(count('seasons')).toBeGreaterThan(0);
  });

  it('never overwrites a known value with null, and a summary never replaces details', () => {
    ingest(
      { id: 7, title: 'Rich', overview: 'Full overview', poster_path: '/p.jpg', popularity: 9 },
      { mediaType: 'movie' },
    );
    ingest({
      results: [{ id: 7, title: 'Rich', overview: null, poster_path: null, popularity: 12 }],
    });
    const row = db
      .prepare('SELECT overview, poster_path, popularity, detail_level FROM titles WHERE id = 7')
      .get();
    expect(row).toEqual({
      overview: 'Full overview',
      poster_path: '/p.jpg',
      popularity: 9,
      detail_level: 2,
    });
    // A newer details response does bring its values.
    ingest({ id: 7, title: 'Rich', overview: 'Newer', popularity: 15 }, { mediaType: 'movie' });
    expect(
      db.prepare('SELECT overview, popularity, poster_path FROM titles WHERE id = 7').get(),
    ).toEqual({
      overview: 'Newer',
      popularity: 15,
      poster_path: '/p.jpg',
    });
  });

  it('ignores bodies that carry no resources and items without an id or a name', () => {
    expect(ingest({ status_code: 34, status_message: 'not found' })).toEqual({
      titles: 0,
      people: 0,
      seasons: 0,
      episodes: 0,
    });
    expect(ingest({ results: [{ id: 'x', title: 'bad' }, { id: 3 }] })).toEqual({
      titles: 0,
      people: 0,
      seasons: 0,
      episodes: 0,
    });
  });

  it('leaves the search index untouched when a page brings nothing new for it', () => {
    const page = (popularity: number, title = 'Harbor Lights'): unknown => ({
      results: [
        { media_type: 'movie', id: 500, title, popularity },
        ...(fixture('search_multi__1.json') as { results: unknown[] }).results,
      ],
    });
    ingest(page(10));
    const index = (): unknown[] =>
      db.prepare('SELECT id, block FROM search_fts_data ORDER BY id').raw().all();
    const before = index();
    // Same names, popularity within the same bucket: rows are refreshed, the index is not.
    ingest(page(10.1));
    expect(db.prepare('SELECT popularity FROM titles WHERE id = 500').pluck().get()).toBe(10.1);
    expect(index()).toEqual(before);
    // A new name is indexed at once.
    ingest(page(10.1, 'Harbour Lights'));
    expect(index()).not.toEqual(before);
  });
});
