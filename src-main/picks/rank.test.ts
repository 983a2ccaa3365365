import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pickHiddenKey, picksChannels } from '../../src-shared/ipc/contract/picks';
import { createChangePath } from '../changes/change-path';
import { createPreferences } from '../changes/preferences';
import { createChangeStore } from '../changes/store/changes';
import { createPreferenceStore } from '../changes/store/preferences';
import { computePicks, picksReaders } from './compute';
import {
  cacheLists,
  cacheTitle,
  hideSeries,
  picksFixture,
  putBody,
  rate,
  saveFacts,
  watch,
  type PicksFixture,
} from './testing/picks-fixture';

const NOW = Date.UTC(2026, 0, 15, 12);
const DAY = 86_400_000;

let fx: PicksFixture;
beforeEach(() => {
  fx = picksFixture();
});
afterEach(() => {
  fx.cleanup();
});

const picks = (limit = 50, popular: Array<{ kind: 'movie' | 'tv'; id: number }> | null = null) =>
  computePicks(picksReaders(fx.library, fx.cache), { now: NOW, limit, popular });
const ids = (limit?: number): string[] =>
  picks(limit).items.map((p) => `${p.mediaType}:${String(p.id)}`);

describe('picks from the history', () => {
  it('never suggest a watched, hidden or dismissed title, and give every pick its reason', () => {
    watch(fx.library, 'movie', 1, NOW - DAY);
    watch(fx.library, 'movie', 2, NOW - DAY);
    watch(fx.library, 'tv', 3, NOW - DAY);
    hideSeries(fx.library, 40);
    const prefs = createPreferences({
      store: createPreferenceStore(fx.library),
      changes: createChangePath({ store: createChangeStore(fx.library), clock: () => NOW }),
      clock: () => NOW,
    });
    prefs.set(pickHiddenKey('movie', 11), true);
    prefs.set(pickHiddenKey('movie', 12), false);
    cacheLists(fx.cache, 'movie', 1, [{ id: 2 }, { id: 10 }, { id: 11 }, { id: 12 }]);
    cacheLists(fx.cache, 'movie', 2, [{ id: 1 }, { id: 13 }, { id: 40, kind: 'tv' }]);
    cacheLists(fx.cache, 'tv', 3, [{ id: 3 }, { id: 41 }]);

    const result = picks();
    expect(result.basis).toBe('history');
    expect(new Set(ids())).toEqual(new Set(['movie:10', 'movie:12', 'movie:13', 'tv:41']));
    for (const p of result.items) {
      expect(p.because).not.toBeNull();
      expect(p.reason).toMatch(/^Because you watched (Title|Film|Series) \d+$/);
    }
    expect(result.items.find((p) => p.id === 41)?.reason).toBe('Because you watched Title 3');
  });

  it('rank by rating and recency: a title loved lately leads one liked long ago', () => {
    watch(fx.library, 'movie', 1, NOW - 3 * 365 * DAY);
    rate(fx.library, 'movie', 1, 7);
    watch(fx.library, 'movie', 2, NOW - 5 * DAY);
    rate(fx.library, 'movie', 2, 10);
    // A title rated poorly never seeds anything.
    watch(fx.library, 'movie', 3, NOW - DAY);
    rate(fx.library, 'movie', 3, 2);
    cacheLists(fx.cache, 'movie', 1, [{ id: 10 }]);
    cacheLists(fx.cache, 'movie', 2, [{ id: 20 }]);
    cacheLists(fx.cache, 'movie', 3, [{ id: 30 }]);
    const result = picks();
    expect(ids()).toEqual(['movie:20', 'movie:10']);
    expect(result.items[0]?.reason).toBe('Because you rated Title 2');
    expect(result.items[0]?.because).toMatchObject({ kind: 'rated', rating: 10 });

    // Rewatching the old one lifts it above the new one's pick.
    watch(fx.library, 'movie', 1, NOW - DAY, 6);
    rate(fx.library, 'movie', 2, 6);
    expect(ids()[0]).toBe('movie:10');
  });

  it('favour the genres, decades and people of what the person loved', () => {
    for (let id = 1; id <= 4; id++) {
      watch(fx.library, 'movie', id, NOW - DAY);
      rate(fx.library, 'movie', id, 9);
      saveFacts(fx.library, 'movie', id, {
        genres: [{ id: 27, name: 'Horror' }],
        releaseDate: '1982-01-01',
        directors: [{ id: 500, name: 'Carpenter', profilePath: null }],
      });
    }
    // One seed, two candidates at the same place in two lists: only taste tells them apart.
    cacheLists(fx.cache, 'movie', 1, [{ id: 10, genres: [35], date: '2015-01-01' }]);
    cacheLists(fx.cache, 'movie', 2, [{ id: 11, genres: [27], date: '1984-01-01' }]);
    expect(ids()).toEqual(['movie:11', 'movie:10']);
    // People count too, once the candidate's details are cached.
    cacheLists(fx.cache, 'movie', 3, [{ id: 12, genres: [35], date: '2015-01-01' }]);
    cacheLists(fx.cache, 'movie', 12, [], { people: { directors: [500] } });
    expect(ids().indexOf('movie:12')).toBeLessThan(ids().indexOf('movie:10'));
  });

  it('improve as the cache fills: a seed with nothing cached waits, then counts', () => {
    watch(fx.library, 'movie', 1, NOW - DAY);
    watch(fx.library, 'movie', 2, NOW - DAY);
    cacheLists(fx.cache, 'movie', 1, [{ id: 10 }]);
    const before = picks();
    expect(before).toMatchObject({
      seeds: 2,
      seedsWaiting: 1,
      waiting: [{ kind: 'movie', id: 2 }],
    });
    cacheLists(fx.cache, 'movie', 2, [{ id: 20 }], { via: 'recommendations' });
    const after = picks();
    expect(after.seedsWaiting).toBe(0);
    expect(after.items.map((p) => p.id).sort()).toEqual([10, 20]);
  });

  it('read the history again once the library changed, through the same readers', () => {
    const readers = picksReaders(fx.library, fx.cache);
    const run = () => computePicks(readers, { now: NOW, limit: 50, popular: null });
    watch(fx.library, 'movie', 1, NOW - DAY);
    cacheLists(fx.cache, 'movie', 1, [{ id: 10 }, { id: 11 }]);
    cacheLists(fx.cache, 'movie', 2, [{ id: 20 }]);
    expect(run().items.map((p) => p.id)).toEqual([10, 11]);
    watch(fx.library, 'movie', 10, NOW - DAY);
    watch(fx.library, 'movie', 2, NOW - DAY);
    expect(
      run()
        .items.map((p) => p.id)
        .sort(),
    ).toEqual([11, 20]);
  });

  it('fall back to popular titles, said plainly, when there is no history', () => {
    cacheTitle(fx.cache, 'movie', 7, 50);
    cacheTitle(fx.cache, 'tv', 8, 90);
    cacheTitle(fx.cache, 'movie', 9, 10);
    const result = picks();
    expect(result).toMatchObject({ basis: 'popular', onServices: false, seeds: 0 });
    expect(ids()).toEqual(['tv:8', 'movie:7', 'movie:9']);
    expect(result.items.every((p) => p.reason === 'Popular on TMDB' && p.because === null)).toBe(
      true,
    );
    // On the person's services: those titles, in that order, said so.
    const mine = picks(50, [
      { kind: 'movie', id: 9 },
      { kind: 'movie', id: 7 },
      { kind: 'movie', id: 999 },
    ]);
    expect(mine).toMatchObject({ basis: 'popular', onServices: true });
    expect(mine.items.map((p) => [p.id, p.reason])).toEqual([
      [9, 'Popular on your services'],
      [7, 'Popular on your services'],
    ]);
    // A watched popular title is still never suggested.
    watch(fx.library, 'tv', 8, NOW - DAY);
    rate(fx.library, 'tv', 8, 3);
    expect(ids()).toEqual(['movie:7', 'movie:9']);
  });
});

describe('picks over messy data', () => {
  it('read around unreadable responses, bad items, null titles and huge words', () => {
    watch(fx.library, 'movie', 1, NOW - DAY);
    watch(fx.library, 'movie', 2, NOW - DAY);
    watch(fx.library, 'movie', 3, NOW - DAY);
    putBody(fx.cache, 'GET /3/movie/1?language=en-US', '{not json');
    putBody(fx.cache, 'GET /3/movie/2?language=en-US', {
      recommendations: {
        results: [null, 'x', { id: -4 }, { id: 1.5 }, { id: 21, media_type: 'person' }],
      },
    });
    const word = 'A'.repeat(10_000);
    cacheLists(fx.cache, 'movie', 3, [
      { id: 30, title: null },
      { id: 31, title: word, poster: null, date: '2023-13-45' },
      { id: 32, adult: true },
    ]);
    const result = picks();
    expect(result.items.map((p) => p.id)).toEqual([30, 31]);
    const [untitled, long] = result.items;
    expect(untitled?.title).toBe('Untitled film');
    expect(long?.title.length).toBeLessThanOrEqual(300);
    expect(long).toMatchObject({ posterPath: null, date: null });
    expect(picksChannels['picks.list'].output.safeParse(result).success).toBe(true);
  });
});

describe('the picks contract', () => {
  it('refuses bad input with a clear error', () => {
    const list = picksChannels['picks.list'].input;
    expect(list.parse(undefined)).toEqual({ limit: 20 });
    expect(list.safeParse({ limit: 0 }).success).toBe(false);
    expect(list.safeParse({ limit: 1000 }).success).toBe(false);
    expect(list.safeParse({ limit: 5, extra: 1 }).success).toBe(false);
    const dismiss = picksChannels['picks.dismiss'].input;
    expect(dismiss.safeParse({ mediaType: 'movie', id: 603 }).success).toBe(true);
    expect(dismiss.safeParse({ mediaType: 'person', id: 603 }).success).toBe(false);
    expect(dismiss.safeParse({ mediaType: 'tv', id: -1 }).success).toBe(false);
    expect(dismiss.safeParse({ mediaType: 'tv', id: 1.5 }).success).toBe(false);
  });
});
