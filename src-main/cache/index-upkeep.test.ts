import { afterEach, describe, expect, it } from 'vitest';
import { manualTimers } from '../base/testing/manual-timers';
import { startIndexUpkeep } from './index-upkeep';
import { createIngest } from './store/ingest';
import { createLocalSearch } from './store/search';
import { createSearchIndexStore, type SearchIndexStore } from './store/search-upkeep';
import { tempCache } from './testing/temp-cache';

function page(n: number): unknown {
  return {
    page: 1,
    results: Array.from({ length: 20 }, (_, k) => ({
      media_type: 'movie',
      id: n * 20 + k + 1,
      title: `Harbor ${n} ${k}`,
      popularity: k,
    })),
  };
}

/** A store that records what the upkeep asked of it. */
function fakeStore(mergesWithWork: number): SearchIndexStore & { calls: string[] } {
  let left = mergesWithWork;
  const calls: string[] = [];
  return {
    calls,
    merge: () => {
      calls.push('merge');
      left -= 1;
      return left >= 0;
    },
    checkpoint: () => {
      calls.push('checkpoint');
    },
    segments: () => 0,
  };
}

describe('index upkeep', () => {
  let cleanup: (() => void) | undefined;
  afterEach(() => {
    cleanup?.();
    cleanup = undefined;
  });

  it('writes never merge; an idle step merges what piled up and search still finds everything', async () => {
    const cache = await tempCache();
    cleanup = cache.cleanup;
    const ingest = createIngest(cache.db, () => 1);
    const store = createSearchIndexStore(cache.db);
    for (let n = 0; n < 12; n++) ingest(page(n));
    const piled = store.segments();
    expect(piled).toBeGreaterThanOrEqual(12);
    const search = createLocalSearch(cache.db);
    const before = search('harbor 11', { limit: 100 }).map((h) => h.id);
    expect(before.length).toBeGreaterThanOrEqual(20);

    const upkeep = startIndexUpkeep({ store, timers: manualTimers(), budgetMs: 1_000 });
    expect(upkeep.step()).toBe(true);
    expect(store.segments()).toBeLessThan(piled);
    expect(search('harbor 11', { limit: 100 }).map((h) => h.id)).toEqual(before);
    upkeep.stop();
  });

  it('waits for writes to pause, stops at its time budget, and checkpoints after work', () => {
    const timers = manualTimers();
    const store = fakeStore(100);
    let now = 0;
    // Each call to the clock moves it 1 ms: the budget of 3 ms allows a few merges only.
    const upkeep = startIndexUpkeep({
      store,
      timers,
      now: () => (now += 1),
      intervalMs: 2_000,
      quietMs: 1_000,
      budgetMs: 3,
    });
    upkeep.noteWrite();
    timers.tick(2_000);
    expect(store.calls).toEqual([]);
    now += 5_000;
    timers.tick(2_000);
    expect(store.calls.filter((c) => c === 'merge').length).toBeGreaterThan(0);
    expect(store.calls.filter((c) => c === 'merge').length).toBeLessThan(4);
    expect(store.calls.at(-1)).toBe('checkpoint');
    upkeep.stop();
    expect(timers.active()).toBe(0);
  });

  it('reports a failed step instead of throwing from the timer', () => {
    const timers = manualTimers();
    const errors: unknown[] = [];
    const upkeep = startIndexUpkeep({
      store: {
        merge: () => {
          throw new Error('database is locked');
        },
        checkpoint: () => undefined,
        segments: () => 0,
      },
      timers,
      intervalMs: 10,
      onError: (error) => errors.push(error),
    });
    timers.tick(10);
    expect(errors).toHaveLength(1);
    upkeep.stop();
  });
});
