import { describe, expect, it } from 'vitest';
import {
  compareEpisodes,
  episodeSlot,
  orderEpisodes,
  seriesStatus,
  stillValid,
  summarize,
  type EpisodeKey,
} from './rules';

const ep = (season: number, episode: number, airDate: string | null): EpisodeKey => ({
  season,
  episode,
  airDate,
});
const plays = (...keys: Array<[number, number, number?]>): Map<number, number> =>
  new Map(keys.map(([s, e, n]) => [episodeSlot(s, e), n ?? 1]));
const sorted = (list: EpisodeKey[]): EpisodeKey[] => [...list].sort(compareEpisodes);

const TODAY = '2025-03-10';
const series = sorted([
  ep(0, 1, '2024-01-01'),
  ep(1, 1, '2024-01-01'),
  ep(1, 2, '2024-01-08'),
  ep(1, 3, '2024-01-15'),
  ep(2, 1, '2025-03-03'),
  ep(2, 2, '2025-03-10'),
  ep(2, 3, '2025-03-17'),
  ep(2, 4, null),
]);

describe('progress rules', () => {
  it('counts distinct aired episodes: rewatches do not inflate, unaired and undated never count', () => {
    const s = summarize(series, plays([1, 1, 3], [1, 2], [2, 3], [2, 4]), TODAY, false);
    expect(s.aired).toBe(5); // S1E1-3, S2E1, S2E2 (airs today)
    expect(s.watched).toBe(2);
    expect(s.percent).toBe(40);
    expect(s.completed).toBe(false);
  });

  it('counts specials only when the series includes them', () => {
    const watched = plays([0, 1], [1, 1]);
    expect(summarize(series, watched, TODAY, false)).toMatchObject({ watched: 1, aired: 5 });
    expect(summarize(series, watched, TODAY, true)).toMatchObject({ watched: 2, aired: 6 });
  });

  it('offers the first unwatched aired episode after the furthest watched one', () => {
    expect(summarize(series, plays([1, 1], [1, 2]), TODAY, false).next).toEqual(
      ep(1, 3, '2024-01-15'),
    );
    // Watching S2E1 first skips ahead: S2E2 is next, the gap in season 1 waits.
    expect(summarize(series, plays([1, 1], [2, 1]), TODAY, false).next).toEqual(
      ep(2, 2, '2025-03-10'),
    );
  });

  it('goes back to the earliest gap when nothing aired is left after the furthest episode', () => {
    const s = summarize(series, plays([1, 1], [1, 3], [2, 1], [2, 2]), TODAY, false);
    expect(s.next).toEqual(ep(1, 2, '2024-01-08'));
  });

  it('places specials where they aired when they count, undated ones last', () => {
    const list = [
      ep(0, 3, null),
      ep(0, 2, '2025-03-05'),
      ep(0, 1, '2023-12-25'),
      ...series.filter((e) => e.season > 0),
    ];
    const order = (specials: boolean): string[] =>
      orderEpisodes(list, specials).map((e) => `${e.season}x${e.episode}`);
    expect(order(true)).toEqual([
      '0x1',
      '1x1',
      '1x2',
      '1x3',
      '2x1',
      '0x2',
      '2x2',
      '2x3',
      '2x4',
      '0x3',
    ]);
    expect(order(false)).toEqual([
      '1x1',
      '1x2',
      '1x3',
      '2x1',
      '2x2',
      '2x3',
      '2x4',
      '0x1',
      '0x2',
      '0x3',
    ]);
  });

  it('offers a special where it aired once the story passes it', () => {
    const withSpecials = orderEpisodes(series, true);
    // S0E1 aired with S1E1, so it follows it.
    expect(summarize(withSpecials, plays([1, 1]), TODAY, true).next).toEqual(
      ep(0, 1, '2024-01-01'),
    );
    // A special watched does not move the main story's position; a skipped one waits as a gap.
    expect(summarize(withSpecials, plays([0, 1], [1, 1]), TODAY, true).next).toEqual(
      ep(1, 2, '2024-01-08'),
    );
    expect(summarize(withSpecials, plays([1, 1], [1, 2]), TODAY, true).next).toEqual(
      ep(1, 3, '2024-01-15'),
    );
    const done = plays([1, 1], [1, 2], [1, 3], [2, 1], [2, 2]);
    expect(summarize(withSpecials, done, TODAY, true).next).toEqual(ep(0, 1, '2024-01-01'));
  });

  it('is complete when every aired episode is watched, with no next episode', () => {
    const s = summarize(series, plays([1, 1], [1, 2], [1, 3], [2, 1], [2, 2]), TODAY, false);
    expect(s).toMatchObject({ watched: 5, aired: 5, percent: 100, completed: true, next: null });
    expect(summarize([], new Map(), TODAY, false)).toMatchObject({
      aired: 0,
      completed: false,
      next: null,
    });
  });

  it('follows gaps in the numbering as they are', () => {
    const gappy = sorted([ep(1, 1, '2020-01-01'), ep(1, 5, '2020-01-08'), ep(3, 2, '2020-02-01')]);
    const s = summarize(gappy, plays([1, 1]), TODAY, false);
    expect(s).toMatchObject({ watched: 1, aired: 3 });
    expect(s.next).toEqual(ep(1, 5, '2020-01-08'));
    expect(summarize(gappy, plays([1, 1], [1, 5]), TODAY, false).next).toEqual(
      ep(3, 2, '2020-02-01'),
    );
  });

  it('says how long it holds: until the next air date, from the last one', () => {
    const s = summarize(series, new Map(), TODAY, false);
    expect(s.validFrom).toBe('2025-03-10');
    expect(s.validUntil).toBe('2025-03-17');
    expect(stillValid(s, '2025-03-16')).toBe(true);
    expect(stillValid(s, '2025-03-17')).toBe(false);
    expect(stillValid(s, '2025-03-09')).toBe(false);
  });

  it('treats air dates far in the past and future as dates like any other', () => {
    const far = sorted([ep(1, 1, '1900-01-01'), ep(1, 2, '2100-01-01')]);
    expect(summarize(far, plays([1, 1]), TODAY, false)).toMatchObject({
      watched: 1,
      aired: 1,
      completed: true,
      validUntil: '2100-01-01',
    });
  });

  it('names TMDB’s statuses', () => {
    expect(seriesStatus('Returning Series')).toBe('returning');
    expect(seriesStatus('Ended')).toBe('ended');
    expect(seriesStatus('Canceled')).toBe('canceled');
    expect(seriesStatus('In Production')).toBe('in_production');
    expect(seriesStatus(null)).toBe('unknown');
  });
});
