import { afterEach, describe, expect, it } from 'vitest';
import type { StatsCoverage } from '../../src-shared/ipc/contract';
import { startTestCore, type TestCore } from '../core/testing/core';

/** Resolves with the first `stats.changed` that says the fill is done and nothing is missing. */
function filled(t: TestCore, timeoutMs = 20_000): Promise<StatsCoverage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error('the facts were not filled in time'));
    }, timeoutMs);
    const off = t.core.events.on('stats.changed', (coverage) => {
      if (coverage.filling || coverage.missing > 0) return;
      clearTimeout(timer);
      off();
      resolve(coverage);
    });
  });
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition not met in time');
}

describe('stats through the core, over the demo catalogue', () => {
  let t: TestCore;
  afterEach(async () => {
    await t.close();
  });

  it('shows a friendly zero for an empty library', async () => {
    t = await startTestCore();
    const overview = await t.value('stats.overview', {});
    expect(overview.totals.plays).toBe(0);
    expect(overview.filter).toEqual({ from: null, to: null, media: 'all' });
    expect(await t.value('stats.years')).toEqual({ years: [] });
  });

  it('seeds the demo history once, fills the facts, and answers every stat from it', async () => {
    t = await startTestCore({ catalogue: { titles: 200, messy: false, demoHistory: true } });
    const history = t.catalogue.demoHistory;
    expect(history).not.toBeNull();
    if (!history) return;
    const done = filled(t);
    expect(await t.core.seedHistory(history.plays)).toEqual({ seeded: history.plays.length });
    // A second start (or a real history) is never touched.
    expect(await t.core.seedHistory(history.plays)).toEqual({ seeded: 0 });
    const coverage = await done;
    expect(coverage.titles).toBeGreaterThan(20);
    expect(coverage.gone).toBe(0);

    const overview = await t.value('stats.overview', {});
    expect(overview.totals.plays).toBe(history.plays.length);
    expect(overview.totals.films).toBe(
      new Set(history.plays.filter((p) => p.mediaType === 'movie').map((p) => p.mediaId)).size,
    );
    // Films have runtimes in the catalogue: time watched is real, not zero.
    expect(overview.totals.minutes).toBeGreaterThan(overview.totals.filmPlays * 60);
    expect(overview.series.year.length).toBeGreaterThanOrEqual(3);
    expect(overview.series.month.reduce((n, m) => n + m.plays, 0)).toBe(history.plays.length);
    expect(overview.genres.items.length).toBeGreaterThan(3);
    expect(overview.decades.items.length).toBeGreaterThan(1);
    expect(overview.languages.items[0]?.label).toMatch(/^[A-Z]/);
    expect(overview.countries.items.length).toBeGreaterThan(0);
    expect(overview.people.cast.length).toBe(20);
    expect(overview.people.cast[0]?.name).not.toBe('');
    expect(overview.people.directors.length).toBeGreaterThan(0);
    expect(overview.streaks.longest?.days).toBeGreaterThanOrEqual(4);
    expect(overview.activity.busiestDays).toHaveLength(10);
    expect(overview.coverage).toMatchObject({ missing: 0, filling: false });

    const years = (await t.value('stats.years')).years;
    expect(years.reduce((n, y) => n + y.plays, 0)).toBe(history.plays.length);
    const latest = years[0]?.year ?? 0;
    const review = await t.value('stats.yearInReview', { year: latest });
    expect(review.totals.plays).toBe(years[0]?.plays);
    expect(review.months).toHaveLength(12);
    expect(review.firstWatch?.title).toBeTruthy();
    expect(review.posters.length).toBeGreaterThan(3);

    // Signed in, the account's ratings reach the mirror and the mine-vs-TMDB view.
    await t.signIn();
    const rated = await until(
      () => t.value('stats.overview', { media: 'movie' }),
      (o) => o.ratings.pairs.length > 0,
    );
    const book = new Map(history.ratings.movie);
    for (const pair of rated.ratings.pairs) expect(pair.mine).toBe(book.get(pair.id));
    expect(rated.ratings.meanDifference).not.toBeNull();
    expect(rated.ratings.distribution.reduce((n, b) => n + b.mine, 0)).toBe(
      rated.ratings.pairs.length,
    );
  });

  it('remembers a title TMDB no longer has instead of asking again', async () => {
    t = await startTestCore();
    const gone = 99_999_997;
    const first = filled(t);
    await t.value('tracking.restore', {
      plays: [
        {
          uid: 'gone-1',
          mediaType: 'movie',
          mediaId: gone,
          season: null,
          episode: null,
          watchedAt: Date.now() - 86_400_000,
          source: 'letterboxd',
          createdAt: 1,
        },
      ],
    });
    expect(await first).toMatchObject({ titles: 1, gone: 1, missing: 0 });
    const asked = t.catalogue.requests.count(`/3/movie/${String(gone)}`);
    expect(asked).toBe(1);
    const second = filled(t);
    await t.value('tracking.mark', { target: { scope: 'movie', movieId: 100 } });
    expect(await second).toMatchObject({ titles: 2, gone: 1 });
    expect(t.catalogue.requests.count(`/3/movie/${String(gone)}`)).toBe(1);
    const overview = await t.value('stats.overview', {});
    expect(overview.totals.films).toBe(2);
  });

  it('rejects bad input with a clear error and keeps working', async () => {
    t = await startTestCore();
    const bad = await t.call('stats.yearInReview', { year: 'last' as never });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.code).toBe('invalid_input');
    const reversed = await t.call('stats.overview', { from: '2025-02-01', to: '2025-01-01' });
    expect(reversed.ok).toBe(false);
    if (!reversed.ok) expect(reversed.error.message).toMatch(/after its end/);
    expect((await t.value('stats.overview', { media: 'tv' })).totals.plays).toBe(0);
  });
});
