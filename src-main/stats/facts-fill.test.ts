import { afterEach, describe, expect, it } from 'vitest';
import { CodedError } from '../../src-shared/ipc/errors';
import { silentLogger } from '../base/log';
import { holdWriteLock } from '../db/testing/held-lock';
import { createFactsFill } from './facts-fill';
import type { TitleRef } from './store/facts';
import { addPlay, facts, tempStats, type TempStats } from './testing/temp-stats';

describe('the background fill of watched titles’ facts', () => {
  let t: TempStats;
  afterEach(() => {
    t.cleanup();
  });

  function setup(
    answer: (ref: TitleRef) => Promise<ReturnType<typeof facts>>,
    turn?: () => Promise<void>,
  ) {
    const asked: string[] = [];
    const network = { online: true };
    let batches = 0;
    const fill = createFactsFill({
      facts: t.store.facts,
      source: (ref) => {
        asked.push(`${ref.mediaType}:${String(ref.id)}`);
        return answer(ref);
      },
      online: () => network.online,
      clock: () => t.clock.now,
      sleep: () => Promise.resolve(),
      log: silentLogger,
      onBatch: () => (batches += 1),
      batch: 2,
      ...(turn ? { turn } : {}),
    });
    return { fill, asked, network, batches: () => batches };
  }

  it('fetches each watched title once, the latest watched first, and the stats use them', async () => {
    t = tempStats();
    addPlay(t.db, { movie: 1, at: 1_000 });
    addPlay(t.db, { series: 2, season: 1, episode: 1, at: 3_000 });
    addPlay(t.db, { movie: 3, at: 2_000 });
    addPlay(t.db, { movie: 3, at: null });
    const { fill, asked, batches } = setup((ref) =>
      Promise.resolve(facts(ref.mediaType, ref.id, { runtime: 90 })),
    );
    expect(t.stats.overview({ media: 'all' }).coverage.missing).toBe(3);
    await fill.kick();
    expect(asked).toEqual(['tv:2', 'movie:3', 'movie:1']);
    expect(batches()).toBeGreaterThan(0);
    await fill.kick();
    expect(asked).toHaveLength(3);
    const overview = t.stats.overview({ media: 'all' });
    expect(overview.coverage.missing).toBe(0);
    expect(overview.totals.minutes).toBe(4 * 90);
  });

  it('stores what it fetched once the worker’s write ends, never waiting inside SQLite', async () => {
    t = tempStats();
    addPlay(t.db, { movie: 1, at: 1_000 });
    addPlay(t.db, { movie: 404, at: 2_000 });
    const lock = holdWriteLock(t.file);
    t.db.pragma('busy_timeout = 0');
    const { fill, asked } = setup(
      (ref) =>
        ref.id === 404
          ? Promise.reject(new CodedError('not_found', 'The resource could not be found.'))
          : Promise.resolve(facts(ref.mediaType, ref.id, { runtime: 90 })),
      () => lock.turn(),
    );
    const run = fill.kick();
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toEqual(['movie:404']);
    expect(lock.asked()).toBe(1);
    lock.release();
    await run;
    expect(asked).toEqual(['movie:404', 'movie:1']);
    const coverage = t.stats.overview({ media: 'all' }).coverage;
    expect(coverage).toMatchObject({ missing: 0 });
    expect(t.stats.overview({ media: 'all' }).totals.minutes).toBe(90);
  });

  it('remembers a 404 and never asks for that title again', async () => {
    t = tempStats();
    addPlay(t.db, { movie: 404, at: 1_000 });
    const { fill, asked } = setup(() =>
      Promise.reject(new CodedError('not_found', 'The resource you requested could not be found.')),
    );
    await fill.kick();
    t.clock.now += 30 * 86_400_000;
    await fill.kick();
    expect(asked).toEqual(['movie:404']);
    expect(t.stats.overview({ media: 'all' }).coverage).toMatchObject({ gone: 1, missing: 0 });
  });

  it('stops when offline without counting it against the title, and resumes where it stopped', async () => {
    t = tempStats();
    addPlay(t.db, { movie: 1, at: 2_000 });
    addPlay(t.db, { movie: 2, at: 1_000 });
    let offline = true;
    const { fill, asked, network } = setup((ref) => {
      if (offline) {
        network.online = false;
        return Promise.reject(new CodedError('offline', 'No connection.'));
      }
      return Promise.resolve(facts(ref.mediaType, ref.id));
    });
    await fill.kick();
    expect(asked).toEqual(['movie:1']);
    offline = false;
    network.online = true;
    await fill.kick();
    expect(asked).toEqual(['movie:1', 'movie:1', 'movie:2']);
    expect(t.stats.overview({ media: 'all' }).coverage.missing).toBe(0);
  });

  it('waits longer after each other failure, and one bad title never stops the rest', async () => {
    t = tempStats();
    addPlay(t.db, { movie: 1, at: 2_000 });
    addPlay(t.db, { movie: 2, at: 1_000 });
    const { fill, asked } = setup((ref) =>
      ref.id === 1
        ? Promise.reject(new CodedError('schema_mismatch', 'TMDB answered in an unexpected shape.'))
        : Promise.resolve(facts(ref.mediaType, ref.id)),
    );
    await fill.kick();
    expect(asked).toEqual(['movie:1', 'movie:2']);
    await fill.kick();
    expect(asked).toHaveLength(2); // still waiting
    t.clock.now += 3 * 60_000;
    await fill.kick();
    expect(asked).toEqual(['movie:1', 'movie:2', 'movie:1']);
    t.clock.now += 3 * 60_000; // the second wait is longer (4 minutes)
    await fill.kick();
    expect(asked).toHaveLength(3);
    expect(t.stats.overview({ media: 'all' }).coverage).toMatchObject({ missing: 1, gone: 0 });
  });
});
