import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCatalogue } from '../catalogue';
import { createChangePath } from '../src-main/changes/change-path';
import { createChangeStore } from '../src-main/changes/store/changes';
import { connect } from '../src-main/db/connection';
import { migrate } from '../src-main/db/migrate';
import { libraryMigrations } from '../src-main/db/migrations/library';
import { createTmdbClient } from '../src-main/tmdb/client';
import { DEFAULTS } from '../src-main/tmdb/table-client';
import { addDays } from '../src-main/tracking/dates';
import { RefreshScheduler } from '../src-main/tracking/scheduler';
import { createTrackingStore } from '../src-main/tracking/store';
import { tmdbTrackingSource } from '../src-main/tracking/tmdb-source';
import { createTracking, type Tracking } from '../src-main/tracking/tracking';
import { percentile, round, type BenchResult } from './stats';
import { seedLibrary } from './tracking-seed';

const NOW = Date.UTC(2025, 2, 10, 12);

function time(fn: () => unknown, runs: number, warmup = 20): number[] {
  for (let i = 0; i < warmup; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return samples;
}

function openTracking(dir: string, name: string, now: () => number) {
  const db = connect(path.join(dir, name), 'library');
  migrate(db, libraryMigrations);
  const store = createTrackingStore(db);
  const changes = createChangePath({ store: createChangeStore(db), clock: now });
  const make = (): Tracking =>
    createTracking(store, { clock: now, timeZone: () => 'UTC', region: () => 'US', changes });
  return { db, store, make };
}

/**
 * Up Next with progress, and the calendar, over a heavy watcher's library: 1,000 followed series
 * (about 60,000 episodes, a third still airing) with 50,000 episodes watched.
 */
function readBench(dir: string): BenchResult[] {
  const { db, store, make } = openTracking(dir, 'reads.db', () => NOW);
  try {
    let tracking = make();
    const seeded = seedLibrary(tracking, store, {
      now: NOW,
      seriesCount: 1000,
      watchedTarget: 50_000,
    });
    const shape = `${seeded.series} series, ${seeded.episodes} episodes, ${seeded.watched} watched`;

    // Cold: a fresh domain object has read nothing yet, as right after start-up.
    const cold: number[] = [];
    for (let i = 0; i < 15; i++) {
      tracking = make();
      const start = process.hrtime.bigint();
      tracking.upNext();
      cold.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    const items = tracking.upNext();
    const warm = time(() => tracking.upNext(), 500);
    // What the user does: mark the next episode of a series, then Up Next is read again.
    let k = 0;
    const afterMark: number[] = [];
    for (let i = 0; i < 300; i++) {
      const item = items[k++ % items.length];
      if (!item) break;
      tracking.mark({
        scope: 'episode',
        seriesId: item.progress.seriesId,
        season: item.episode.season,
        episode: item.episode.episode,
      });
      const start = process.hrtime.bigint();
      tracking.upNext();
      afterMark.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    const window = { from: '2025-03-10', to: addDays('2025-03-10', 90) };
    const events = tracking.calendar(window).events.length;
    const calendar = time(() => tracking.calendar(window), 500);
    // The first read after a change (a play added), which builds the answer again.
    const rebuilt: number[] = [];
    for (let i = 0; i < 100; i++) {
      const item = items[i % items.length];
      if (!item) break;
      const { season, episode } = item.episode;
      tracking.mark({ scope: 'episode', seriesId: item.progress.seriesId, season, episode });
      const start = process.hrtime.bigint();
      tracking.calendar(window);
      rebuilt.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    const ics = time(() => tracking.calendarIcs(window), 50, 5);
    const many = items.map((i) => i.progress.seriesId);
    const progress = time(() => tracking.progressMany(many), 300);
    return [
      {
        name: 'tracking: Up Next + progress, p95 (warm)',
        unit: 'ms',
        value: percentile(warm, 95),
        budget: 10,
        note: `${items.length} series in progress; ${shape}; p50 ${round(percentile(warm, 50))} ms`,
      },
      {
        name: 'tracking: Up Next after marking an episode, p95',
        unit: 'ms',
        value: percentile(afterMark, 95),
        budget: 10,
        note: `mark, then read the whole list again; p50 ${round(percentile(afterMark, 50))} ms`,
      },
      {
        name: 'tracking: Up Next, first read after start-up, p95',
        unit: 'ms',
        value: percentile(cold, 95),
        budget: null,
        note: `reads every episode and play once; p50 ${round(percentile(cold, 50))} ms`,
      },
      {
        name: 'tracking: progress of the Up Next series, p95',
        unit: 'ms',
        value: percentile(progress, 95),
        budget: 10,
        note: `${many.length} series at once`,
      },
      {
        name: 'tracking: calendar, 90 days, p95',
        unit: 'ms',
        value: percentile(calendar, 95),
        budget: 5,
        note: `${events} events, shown again; p50 ${round(percentile(calendar, 50))} ms`,
      },
      {
        name: 'tracking: calendar, 90 days, first read after a play, p95',
        unit: 'ms',
        value: percentile(rebuilt, 95),
        budget: null,
        note: `the answer built again; p50 ${round(percentile(rebuilt, 50))} ms`,
      },
      {
        name: 'tracking: .ics export, 90 days, p95',
        unit: 'ms',
        value: percentile(ics, 95),
        budget: null,
        note: `${events} events`,
      },
    ];
  } finally {
    db.close();
  }
}

/**
 * One refresh of 500 followed series never refreshed before, against the local catalogue through
 * Marquee's client at its default rate: requests counted by the catalogue, wall time against the
 * floor the rate limit sets (500 ÷ requests per second).
 */
async function refreshBench(dir: string, faults: boolean): Promise<BenchResult[]> {
  const catalogue = await startCatalogue({
    titles: 3000,
    messy: false,
    ...(faults ? { faults: [{ kind: 'rate_limit' as const, every: 25, path: '/3/tv/' }] } : {}),
  });
  const { db, make } = openTracking(dir, `refresh-${faults}.db`, Date.now);
  try {
    const tracking = make();
    const series = catalogue.data.sortedBy('tv', 'popularity').slice(0, 500);
    for (const s of series) tracking.setFollow(s.id, 'follow');
    const client = createTmdbClient({
      apiBase: catalogue.apiBase,
      credentials: () => ({ accessToken: catalogue.accessToken }),
    });
    const scheduler = new RefreshScheduler({
      target: tracking.refresh,
      source: tmdbTrackingSource(client),
      clock: Date.now,
      every: () => () => undefined,
      online: () => true,
      onOnline: () => () => undefined,
      onProgress: () => undefined,
      onInbox: () => undefined,
      unread: () => tracking.unreadCount(),
      log: { info: () => undefined, warn: () => undefined },
    });
    catalogue.requests.reset();
    const start = performance.now();
    const result = await scheduler.run();
    const seconds = (performance.now() - start) / 1000;
    const requests = catalogue.requests.total;
    const floor = series.length / DEFAULTS.ratePerSecond;
    const label = faults ? ' with a 429 every 25 requests' : '';
    const stored = tracking.progressMany(series.map((s) => s.id)).filter((p) => p.aired > 0).length;
    return [
      {
        name: `tracking: refresh 500 series${label}, requests`,
        unit: 'requests',
        value: requests,
        budget: faults ? null : 500,
        note: `${result.done}/${result.total} refreshed, ${result.failed} failed, ${stored} with aired episodes stored`,
      },
      {
        name: `tracking: refresh 500 series${label}, wall time`,
        unit: 's',
        value: seconds,
        budget: faults ? null : round(floor * 1.1, 2),
        ratio: seconds / floor,
        peer: `rate-limit floor ${round(floor, 2)} s (${DEFAULTS.ratePerSecond}/s)`,
      },
    ];
  } finally {
    db.close();
    await catalogue.close();
  }
}

export async function runTrackingBenchmarks(): Promise<BenchResult[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-tracking-'));
  try {
    return [
      ...readBench(dir),
      ...(await refreshBench(dir, false)),
      ...(await refreshBench(dir, true)),
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
