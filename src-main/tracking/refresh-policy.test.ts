import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  HOUR_MS,
  filmDue,
  missingSeasons,
  seasonPlan,
  seriesDue,
  seriesInterval,
} from './refresh-policy';
import type { FilmRow } from './store/films';
import type { SeriesRow, StoredSeason } from './store/series';

const NOW = Date.UTC(2025, 2, 10, 12);
const TODAY = '2025-03-10';

const series = (over: Partial<SeriesRow> = {}): SeriesRow => ({
  seriesId: 1,
  follow: 'none',
  followed: true,
  includeSpecials: false,
  hidden: false,
  snoozedUntil: null,
  notifySince: null,
  playCount: 0,
  lastWatchedAt: null,
  name: null,
  posterPath: null,
  status: 'Returning Series',
  firstAirDate: null,
  lastAirDate: null,
  nextAirDate: null,
  refreshedAt: NOW,
  fullRefreshedAt: NOW,
  attemptedAt: NOW,
  refreshError: null,
  gone: false,
  ...over,
});

const film = (over: Partial<FilmRow> = {}): FilmRow => ({
  movieId: 1,
  title: null,
  posterPath: null,
  releaseDate: null,
  refreshedAt: NOW,
  attemptedAt: NOW,
  refreshError: null,
  gone: false,
  settled: false,
  ...over,
});

const stored = (...list: Array<[number, number, number]>): StoredSeason[] =>
  list.map(([season, episodeCount, count]) => ({
    season,
    name: null,
    episodeCount,
    stored: count,
  }));

describe('refresh policy', () => {
  it('asks about ended series weekly, returning ones daily, those airing soon every three hours', () => {
    expect(seriesInterval(series({ status: 'Ended' }), TODAY)).toBe(7 * DAY_MS);
    expect(seriesInterval(series({ status: 'Canceled' }), TODAY)).toBe(7 * DAY_MS);
    expect(seriesInterval(series(), TODAY)).toBe(DAY_MS);
    expect(seriesInterval(series({ nextAirDate: '2025-03-11' }), TODAY)).toBe(3 * HOUR_MS);
    expect(seriesInterval(series({ lastAirDate: TODAY, status: 'Ended' }), TODAY)).toBe(
      3 * HOUR_MS,
    );
    expect(seriesInterval(series({ nextAirDate: '2025-03-12' }), TODAY)).toBe(DAY_MS);
  });

  it('is due when never asked, after its interval, or an hour after a failure', () => {
    expect(seriesDue(series({ attemptedAt: null }), NOW, TODAY)).toBe(true);
    expect(seriesDue(series(), NOW + DAY_MS - 1, TODAY)).toBe(false);
    expect(seriesDue(series(), NOW + DAY_MS, TODAY)).toBe(true);
    expect(seriesDue(series({ refreshError: 'HTTP 500' }), NOW + HOUR_MS, TODAY)).toBe(true);
    expect(seriesDue(series({ gone: true, refreshError: 'gone' }), NOW + DAY_MS, TODAY)).toBe(
      false,
    );
    expect(seriesDue(series({ gone: true, refreshError: 'gone' }), NOW + 7 * DAY_MS, TODAY)).toBe(
      true,
    );
    expect(filmDue(film(), NOW + DAY_MS)).toBe(true);
    expect(filmDue(film({ settled: true }), NOW + DAY_MS)).toBe(false);
    expect(filmDue(film({ settled: true }), NOW + 30 * DAY_MS)).toBe(true);
  });

  it('plans one request: blind seasons at first, then the latest and the next, all of them weekly', () => {
    expect(seasonPlan(series(), [], NOW)).toEqual({
      chunks: [Array.from({ length: 20 }, (_, i) => i)],
      full: true,
    });
    const have = stored([0, 2, 2], [1, 10, 10], [2, 8, 8], [3, 10, 4]);
    expect(seasonPlan(series(), have, NOW + DAY_MS)).toEqual({ chunks: [[3, 4]], full: false });
    expect(seasonPlan(series(), stored([1, 10, 10], [2, 8, 6], [3, 10, 10]), NOW)).toEqual({
      chunks: [[2, 3, 4]],
      full: false,
    });
    expect(seasonPlan(series({ fullRefreshedAt: NOW - 7 * DAY_MS }), have, NOW)).toEqual({
      chunks: [[0, 1, 2, 3, 4]],
      full: true,
    });
    const long = stored(
      ...Array.from({ length: 30 }, (_, i): [number, number, number] => [i + 1, 5, 5]),
    );
    const plan = seasonPlan(series({ fullRefreshedAt: null }), long, NOW);
    expect(plan.chunks.map((c) => c.length)).toEqual([20, 11]);
  });

  it('asks again for listed seasons that neither came nor are stored', () => {
    expect(missingSeasons([1, 2, 21, 22], new Set([1, 2]), [])).toEqual([[21, 22]]);
    expect(missingSeasons([1, 2], new Set([2]), stored([1, 5, 5]))).toEqual([]);
  });
});
