import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { connect } from '../src-main/db/connection';
import { migrate } from '../src-main/db/migrate';
import { libraryMigrations } from '../src-main/db/migrations/library';
import { createStats, type Stats } from '../src-main/stats/stats';
import { createStatsStore, type StatsStore } from '../src-main/stats/store';
import type { DayRow } from '../src-main/stats/store/aggregates';
import { offsetSegments, sqlLocalDay } from '../src-main/stats/zone';
import { localDate } from '../src-main/tracking/dates';
import { percentile, round, type BenchResult } from './stats';
import { DAY, EVENTS, NOW, seedStatsLibrary, SERIES, ZONE } from './stats-seed';

/**
 * Every stat the Stats page and the year in review answer, over a heavy watcher's library of
 * 50,000 watch events spread over five years (films and episodes, rewatches, some titles without
 * facts, runtimes or languages), in a zone with daylight saving time.
 */

const BUDGET_MS = 50;

/**
 * CPU time of this thread per run, beside wall time: on a shared machine wall time includes the
 * time spent waiting for a core, which says more about the neighbours than about the code.
 */
const cpu: Record<string, number[]> = {};

function sample(fn: () => unknown, runs: number, warmup = 5, name?: string): number[] {
  for (let i = 0; i < warmup; i++) fn();
  const out: number[] = [];
  const cpuOut: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    const t = process.hrtime.bigint();
    fn();
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
    const used = process.cpuUsage(c);
    cpuOut.push((used.user + used.system) / 1000);
  }
  if (name) cpu[name] = cpuOut;
  return out;
}

/** The obvious way: every play read into JS, its day found with Intl, runtimes joined per play. */
function naiveDays(db: Database.Database): number {
  const rows = db
    .prepare(
      `SELECT p.watched_at AS at, coalesce(nullif(e.runtime, 0), nullif(f.runtime, 0), 0) AS rt
       FROM watch_plays p
       LEFT JOIN series_episodes e ON p.media_type = 'episode' AND e.series_id = p.media_id
         AND e.season_number = p.season_number AND e.episode_number = p.episode_number
       LEFT JOIN title_facts f ON f.media_type = (CASE p.media_type WHEN 'movie' THEN 'movie' ELSE 'tv' END)
         AND f.media_id = p.media_id
       WHERE p.watched_at IS NOT NULL`,
    )
    .all() as Array<{ at: number; rt: number }>;
  const days = new Map<string, number>();
  for (const row of rows) {
    const day = localDate(row.at, ZONE);
    days.set(day, (days.get(day) ?? 0) + row.rt);
  }
  return days.size;
}

function plan(db: Database.Database, sql: string): string {
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>)
    .map((r) => r.detail)
    .join('; ');
}

function measure(stats: Stats): Record<string, number[]> {
  const year = 2024;
  return {
    all: sample(
      () => {
        stats.overview({ media: 'all' });
        stats.years();
        stats.yearInReview({ year, media: 'all' });
      },
      40,
      5,
      'all',
    ),
    overview: sample(() => stats.overview({ media: 'all' }), 40, 5, 'overview'),
    overviewYear: sample(
      () => stats.overview({ from: '2024-01-01', to: '2024-12-31', media: 'all' }),
      40,
      5,
      'overviewYear',
    ),
    overviewFilms: sample(() => stats.overview({ media: 'movie' }), 40, 5, 'overviewFilms'),
    years: sample(() => stats.years(), 40),
    review: sample(() => stats.yearInReview({ year, media: 'all' }), 40, 5, 'review'),
  };
}

/**
 * The overview just after the fill saved a title's facts, so that title's facts are read again
 * from SQLite before anything is counted: every look while the fill runs.
 */
function measureFreshFacts(stats: Stats, store: StatsStore): number[] {
  const facts = {
    mediaType: 'movie' as const,
    id: 1,
    title: 'movie 1',
    posterPath: '/poster1.jpg',
    releaseDate: '1999-01-01',
    runtime: 120,
    language: 'en',
    voteAverage: 7,
    voteCount: 100,
    genres: [{ id: 18, name: 'Genre 18' }],
    countries: ['US'],
    cast: [{ id: 1, name: 'Person 1', profilePath: '/p1.jpg' }],
    directors: [{ id: 2, name: 'Person 2', profilePath: '/p2.jpg' }],
  };
  const out: number[] = [];
  for (let i = 0; i < 22; i++) {
    store.facts.save(facts, NOW);
    const t = process.hrtime.bigint();
    stats.overview({ media: 'all' });
    if (i >= 2) out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return out;
}

export function runStatsBenchmarks(): Promise<BenchResult[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-stats-'));
  const db = connect(path.join(dir, 'library.db'), 'library');
  try {
    migrate(db, libraryMigrations);
    const shape = seedStatsLibrary(db);
    db.exec('ANALYZE');
    const statsStore = createStatsStore(db);
    const stats = createStats({
      store: statsStore,
      clock: () => NOW,
      timeZone: () => ZONE,
      filling: () => false,
    });
    const ours = measure(stats);
    const fresh = measureFreshFacts(stats, statsStore);
    // The first look after start-up: a new store holds no facts yet and reads every title's.
    const first = sample(
      () =>
        createStats({
          store: createStatsStore(db),
          clock: () => NOW,
          timeZone: () => ZONE,
          filling: () => false,
        }).overview({ media: 'all' }),
      20,
      2,
    );
    const naive = sample(() => naiveDays(db), 10, 2);
    const ourDays = sample(() => stats.years(), 40);
    // Time per local day as the stats read it (one seek per day into plays_for_stats, summing the
    // minutes kept on each play), against grouping the plays by a computed day (a sort), and
    // against looking each play's runtime up at read time (episode, else series, else film).
    const store = createStatsStore(db);
    const all = { from: null, to: null, media: 'all' } as const;
    const segments = offsetSegments(NOW - 6 * 365 * DAY, NOW, ZONE);
    const dayExpr = sqlLocalDay('p.watched_at', segments);
    const grouped = db.prepare(
      `SELECT ${dayExpr} AS day, count(*), sum(p.minutes) FROM watch_plays p INDEXED BY plays_for_stats
       WHERE p.watched_at IS NOT NULL GROUP BY day`,
    );
    const joined = db.prepare(
      `SELECT ${dayExpr} AS day, count(*),
         sum(coalesce(nullif(e.runtime, 0), nullif(f.runtime, 0))) FROM watch_plays p
       LEFT JOIN series_episodes e ON p.media_type = 'episode' AND e.series_id = p.media_id
         AND e.season_number = p.season_number AND e.episode_number = p.episode_number
       LEFT JOIN title_facts f ON f.media_type = (CASE p.media_type WHEN 'movie' THEN 'movie' ELSE 'tv' END)
         AND f.media_id = p.media_id
       WHERE p.watched_at IS NOT NULL GROUP BY day`,
    );
    const groupedTitles = db.prepare(
      `SELECT media_type, media_id, count(*), coalesce(sum(minutes), 0), count(*) - count(minutes),
         max(watched_at) FROM watch_plays INDEXED BY plays_by_item GROUP BY media_type, media_id`,
    );
    const keptTitles = sample(() => store.aggregates.titles(all), 20);
    const groupedTitlesTimes = sample(() => groupedTitles.raw().all(), 20);
    let days: DayRow[] = [];
    const seekDays = sample(() => (days = store.aggregates.days(all, segments)), 20);
    const groupedDays = sample(() => grouped.all(), 20);
    const joinedDays = sample(() => joined.all(), 20);
    const plans = [
      `per day: ${plan(db, "SELECT count(*), sum(minutes) FROM watch_plays INDEXED BY plays_for_stats WHERE watched_at >= 1 AND watched_at < 2 AND media_type = 'movie'")}`,
      `per title: ${plan(db, 'SELECT media_type, media_id, count(*), sum(minutes), max(watched_at) FROM watch_plays INDEXED BY plays_by_item WHERE watched_at >= 1 AND watched_at < 2 GROUP BY media_type, media_id')}`,
    ].join(' | ');
    const p = (samples: number[], q: number): number => percentile(samples, q);
    const note = (samples: number[], name?: string): string =>
      `p50 ${String(round(p(samples, 50)))} ms` +
      (name && cpu[name]
        ? `; CPU time p50 ${String(round(p(cpu[name], 50)))} ms, p95 ${String(round(p(cpu[name], 95)))} ms`
        : '');
    const data = `${String(EVENTS)} plays (${String(shape.films)} films, ${String(SERIES)} series of ${String(shape.episodes)} episodes), 5 years, ${ZONE}`;
    return Promise.resolve([
      {
        name: 'stats: overview + years + year in review, p95',
        unit: 'ms',
        value: p(ours.all ?? [], 95),
        budget: BUDGET_MS,
        note: `${note(ours.all ?? [], 'all')}; ${data}`,
      },
      {
        name: 'stats: overview, all time, p95',
        unit: 'ms',
        value: p(ours.overview ?? [], 95),
        budget: BUDGET_MS,
        note: note(ours.overview ?? [], 'overview'),
      },
      {
        name: 'stats: overview, one year, p95',
        unit: 'ms',
        value: p(ours.overviewYear ?? [], 95),
        budget: BUDGET_MS,
        note: `${note(ours.overviewYear ?? [], 'overviewYear')}; ${plans}`,
      },
      {
        name: 'stats: time per local day, p50',
        unit: 'ms',
        value: p(seekDays, 50),
        budget: null,
        ratio: p(seekDays, 50) / p(joinedDays, 50),
        peer: 'each play’s runtime looked up at read time, grouped by computed day (p50)',
        note: `${String(days.length)} days; joined p50 ${String(round(p(joinedDays, 50)))} ms`,
      },
      {
        name: 'stats: time per local day against a sort, p50',
        unit: 'ms',
        value: p(seekDays, 50),
        budget: null,
        ratio: p(seekDays, 50) / p(groupedDays, 50),
        peer: 'the kept minutes grouped by a computed day, which sorts every play (p50)',
        note: `grouped p50 ${String(round(p(groupedDays, 50)))} ms`,
      },
      {
        name: 'stats: overview, films only, p95',
        unit: 'ms',
        value: p(ours.overviewFilms ?? [], 95),
        budget: BUDGET_MS,
        note: note(ours.overviewFilms ?? [], 'overviewFilms'),
      },
      {
        name: 'stats: year in review, p95',
        unit: 'ms',
        value: p(ours.review ?? [], 95),
        budget: BUDGET_MS,
        note: note(ours.review ?? [], 'review'),
      },
      {
        name: 'stats: overview right after new facts, p95',
        unit: 'ms',
        value: p(fresh, 95),
        budget: BUDGET_MS,
        note: `p50 ${String(round(p(fresh, 50)))} ms; the title the fill saved read again first`,
      },
      {
        name: 'stats: overview, first look after start-up, p95',
        unit: 'ms',
        value: p(first, 95),
        budget: BUDGET_MS,
        note: `p50 ${String(round(p(first, 50)))} ms; every watched title's facts read into memory first (statements prepared too)`,
      },
      {
        name: 'stats: plays per title, all time, p50',
        unit: 'ms',
        value: p(keptTitles, 50),
        budget: null,
        ratio: p(keptTitles, 50) / p(groupedTitlesTimes, 50),
        peer: 'every play grouped by title through the by-item index (p50)',
        note: `totals kept by triggers (library migration 006); grouped p50 ${String(round(p(groupedTitlesTimes, 50)))} ms`,
      },
      {
        name: 'stats: plays per year (years), p50',
        unit: 'ms',
        value: p(ourDays, 50),
        budget: null,
        ratio: p(ourDays, 50) / p(naive, 50),
        peer: 'every play read into JS and dated with Intl, per day (p50)',
        note: `naive p50 ${String(round(p(naive, 50)))} ms`,
      },
    ]);
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
