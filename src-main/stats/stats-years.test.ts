import { afterEach, describe, expect, it } from 'vitest';
import { sampleHistory } from './testing/sample-history';
import { addPlay, facts, rate, tempStats, type TempStats } from './testing/temp-stats';

const at = (iso: string): number => Date.parse(iso);

describe('stats over a library: years, zones and imperfect facts', () => {
  let t: TempStats;
  afterEach(() => {
    t.cleanup();
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
    t = sampleHistory();
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
