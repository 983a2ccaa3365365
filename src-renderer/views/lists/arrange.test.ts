import { describe, expect, it } from 'vitest';
import type { LibraryItem } from '../../../src-shared/ipc/contract';
import { describeItem, filterItems, noFilter, sortItems } from './arrange';

function item(over: Partial<LibraryItem> & { mediaId: number }): LibraryItem {
  return {
    mediaType: 'movie',
    title: `Title ${over.mediaId}`,
    posterPath: null,
    releaseDate: null,
    voteAverage: null,
    popularity: null,
    addedAt: null,
    rating: null,
    pending: false,
    ...over,
  };
}

const items = [
  item({
    mediaId: 1,
    title: 'Amélie',
    releaseDate: '2001-04-25',
    voteAverage: 7.9,
    addedAt: 300,
    rating: 9,
  }),
  item({ mediaId: 2, title: 'arrival', releaseDate: '2016-11-10', voteAverage: 7.6, addedAt: 100 }),
  item({ mediaId: 3, title: 'Brazil', releaseDate: '', voteAverage: 7.8, addedAt: 200, rating: 6 }),
  item({ mediaId: 4, title: 'Zodiac', releaseDate: '2007-03-02', voteAverage: null, addedAt: 400 }),
];
const ids = (list: LibraryItem[]): number[] => list.map((i) => i.mediaId);

describe('sortItems', () => {
  it('sorts by title without regard to case or accents', () => {
    expect(ids(sortItems(items, 'title', 'asc'))).toEqual([1, 2, 3, 4]);
    expect(ids(sortItems(items, 'title', 'desc'))).toEqual([4, 3, 2, 1]);
  });

  it('puts items missing the value last in both directions', () => {
    expect(ids(sortItems(items, 'release', 'desc'))).toEqual([2, 4, 1, 3]);
    expect(ids(sortItems(items, 'release', 'asc'))).toEqual([1, 4, 2, 3]);
    expect(ids(sortItems(items, 'yourRating', 'desc'))).toEqual([1, 3, 2, 4]);
    expect(ids(sortItems(items, 'rating', 'asc'))).toEqual([2, 3, 1, 4]);
  });

  it('sorts by date added, newest first, and leaves the input untouched', () => {
    expect(ids(sortItems(items, 'added', 'desc'))).toEqual([4, 1, 3, 2]);
    expect(ids(items)).toEqual([1, 2, 3, 4]);
  });
});

describe('filterItems', () => {
  it('matches title text ignoring case and accents', () => {
    expect(ids(filterItems(items, { ...noFilter, text: 'AMELIE' }))).toEqual([1]);
    expect(ids(filterItems(items, { ...noFilter, text: '  ar ' }))).toEqual([2]);
  });

  it('filters by year and minimum rating, dropping items without the value', () => {
    expect(ids(filterItems(items, { ...noFilter, yearFrom: 2005 }))).toEqual([2, 4]);
    expect(ids(filterItems(items, { ...noFilter, minRating: 7.8 }))).toEqual([1, 3]);
    expect(ids(filterItems(items, noFilter))).toEqual([1, 2, 3, 4]);
  });
});

describe('describeItem', () => {
  it('gives the year, and the season and episode of an episode', () => {
    expect(describeItem(items[0] ?? item({ mediaId: 0 }))).toBe('2001');
    expect(
      describeItem(
        item({
          mediaId: 9,
          mediaType: 'episode',
          season: 2,
          episode: 5,
          releaseDate: '2019-01-01',
        }),
      ),
    ).toBe('Season 2, episode 5 · 2019');
    expect(describeItem(item({ mediaId: 9 }))).toBe('');
  });
});
