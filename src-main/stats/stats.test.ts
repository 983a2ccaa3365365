import { afterEach, describe, expect, it } from 'vitest';
import { addEpisode, addPlay, facts, rate, tempStats, type TempStats } from './testing/temp-stats';

const at = (iso: string): number => Date.parse(iso);

describe('stats over a library', () => {
  let t: TempStats;
  afterEach(() => {
    t.cleanup();
  });

  /**
   * Film 1 (120 min, French, 1994, Drama + Crime, US + FR) watched twice plus once undated; film 2
   * (no runtime, no genres, no language); film 3 with no facts yet; series 100 (episodes of 40,
   * unknown and 0 minutes, so the series' 45 stands in) with a rewatch.
   */
  function history(): void {
    t = tempStats({ now: at('2025-03-10T12:00:00Z') });
    const { db } = t;
    t.store.facts.save(
      facts('movie', 1, {
        title: 'Film One',
        runtime: 120,
        language: 'fr',
        releaseDate: '1994-09-10',
        genres: [
          { id: 18, name: 'Drama' },
          { id: 80, name: 'Crime' },
        ],
        countries: ['US', 'FR'],
        voteAverage: 8.2,
        voteCount: 500,
        cast: [1, 2],
        directors: [10],
      }),
      1,
    );
    t.store.facts.save(
      facts('movie', 2, {
        runtime: null,
        language: null,
        releaseDate: null,
        genres: [],
        countries: [],
        voteAverage: null,
        voteCount: null,
      }),
      1,
    );
    t.store.facts.save(
      facts('tv', 100, {
        title: 'The Series',
        runtime: 45,
        releaseDate: '2010-01-01',
        genres: [
          { id: 18, name: 'Drama' },
          { id: 35, name: 'Comedy' },
        ],
        voteAverage: 7.5,
        cast: [1, 3],
        directors: [11],
      }),
      1,
    );
    addEpisode(db, 100, 1, 1, 40);
    addEpisode(db, 100, 1, 2, null);
    addEpisode(db, 100, 1, 3, 0);
    addPlay(db, { movie: 1, at: at('2025-03-08T20:00:00Z') });
    addPlay(db, { movie: 1, at: at('2025-03-09T10:00:00Z') });
    addPlay(db, { movie: 1, at: null });
    addPlay(db, { movie: 2, at: at('2024-10-15T12:00:00Z') });
    addPlay(db, { movie: 3, at: at('2025-03-01T12:00:00Z') });
    addPlay(db, { series: 100, season: 1, episode: 1, at: at('2025-03-10T09:00:00Z') });
    addPlay(db, { series: 100, season: 1, episode: 2, at: at('2025-03-10T10:00:00Z') });
    addPlay(db, { series: 100, season: 1, episode: 3, at: at('2025-02-01T12:00:00Z') });
    addPlay(db, { series: 100, season: 1, episode: 1, at: at('2024-12-31T23:30:00Z') });
    rate(db, 'movie', 1, 9);
    rate(db, 'tv', 100, 6.5);
    rate(db, 'movie', 2, 8);
    rate(db, 'movie', 3, 5);
  }

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
    history();
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
    history();
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
    history();
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
    history();
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
    history();
    const { people } = t.stats.overview({ media: 'all' });
    expect(people.cast).toEqual([
      { id: 1, name: 'Person 1', profilePath: '/p1.jpg', titles: 2, plays: 7, minutes: 530 },
      { id: 3, name: 'Person 3', profilePath: '/p3.jpg', titles: 1, plays: 4, minutes: 170 },
      { id: 2, name: 'Person 2', profilePath: '/p2.jpg', titles: 1, plays: 3, minutes: 360 },
    ]);
    expect(people.directors.map((p) => p.id)).toEqual([11, 10]);
  });

  it('finds streaks, the busiest days and weekdays, and says how many titles lack facts', () => {
    history();
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
    history();
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

  it('places plays on the day of the user’s zone, across the new year', () => {
    t = tempStats({ now: at('2025-03-10T12:00:00Z'), timeZone: 'Pacific/Auckland' });
    t.store.facts.save(facts('movie', 1, { runtime: 90 }), 1);
    // 23:30 UTC on New Year's Eve is lunchtime on 1 January in Auckland.
    addPlay(t.db, { movie: 1, at: at('2024-12-31T23:30:00Z') });
    expect(t.stats.years()).toEqual([
      { year: 2025, plays: 1, filmPlays: 1, episodePlays: 0, minutes: 90 },
    ]);
    const overview = t.stats.overview({ media: 'all' });
    expect(overview.timeZone).toBe('Pacific/Auckland');
    expect(overview.activity.busiestDays[0]?.date).toBe('2025-01-01');
    expect(
      t.stats.overview({ from: '2025-01-01', to: '2025-01-01', media: 'all' }).totals.plays,
    ).toBe(1);
    t.zone.name = 'UTC';
    expect(t.stats.years().map((y) => y.year)).toEqual([2024]);
  });

  it('lists the years with history and reviews one of them', () => {
    history();
    expect(t.stats.years()).toEqual([
      { year: 2025, plays: 6, filmPlays: 3, episodePlays: 3, minutes: 370 },
      { year: 2024, plays: 2, filmPlays: 1, episodePlays: 1, minutes: 40 },
    ]);
    const review = t.stats.yearInReview({ year: 2025, media: 'all' });
    expect(review.totals).toMatchObject({ plays: 6, minutes: 370, films: 2, series: 1 });
    expect(review.previous).toEqual({ minutes: 40, plays: 2, filmPlays: 1, episodePlays: 1 });
    expect(review.months).toHaveLength(12);
    expect(review.months.map((m) => m.plays)).toEqual([0, 1, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(review.firstWatch).toMatchObject({
      mediaType: 'episode',
      id: 100,
      title: 'The Series',
      season: 1,
      episode: 3,
      episodeName: 'Episode 1x3',
      date: '2025-02-01',
    });
    expect(review.lastWatch).toMatchObject({
      mediaType: 'episode',
      episode: 2,
      date: '2025-03-10',
    });
    expect(review.topFilms.map((f) => [f.id, f.plays])).toEqual([
      [1, 2],
      [3, 1],
    ]);
    expect(review.topFilms[1]?.title).toBe('Untitled');
    expect(review.topSeries.map((s) => [s.id, s.plays, s.minutes])).toEqual([[100, 3, 130]]);
    expect(review.posters.map((p) => p.id)).toEqual([1, 100]);
    expect(review.highestRated.map((r) => r.id)).toEqual([1, 100]);
    expect(review.longestStreak).toMatchObject({ days: 3, from: '2025-03-08' });
    expect(review.busiestDay).toEqual({ date: '2025-03-09', plays: 1, minutes: 120 });
    expect(review.genres[0]).toMatchObject({ label: 'Drama' });
    expect(t.stats.yearInReview({ year: 2024, media: 'all' }).previous).toBeNull();
  });

  it('takes messy facts in its stride: one bad title never blanks a stat', () => {
    t = tempStats();
    t.store.facts.save(
      facts('movie', 1, {
        title: 'x'.repeat(10_000),
        runtime: -5,
        language: 'zz',
        releaseDate: '19xx-01-01',
        voteAverage: Number.NaN,
        genres: [
          { id: 18, name: '' },
          { id: 18, name: 'Drama' },
        ],
        countries: ['XX', 'not a code', 'fr'],
        cast: [5, 5, 6],
      }),
      1,
    );
    t.store.facts.save(facts('movie', 2, { title: null, genres: [{ id: 99_999, name: '' }] }), 1);
    addPlay(t.db, { movie: 1, at: at('2025-03-01T12:00:00Z') });
    addPlay(t.db, { movie: 2, at: at('2025-03-02T12:00:00Z') });
    rate(t.db, 'movie', 1, 7);
    const overview = t.stats.overview({ media: 'all' });
    expect(overview.totals).toMatchObject({ plays: 2, minutes: 100, playsWithoutRuntime: 1 });
    expect(overview.genres.items.map((g) => g.label)).toEqual(['Genre 99999', 'Drama']);
    expect(overview.languages.items.map((l) => l.label)).toEqual(['English', 'zz']);
    expect(overview.decades.unknown.titles).toBe(1);
    expect(overview.countries.items.map((c) => c.key)).toEqual(['US', 'FR', 'XX']);
    expect(overview.people.cast.map((p) => p.id)).toEqual([5, 6]);
    // No TMDB average: the rating cannot be compared, and nothing breaks.
    expect(overview.ratings.pairs).toEqual([]);
    const review = t.stats.yearInReview({ year: 2025, media: 'all' });
    expect(review.topFilms.map((f) => f.title.length)).toEqual(['Untitled'.length, 500]);
  });

  it('counts a play dated in year 9999 or 1 without walking the years in between', () => {
    t = tempStats({ now: at('2025-03-10T12:00:00Z') });
    addPlay(t.db, { movie: 1, at: at('2025-03-01T12:00:00Z') });
    addPlay(t.db, { movie: 1, at: Date.UTC(9999, 0, 1) });
    addPlay(t.db, { movie: 1, at: 0 });
    const overview = t.stats.overview({ media: 'all' });
    expect(overview.totals.plays).toBe(3);
    expect(overview.series.year.at(-1)?.period).toBe('2025');
    expect(t.stats.years().map((y) => y.year)).toEqual([2025, 1970]);
    expect(t.stats.overview({ from: '1000-01-01', media: 'all' }).totals.plays).toBe(3);
  });

  it('keeps counting a title TMDB no longer has, and tells it apart', () => {
    t = tempStats();
    addPlay(t.db, { movie: 7, at: at('2025-03-01T12:00:00Z') });
    t.store.facts.markGone({ mediaType: 'movie', id: 7 }, 1);
    const overview = t.stats.overview({ media: 'all' });
    expect(overview.totals.plays).toBe(1);
    expect(overview.coverage).toEqual({ titles: 1, missing: 0, gone: 1, filling: false });
  });

  it('uses facts that arrive after a first look, without a restart', () => {
    t = tempStats();
    addPlay(t.db, { movie: 7, at: at('2025-03-01T12:00:00Z') });
    const before = t.stats.overview({ media: 'all' });
    expect(before.genres.items).toEqual([]);
    expect(before.coverage.missing).toBe(1);
    t.store.facts.save(
      facts('movie', 7, { runtime: 100, genres: [{ id: 18, name: 'Drama' }], cast: [4] }),
      1,
    );
    const after = t.stats.overview({ media: 'all' });
    expect(after.totals.minutes).toBe(100);
    expect(after.genres.items.map((g) => [g.label, g.minutes])).toEqual([['Drama', 100]]);
    expect(after.people.cast.map((p) => [p.name, p.titles])).toEqual([['Person 4', 1]]);
    expect(after.coverage.missing).toBe(0);
    // Facts fetched again replace what was kept; a title TMDB lost is told apart at once.
    t.store.facts.save(
      facts('movie', 7, { runtime: 100, genres: [{ id: 35, name: 'Comedy' }] }),
      2,
    );
    addPlay(t.db, { movie: 8, at: at('2025-03-02T12:00:00Z') });
    t.store.facts.markGone({ mediaType: 'movie', id: 8 }, 2);
    const again = t.stats.overview({ media: 'all' });
    expect(again.genres.items.map((g) => g.label)).toEqual(['Comedy']);
    expect(again.coverage).toMatchObject({ titles: 2, missing: 0, gone: 1 });
  });
});
