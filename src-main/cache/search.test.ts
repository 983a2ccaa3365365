import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIngest } from './ingest';
import { createLocalSearch, toFtsQuery } from './search';
import { fixture, tempCache } from './test-db';

describe('toFtsQuery', () => {
  it('quotes every token and makes the last one a prefix', () => {
    expect(toFtsQuery('star wa')).toBe('"star" "wa"*');
  });
  it('cannot be turned into FTS syntax', () => {
    expect(toFtsQuery('title:x OR "y" NEAR(a b) -z *')).toBe('"title" "x" "OR" "y" "NEAR" "a" "b" "z"*');
    expect(toFtsQuery('  "" * ')).toBeNull();
  });
});

describe('local search', () => {
  let env: Awaited<ReturnType<typeof tempCache>>;
  let search: ReturnType<typeof createLocalSearch>;
  beforeEach(async () => {
    env = await tempCache();
    const ingest = createIngest(env.db, () => 1);
    ingest(fixture('search_multi__1.json'));
    ingest({
      results: [
        { media_type: 'movie', id: 1, title: 'Amélie', original_title: 'Le Fabuleux Destin d’Amélie Poulain', popularity: 5 },
        { media_type: 'movie', id: 2, title: 'Jobs', popularity: 1 },
        { media_type: 'movie', id: 3, title: 'Jobs', popularity: 50 },
      ],
    });
    ingest({ id: 99, name: 'Audrey Tautou', also_known_as: ['オドレイ・トトゥ'], popularity: 3 }, { mediaType: 'person' });
    search = createLocalSearch(env.db);
  });
  afterEach(() => { env.cleanup(); });

  it('finds titles and people while typing, across accents and original titles', () => {
    expect(search('ame').map((h) => h.id)).toEqual([1]);
    expect(search('fabuleux destin')[0]).toMatchObject({ kind: 'movie', id: 1, name: 'Amélie' });
    expect(search('tautou')[0]).toMatchObject({ kind: 'person', id: 99 });
    expect(search('オドレイ')[0]).toMatchObject({ kind: 'person', id: 99 });
  });

  it('ranks equal matches by popularity and filters by kind', () => {
    const jobs = search('jobs', { limit: 100 });
    const exact = jobs.filter((h) => h.name === 'Jobs' && h.kind === 'movie');
    expect(exact[0]?.id).toBe(3);
    expect(exact[1]?.id).toBe(2);
    const popularities = exact.map((h) => h.popularity ?? 0);
    expect([...popularities].sort((a, b) => b - a)).toEqual(popularities);
    expect(search('jobs', { kinds: ['person'], limit: 100 }).every((h) => h.kind === 'person')).toBe(true);
    expect(search('jobs', { kinds: ['tv'], limit: 100 }).map((h) => h.id)).toContain(2584);
  });

  it('pages with limit and offset', () => {
    const all = search('jobs', { limit: 100 });
    expect(all.length).toBeGreaterThan(10);
    expect(search('jobs', { limit: 5, offset: 5 })).toEqual(all.slice(5, 10));
  });

  it('treats FTS operators as plain words instead of failing', () => {
    expect(() => search('jobs" OR title:*')).not.toThrow();
    expect(search('NEAR(')).toEqual([]);
    expect(search('')).toEqual([]);
  });
});
