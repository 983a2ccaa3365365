import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIngest } from './ingest';
import { createLocalSearch, matchClass, toFtsQuery } from './search';
import { fixture, tempCache } from '../testing/temp-cache';

describe('toFtsQuery', () => {
  it('quotes every token and makes the last one a prefix', () => {
    expect(toFtsQuery('star wa')).toBe('"star" "wa"*');
  });
  it('cannot be turned into FTS syntax', () => {
    expect(toFtsQuery('title:x OR "y" NEAR(a b) -z *')).toBe(
      '"title" "x" "OR" "y" "NEAR" "a" "b" "z"*',
    );
    expect(toFtsQuery('  "" * ')).toBeNull();
  });
});

describe('matchClass', () => {
  it('puts the whole name first, then names that start with the query, then names holding every word', () => {
    expect(matchClass('Star Wars', ['star', 'wa'])).toBe(0);
    expect(matchClass('Star Wars: A New Hope', ['star', 'wa'])).toBe(1);
    expect(matchClass('Dark Star Wanderers', ['star', 'wa'])).toBe(2);
    expect(matchClass('Le Fabuleux Destin', ['amelie'])).toBe(3);
    expect(matchClass('Amélie', ['amel'])).toBe(0);
    expect(matchClass('ZOË', ['zoe'])).toBe(0);
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
        {
          media_type: 'movie',
          id: 1,
          title: 'Amélie',
          original_title: 'Le Fabuleux Destin d’Amélie Poulain',
          popularity: 5,
        },
        { media_type: 'movie', id: 2, title: 'Jobs', popularity: 1 },
        { media_type: 'movie', id: 3, title: 'Jobs', popularity: 50 },
      ],
    });
    ingest(
      { id: 99, name: 'Audrey Tautou', also_known_as: ['オドレイ・トトゥ'], popularity: 3 },
      { mediaType: 'person' },
    );
    search = createLocalSearch(env.db);
  });
  afterEach(() => {
    env.cleanup();
  });

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
    expect(
      search('jobs', { kinds: ['person'], limit: 100 }).every((h) => h.kind === 'person'),
    ).toBe(true);
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

  it('pages one stable order across ranking windows, and filters kinds before the window', async () => {
    const big = await tempCache();
    try {
      const ingest = createIngest(big.db, () => 1);
      const results = Array.from({ length: 260 }, (_, i) => ({
        media_type: i % 3 === 0 ? 'tv' : 'movie',
        id: i + 1,
        title: i % 7 === 0 ? 'Harbor' : `Harbor Lights ${i}`,
        name: i % 7 === 0 ? 'Harbor' : `Harbor Lights ${i}`,
        popularity: (i * 37) % 101,
      }));
      ingest({ results });
      const local = createLocalSearch(big.db, { window: 100 });
      const all = Array.from({ length: 6 }, (_, page) =>
        local('harb', { limit: 50, offset: page * 50 }),
      ).flat();
      expect(all).toHaveLength(260);
      expect(new Set(all.map((h) => `${h.kind}:${h.id}`)).size).toBe(260);
      // Pages that straddle a window boundary are slices of the same order.
      expect(local('harb', { limit: 30, offset: 85 })).toEqual(all.slice(85, 115));
      // Within the first window (the 100 most popular), the exact name comes before longer ones.
      const firstWindow = all.slice(0, 100);
      const exact = firstWindow.filter((h) => h.name === 'Harbor').length;
      expect(exact).toBeGreaterThan(5);
      expect(firstWindow.slice(0, exact).every((h) => h.name === 'Harbor')).toBe(true);
      const tv = local('harb', { kinds: ['tv'], limit: 100 });
      expect(tv).toHaveLength(87);
      expect(tv.every((h) => h.kind === 'tv')).toBe(true);
    } finally {
      big.cleanup();
    }
  });
});
