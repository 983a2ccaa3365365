import { afterEach, describe, expect, it } from 'vitest';
import { sampleHistory } from './testing/sample-history';
import { tempStats, type TempStats } from './testing/temp-stats';

const at = (iso: string): number => Date.parse(iso);

describe('stats over a library', () => {
  let t: TempStats;
  afterEach(() => {
    t.cleanup();
  });

  it('answers an empty history with zeros, empty series and no streaks', () => {
    t = tempStats();
    const overview = t.stats.overview({ media: 'all' });
    expect(overview.totals).toEqual({
      minutes: 0,
      plays: 0,
      filmPlays: 0,
      episodePlays: 0,
      films: 0,
      episodes: 0,
      series: 0,
      activeDays: 0,
      playsWithoutRuntime: 0,
      undatedPlays: 0,
    });
    expect(overview.series).toEqual({ week: [], month: [], year: [] });
    expect(overview.ratings.distribution).toHaveLength(10);
    expect(overview.ratings.meanDifference).toBeNull();
    expect(overview.streaks).toEqual({ longest: null, current: null });
    expect(overview.activity.weekdays.map((d) => d.plays)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(overview.coverage).toEqual({ titles: 0, missing: 0, gone: 0, filling: false });
    expect(t.stats.years()).toEqual([]);
    expect(t.stats.yearInReview({ year: 2024, media: 'all' }).totals.plays).toBe(0);
  });
  it('counts time watched from runtimes, with rewatches, fallbacks and unknown runtimes', () => {
    t = sampleHistory();
    const { totals } = t.stats.overview({ media: 'all' });
    expect(totals).toEqual({
      // Film 1: 3 × 120; series: 2 × 40 (1x1 twice) + 45 (1x2 unknown) + 45 (1x3 says 0).
      minutes: 360 + 170,
      plays: 9,
      filmPlays: 5,
      episodePlays: 4,
      films: 3,
      episodes: 3,
      series: 1,
      activeDays: 7,
      playsWithoutRuntime: 2,
      undatedPlays: 1,
    });
  });
  it('gives contiguous monthly and yearly series, with the empty months as zeros', () => {
    t = sampleHistory();
    const { series } = t.stats.overview({ media: 'all' });
    expect(series.month.map((p) => [p.period, p.plays, p.minutes])).toEqual([
      ['2024-10', 1, 0],
      ['2024-11', 0, 0],
      ['2024-12', 1, 40],
      ['2025-01', 0, 0],
      ['2025-02', 1, 45],
      ['2025-03', 5, 325],
    ]);
    expect(series.month[5]).toMatchObject({
      start: '2025-03-01',
      end: '2025-03-31',
      filmPlays: 3,
      episodePlays: 2,
    });
    expect(series.year.map((p) => [p.period, p.plays, p.minutes])).toEqual([
      ['2024', 2, 40],
      ['2025', 6, 370],
    ]);
    // ISO weeks: 2024-12-31 is in 2025's first week; 2025-03-10 (a Monday) starts week 11.
    expect(series.week[0]).toMatchObject({ period: '2024-W42', start: '2024-10-14' });
    expect(series.week.find((w) => w.start === '2024-12-30')?.period).toBe('2025-W01');
    expect(series.week.at(-1)).toMatchObject({ period: '2025-W11', plays: 2, minutes: 85 });
    const weeks = series.week.map((w) => w.start);
    expect(new Set(weeks).size).toBe(weeks.length);
    expect(series.week.reduce((n, w) => n + w.plays, 0)).toBe(8);
  });
  it('breaks time down by genre, decade, language and country, unknowns apart', () => {
    t = sampleHistory();
    const overview = t.stats.overview({ media: 'all' });
    expect(overview.genres.items).toEqual([
      { key: '18', label: 'Drama', titles: 2, plays: 7, minutes: 530 },
      { key: '80', label: 'Crime', titles: 1, plays: 3, minutes: 360 },
      { key: '35', label: 'Comedy', titles: 1, plays: 4, minutes: 170 },
    ]);
    expect(overview.genres.unknown).toEqual({ titles: 2, plays: 2, minutes: 0 });
    expect(overview.decades.items).toEqual([
      { key: '1990', label: '1990s', titles: 1, plays: 3, minutes: 360 },
      { key: '2010', label: '2010s', titles: 1, plays: 4, minutes: 170 },
    ]);
    expect(overview.languages.items.map((l) => [l.key, l.label, l.plays])).toEqual([
      ['fr', 'French', 3],
      ['en', 'English', 4],
    ]);
    expect(overview.languages.unknown.titles).toBe(2);
    expect(overview.countries.items.map((c) => [c.key, c.label, c.titles, c.minutes])).toEqual([
      ['US', 'United States', 2, 530],
      ['FR', 'France', 1, 360],
    ]);
    expect(overview.countries.unknown).toEqual({ titles: 2, plays: 2, minutes: 0 });
  });
  it('sets the user’s ratings against TMDB’s averages of the same titles', () => {
    t = sampleHistory();
    const { ratings } = t.stats.overview({ media: 'all' });
    // Film 2 has no TMDB average and film 3 no facts: neither can be compared.
    expect(ratings.pairs).toEqual([
      {
        mediaType: 'movie',
        id: 1,
        title: 'Film One',
        posterPath: '/poster-1.jpg',
        year: 1994,
        mine: 9,
        tmdb: 8.2,
        votes: 500,
      },
      {
        mediaType: 'tv',
        id: 100,
        title: 'The Series',
        posterPath: '/poster-100.jpg',
        year: 2010,
        mine: 6.5,
        tmdb: 7.5,
        votes: 100,
      },
    ]);
    expect(ratings.meanMine).toBe(7.75);
    expect(ratings.meanTmdb).toBe(7.85);
    expect(ratings.meanDifference).toBe(-0.1);
    const nonZero = ratings.distribution.filter((b) => b.mine > 0 || b.tmdb > 0);
    expect(nonZero).toEqual([
      { bucket: 7, mine: 1, tmdb: 0 },
      { bucket: 8, mine: 0, tmdb: 2 },
      { bucket: 9, mine: 1, tmdb: 0 },
    ]);
  });
  it('ranks the most-watched people across films and series, with their photos', () => {
    t = sampleHistory();
    const { people } = t.stats.overview({ media: 'all' });
    expect(people.cast).toEqual([
      { id: 1, name: 'Person 1', profilePath: '/p1.jpg', titles: 2, plays: 7, minutes: 530 },
      { id: 3, name: 'Person 3', profilePath: '/p3.jpg', titles: 1, plays: 4, minutes: 170 },
      { id: 2, name: 'Person 2', profilePath: '/p2.jpg', titles: 1, plays: 3, minutes: 360 },
    ]);
    expect(people.directors.map((p) => p.id)).toEqual([11, 10]);
  });
  it('finds streaks, the busiest days and weekdays, and says how many titles lack facts', () => {
    t = sampleHistory();
    const overview = t.stats.overview({ media: 'all' });
    const run = { days: 3, from: '2025-03-08', to: '2025-03-10', plays: 4 };
    expect(overview.streaks).toEqual({ longest: run, current: run });
    expect(overview.activity.busiestDays.slice(0, 3)).toEqual([
      { date: '2025-03-09', plays: 1, minutes: 120 },
      { date: '2025-03-08', plays: 1, minutes: 120 },
      { date: '2025-03-10', plays: 2, minutes: 85 },
    ]);
    // 2025-03-10 is a Monday; 03-08, 03-01 and 02-01 are Saturdays, 03-09 a Sunday; the 2024
    // plays fell on Tuesdays.
    expect(overview.activity.weekdays[0]).toEqual({ weekday: 1, plays: 2, minutes: 85 });
    expect(overview.activity.weekdays[1]).toEqual({ weekday: 2, plays: 2, minutes: 40 });
    expect(overview.activity.weekdays[5]).toEqual({ weekday: 6, plays: 3, minutes: 165 });
    expect(overview.activity.weekdays[6]).toEqual({ weekday: 7, plays: 1, minutes: 120 });
    expect(overview.coverage).toEqual({ titles: 4, missing: 1, gone: 0, filling: false });
    t.clock.now = at('2025-03-13T12:00:00Z');
    expect(t.stats.overview({ media: 'all' }).streaks.current).toBeNull();
  });
  it('filters by date range and by films or series', () => {
    t = sampleHistory();
    const films = t.stats.overview({ media: 'movie' });
    expect(films.totals).toMatchObject({ plays: 5, minutes: 360, episodePlays: 0, series: 0 });
    expect(films.people.cast.map((p) => p.id)).toEqual([1, 2]);
    const series = t.stats.overview({ media: 'tv' });
    expect(series.totals).toMatchObject({ plays: 4, minutes: 170, films: 0, series: 1 });
    expect(series.totals.undatedPlays).toBe(0);

    const march = t.stats.overview({ from: '2025-03-01', to: '2025-03-09', media: 'all' });
    // The undated play is outside any range.
    expect(march.totals).toMatchObject({ plays: 3, filmPlays: 3, minutes: 240, films: 2 });
    expect(march.filter).toEqual({ from: '2025-03-01', to: '2025-03-09', media: 'all' });
    expect(march.series.month.map((p) => p.period)).toEqual(['2025-03']);
    const open = t.stats.overview({ from: '2025-03-10', media: 'tv' });
    expect(open.totals).toMatchObject({ plays: 2, minutes: 85 });
  });
  it('refuses a malformed or reversed range with a clear error', () => {
    t = tempStats();
    expect(() => t.stats.overview({ from: '2025-02-30', media: 'all' })).toThrow(/not a calendar/);
    expect(() => t.stats.overview({ from: '2025-03-02', to: '2025-03-01', media: 'all' })).toThrow(
      /after its end/,
    );
  });
});
