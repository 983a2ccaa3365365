import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StatsOverview, YearInReviewView } from '../../../src-shared/ipc/contract/stats';
import { FakeBridge, ok, settle } from './testing/fake-bridge';
import { rangeProblem, StatsState, YearReviewState } from './stats.svelte';

afterEach(() => {
  vi.unstubAllGlobals();
});

const zeroTotals = {
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
};
const emptyBreakdown = { items: [], unknown: { titles: 0, plays: 0, minutes: 0 } };
const coverage = { titles: 0, missing: 0, gone: 0, filling: false };

function overview(plays: number, missing = 0): StatsOverview {
  return {
    filter: { from: null, to: null, media: 'all' },
    timeZone: 'UTC',
    totals: { ...zeroTotals, plays, filmPlays: plays, films: plays, minutes: plays * 100 },
    series: {
      week: [],
      month: [
        {
          period: '2026-10',
          start: '2026-10-01',
          end: '2026-10-31',
          minutes: plays * 100,
          plays,
          filmPlays: plays,
          episodePlays: 0,
        },
      ],
      year: [],
    },
    genres: emptyBreakdown,
    decades: emptyBreakdown,
    languages: emptyBreakdown,
    countries: emptyBreakdown,
    ratings: { distribution: [], pairs: [], meanMine: null, meanTmdb: null, meanDifference: null },
    people: { cast: [], directors: [] },
    streaks: { longest: null, current: null },
    activity: { busiestDays: [], weekdays: [] },
    coverage: { ...coverage, titles: plays, missing },
  };
}

function review(year: number, plays: number): YearInReviewView {
  return {
    year,
    timeZone: 'UTC',
    totals: { ...zeroTotals, plays },
    previous: null,
    months: [],
    genres: [],
    languages: [],
    people: { cast: [], directors: [] },
    topSeries: [],
    topFilms: [],
    posters: [],
    firstWatch: null,
    lastWatch: null,
    highestRated: [],
    longestStreak: null,
    busiestDay: null,
    coverage,
  };
}

const years = [
  { year: 2026, plays: 3, filmPlays: 3, episodePlays: 0, minutes: 300 },
  { year: 2024, plays: 1, filmPlays: 1, episodePlays: 0, minutes: 100 },
  { year: 2021, plays: 1, filmPlays: 1, episodePlays: 0, minutes: 100 },
];

describe('StatsState', () => {
  it('loads the figures and the years, and says how many titles are still loading', async () => {
    const bridge = new FakeBridge({
      'stats.overview': () => ok(overview(3, 2)),
      'stats.years': () => ok({ years }),
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new StatsState();
    await state.load();
    expect(state.status).toBe('ready');
    expect(state.empty).toBe(false);
    expect(state.loadingTitles).toBe(2);
    expect(state.years.map((y) => y.year)).toEqual([2026, 2024, 2021]);
    expect(state.periods.map((p) => p.period)).toEqual(['2026-10']);
    state.setUnit('week');
    expect(state.periods).toEqual([]);
  });

  it('calls an empty history empty, but not a filter that matches nothing', async () => {
    const bridge = new FakeBridge({
      'stats.overview': () => ok(overview(0)),
      'stats.years': () => ok({ years: [] }),
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new StatsState();
    await state.load();
    expect(state.empty).toBe(true);
    await state.setMedia('tv');
    expect(state.filtered).toBe(true);
    expect(state.empty).toBe(false);
    expect(bridge.calls.at(-2)).toEqual({
      channel: 'stats.overview',
      input: { media: 'tv' },
    });
  });

  it('sends the date range, and refuses a start after the end without losing the figures', async () => {
    const bridge = new FakeBridge({
      'stats.overview': () => ok(overview(3)),
      'stats.years': () => ok({ years }),
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new StatsState();
    await state.load();
    await state.setRange({ from: '2026-01-01', to: '2026-06-30' });
    expect(bridge.calls.filter((c) => c.channel === 'stats.overview').at(-1)?.input).toEqual({
      media: 'all',
      from: '2026-01-01',
      to: '2026-06-30',
    });
    const sent = bridge.calls.length;
    await state.setRange({ from: '2026-07-01', to: '2026-06-30' });
    expect(state.rangeError).toBe('The start date is after the end date.');
    expect(bridge.calls.length).toBe(sent);
    expect(state.range).toEqual({ from: '2026-01-01', to: '2026-06-30' });
    expect(state.overview?.totals.plays).toBe(3);
  });

  it('keeps the figures on show when a reload fails, and shows the error only with none', async () => {
    let fail = false;
    const bridge = new FakeBridge({
      'stats.overview': () =>
        fail ? { ok: false, error: { code: 'internal', message: 'disk' } } : ok(overview(3)),
      'stats.years': () => ok({ years }),
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new StatsState();
    await state.load();
    fail = true;
    await state.load();
    expect(state.status).toBe('ready');
    expect(state.overview?.totals.plays).toBe(3);
    expect(state.error?.message).toBe('disk');

    const fresh = new StatsState();
    await fresh.load();
    expect(fresh.status).toBe('error');
  });

  it('applies only the latest answer when filters change quickly', async () => {
    const answers: ((value: ReturnType<typeof ok<StatsOverview>>) => void)[] = [];
    const bridge = new FakeBridge({ 'stats.years': () => ok({ years }) });
    vi.stubGlobal('window', {
      api: {
        on: bridge.on.bind(bridge),
        invoke: (channel: string) =>
          channel === 'stats.years'
            ? Promise.resolve(ok({ years }))
            : new Promise((resolve) => answers.push(resolve)),
      },
    });
    const state = new StatsState();
    const first = state.setMedia('movie');
    const second = state.setMedia('tv');
    answers[1]?.(ok(overview(7)));
    answers[0]?.(ok(overview(1)));
    await Promise.all([first, second]);
    expect(state.overview?.totals.plays).toBe(7);
  });

  it('reloads when facts arrive or plays change', async () => {
    const bridge = new FakeBridge({
      'stats.overview': () => ok(overview(3)),
      'stats.years': () => ok({ years }),
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new StatsState();
    const stop = state.start(bridge);
    bridge.emit('stats.changed', coverage);
    await vi.waitFor(() => {
      expect(bridge.channels().filter((c) => c === 'stats.overview')).toHaveLength(1);
    });
    stop();
    bridge.emit('stats.changed', coverage);
    await Promise.resolve();
    expect(bridge.channels().filter((c) => c === 'stats.overview')).toHaveLength(1);
  });

  it('reloads once for a burst of plays, ratings and facts changing', async () => {
    const bridge = new FakeBridge({
      'stats.overview': () => ok(overview(3)),
      'stats.years': () => ok({ years }),
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new StatsState();
    const stop = state.start(bridge);
    for (let i = 0; i < 100; i += 1)
      bridge.emit('tracking.changed', { seriesIds: [i], movieIds: [], changes: [`c${i}`] });
    bridge.emit('tracking.changed', { seriesIds: [1], movieIds: [], changes: [] });
    bridge.emit('library.changed', { collections: ['rated'] });
    bridge.emit('stats.changed', coverage);
    await settle();
    expect(bridge.channels().filter((c) => c === 'stats.overview')).toHaveLength(1);
    expect(state.overview?.totals.plays).toBe(3);
    stop();
  });
});

describe('rangeProblem', () => {
  it('accepts open ends and refuses malformed or reversed dates', () => {
    expect(rangeProblem({ from: null, to: null })).toBeNull();
    expect(rangeProblem({ from: '2026-01-01', to: null })).toBeNull();
    expect(rangeProblem({ from: '2026-1-1', to: null })).toBe('The start date is not a date.');
    expect(rangeProblem({ from: null, to: 'soon' })).toBe('The end date is not a date.');
    expect(rangeProblem({ from: '2026-02-01', to: '2026-01-01' })).toBe(
      'The start date is after the end date.',
    );
  });
});

describe('YearReviewState', () => {
  it('loads a year and finds the neighbouring years with history', async () => {
    const bridge = new FakeBridge({
      'stats.yearInReview': (input) => ok(review(input?.year ?? 0, 4)),
      'stats.years': () => ok({ years }),
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new YearReviewState();
    await state.load(2024);
    expect(state.review?.year).toBe(2024);
    expect(state.older).toBe(2021);
    expect(state.newer).toBe(2026);
    expect(state.empty).toBe(false);
    await state.load(2026);
    expect(state.newer).toBeNull();
  });

  it('calls a year without plays empty', async () => {
    const bridge = new FakeBridge({
      'stats.yearInReview': (input) => ok(review(input?.year ?? 0, 0)),
      'stats.years': () => ok({ years }),
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new YearReviewState();
    await state.load(1999);
    expect(state.empty).toBe(true);
  });
});
