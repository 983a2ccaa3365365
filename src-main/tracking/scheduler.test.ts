import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { holdWriteLock } from '../db/testing/held-lock';
import { HOUR_MS, DAY_MS } from './refresh-policy';
import { RefreshScheduler, TICK_MS } from './scheduler';
import { FakeSource } from './testing/fake-source';
import {
  collect,
  seriesSnapshot,
  tempTracking,
  weekly,
  type TempTracking,
} from './testing/temp-tracking';
import type { InboxItem, RefreshProgress } from './types';

const NOW = Date.UTC(2025, 2, 10, 12);

describe('refresh scheduler', () => {
  let t: TempTracking;
  let source: FakeSource;
  let online: boolean;
  let progress: RefreshProgress[];
  let inbox: InboxItem[][];
  let timers: Array<{ ms: number; run: () => void }>;
  let onlineListeners: Array<() => void>;
  let scheduler: RefreshScheduler;

  beforeEach(() => {
    t = tempTracking({ now: NOW });
    source = new FakeSource();
    online = true;
    progress = [];
    inbox = [];
    timers = [];
    onlineListeners = [];
    scheduler = new RefreshScheduler({
      target: t.tracking.refresh,
      source,
      clock: () => t.clock.now,
      every: (ms, run) => {
        const timer = { ms, run };
        timers.push(timer);
        return () => {
          timers = timers.filter((x) => x !== timer);
        };
      },
      online: () => online,
      onOnline: (listener) => {
        onlineListeners.push(listener);
        return () => {
          onlineListeners = onlineListeners.filter((l) => l !== listener);
        };
      },
      onProgress: (p) => progress.push(p),
      onInbox: (items) => inbox.push(items),
      unread: () => t.tracking.unreadCount(),
      log: { info: () => undefined, warn: () => undefined },
    });
    source.seriesAnswers.set(
      1,
      seriesSnapshot(1, [{ season: 1, airDates: weekly('2025-02-24', 6) }]),
    );
    source.seriesAnswers.set(
      2,
      seriesSnapshot(2, [{ season: 1, airDates: weekly('2015-01-01', 3) }], { status: 'Ended' }),
    );
    collect(t.db, 'watchlist', 'tv', 1);
    collect(t.db, 'favorite', 'tv', 2);
  });
  afterEach(() => {
    scheduler.stop();
    t.cleanup();
  });

  it('asks nothing while offline', async () => {
    online = false;
    expect(await scheduler.run()).toMatchObject({ outcome: 'offline', requests: 0 });
    expect(source.calls).toEqual([]);
    expect(progress).toEqual([]);
  });

  it('refreshes each followed series with one request the first time, then only when due', async () => {
    const result = await scheduler.run();
    expect(result).toMatchObject({ outcome: 'done', done: 2, total: 2, failed: 0, requests: 2 });
    const blind = Array.from({ length: 20 }, (_, i) => i).join(',');
    expect(source.calls.sort()).toEqual([`tv/1?${blind}`, `tv/2?${blind}`]);
    expect(t.tracking.progress(1)).toMatchObject({
      aired: 3,
      name: 'Series 1',
      status: 'returning',
    });
    expect(progress.at(0)).toEqual({ running: true, done: 0, total: 2, failed: 0 });
    expect(progress.at(-1)).toEqual({ running: false, done: 2, total: 2, failed: 0 });

    source.calls.length = 0;
    await scheduler.run();
    expect(source.calls).toEqual([]);
    // A day later the returning series is due (latest season and the next), the ended one is not.
    t.clock.now = NOW + DAY_MS;
    await scheduler.run();
    expect(source.calls).toEqual(['tv/1?1,2']);
    source.calls.length = 0;
    t.clock.now = NOW + 7 * DAY_MS;
    await scheduler.run();
    expect(source.calls.sort()).toEqual(['tv/1?1,2', 'tv/2?1,2']);
  });

  it('writes what it fetched once the worker’s write ends, never waiting inside SQLite', async () => {
    const lock = holdWriteLock(t.file);
    t.db.pragma('busy_timeout = 0');
    const run = new RefreshScheduler({ ...schedulerDeps(), turn: () => lock.turn() }).run();
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(lock.asked()).toBeGreaterThan(0);
    expect(t.tracking.progress(1)).toBeNull();
    lock.release();
    expect(await run).toMatchObject({ outcome: 'done', done: 2, failed: 0 });
    expect(t.tracking.progress(1)).toMatchObject({ aired: 3, name: 'Series 1' });
  });

  it('refreshes a series with an episode airing today or tomorrow every few hours', async () => {
    source.seriesAnswers.set(
      1,
      seriesSnapshot(1, [{ season: 1, airDates: weekly('2025-02-24', 6) }], {
        nextAirDate: '2025-03-10',
      }),
    );
    await scheduler.run();
    source.calls.length = 0;
    t.clock.now = NOW + 3 * HOUR_MS;
    await scheduler.run();
    expect(source.calls).toEqual(['tv/1?1,2']);
  });

  it('marks a series TMDB answers 404 for as gone, keeps its history, and asks again weekly', async () => {
    await scheduler.run();
    t.tracking.mark({ scope: 'episode', seriesId: 2, season: 1, episode: 1 });
    source.seriesAnswers.set(2, 'gone');
    t.clock.now = NOW + 7 * DAY_MS;
    await scheduler.run();
    expect(t.tracking.progress(2)).toMatchObject({ gone: true, watched: 1, aired: 3 });
    expect(t.tracking.plays({ scope: 'series', seriesId: 2 })).toHaveLength(1);
    source.calls.length = 0;
    t.clock.now = NOW + 8 * DAY_MS;
    await scheduler.run();
    expect(source.calls).toEqual(['tv/1?1,2']);
  });

  it('goes on past a failing series, records why, and tries it again an hour later', async () => {
    source.seriesAnswers.set(1, { fail: 'upstream' });
    const result = await scheduler.run();
    expect(result).toMatchObject({ outcome: 'done', done: 2, failed: 1 });
    expect(t.tracking.progress(1)?.refreshError).toMatch(/upstream/);
    expect(t.tracking.progress(2)?.aired).toBe(3);
    source.calls.length = 0;
    t.clock.now = NOW + HOUR_MS;
    await scheduler.run();
    expect(source.calls).toEqual([`tv/1?${Array.from({ length: 20 }, (_, i) => i).join(',')}`]);
  });

  it('stops the run when the network goes, recording nothing against the series', async () => {
    collect(t.db, 'watchlist', 'tv', 3);
    source.seriesAnswers.set(3, seriesSnapshot(3, [{ season: 1, airDates: ['2025-01-01'] }]));
    source.seriesAnswers.set(1, { fail: 'offline' });
    const result = await new RefreshScheduler({
      ...schedulerDeps(),
      concurrency: 1,
    }).run();
    expect(result.outcome).toBe('stopped');
    expect(source.calls).toHaveLength(1);
    expect(t.tracking.progress(1)?.refreshError).toBeNull();
  });

  it('fetches seasons past the 20-append limit in a second request', async () => {
    const seasons = Array.from({ length: 25 }, (_, i) => ({
      season: i + 1,
      airDates: ['2000-01-01'],
    }));
    source.seriesAnswers.set(1, seriesSnapshot(1, seasons));
    await scheduler.run();
    expect(source.calls.filter((c) => c.startsWith('tv/1'))).toEqual([
      `tv/1?${Array.from({ length: 20 }, (_, i) => i).join(',')}`,
      'tv/1?20,21,22,23,24,25',
    ]);
    expect(t.tracking.progress(1)?.aired).toBe(25);
  });

  it('refreshes watchlist films daily until they are out for good', async () => {
    collect(t.db, 'watchlist', 'movie', 77);
    source.filmAnswers.set(77, {
      id: 77,
      title: 'Seventy-Seven',
      posterPath: null,
      releaseDate: '2025-04-01',
      status: 'Post Production',
      releases: [{ region: 'US', type: 4, date: '2025-03-20', note: '' }],
    });
    await scheduler.run();
    expect(source.calls).toContain('movie/77');
    source.calls.length = 0;
    t.clock.now = NOW + DAY_MS;
    await scheduler.run();
    expect(source.calls).toContain('movie/77');
    source.calls.length = 0;
    t.clock.now = Date.UTC(2025, 2, 25, 12); // after its digital release: settled
    await scheduler.run();
    source.calls.length = 0;
    t.clock.now = Date.UTC(2025, 2, 27, 12);
    await scheduler.run();
    expect(source.calls).not.toContain('movie/77');
  });

  it('announces new episodes after a run', async () => {
    await scheduler.run();
    expect(inbox).toEqual([]);
    t.clock.now = NOW + 7 * DAY_MS;
    await scheduler.run();
    expect(inbox.flat().map((i) => `${i.mediaId}:${i.season}x${i.episode}`)).toEqual(['1:1x4']);
  });

  it('runs at start, on each tick and when the network returns; never two runs at once', async () => {
    scheduler.start();
    await scheduler.idle();
    expect(source.calls).toHaveLength(2);
    expect(timers.map((x) => x.ms)).toEqual([TICK_MS]);
    t.clock.now = NOW + DAY_MS;
    timers[0]?.run();
    timers[0]?.run();
    await scheduler.idle();
    expect(source.calls).toHaveLength(3);
    t.clock.now = NOW + 2 * DAY_MS;
    for (const listener of onlineListeners) listener();
    await scheduler.idle();
    expect(source.calls).toHaveLength(4);
    scheduler.stop();
    expect(timers).toEqual([]);
    expect(onlineListeners).toEqual([]);
  });

  it('refreshes one series on demand (a series marked before it was ever refreshed)', async () => {
    source.seriesAnswers.set(
      9,
      seriesSnapshot(9, [{ season: 1, airDates: ['2025-01-01', '2025-01-08'] }]),
    );
    t.tracking.mark({ scope: 'episode', seriesId: 9, season: 1, episode: 1 });
    expect(await scheduler.refreshSeries(9)).toBe(true);
    expect(t.tracking.progress(9)).toMatchObject({ watched: 1, aired: 2 });
    online = false;
    expect(await scheduler.refreshSeries(9)).toBe(false);
  });

  function schedulerDeps(): ConstructorParameters<typeof RefreshScheduler>[0] {
    return {
      target: t.tracking.refresh,
      source,
      clock: () => t.clock.now,
      every: () => () => undefined,
      online: () => online,
      onOnline: () => () => undefined,
      onProgress: () => undefined,
      onInbox: () => undefined,
      unread: () => 0,
      log: { info: () => undefined, warn: () => undefined },
    };
  }
});
