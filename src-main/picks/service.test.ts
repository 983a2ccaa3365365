import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { silentLogger } from '../base/log';
import { createChangePath } from '../changes/change-path';
import { createPreferences, type Preferences } from '../changes/preferences';
import { createChangeStore } from '../changes/store/changes';
import { createPreferenceStore } from '../changes/store/preferences';
import type { PicksJob } from './compute';
import { createPicksService, PICKS_FRESH_MS, type PicksServiceDeps } from './service';
import { picksFixture, type PicksFixture } from './testing/picks-fixture';
import type { Kind, PicksResult } from './types';

const NOW = Date.UTC(2026, 0, 15, 12);

let fx: PicksFixture;
let preferences: Preferences;
beforeEach(() => {
  fx = picksFixture();
  preferences = createPreferences({
    store: createPreferenceStore(fx.library),
    changes: createChangePath({ store: createChangeStore(fx.library), clock: () => NOW }),
    clock: () => NOW,
  });
});
afterEach(() => {
  fx.cleanup();
});

const item = (id: number) => ({
  mediaType: 'movie' as const,
  id,
  title: `Film ${String(id)}`,
  posterPath: null,
  date: null,
  voteAverage: null,
  voteCount: null,
  score: 1 / id,
  because: null,
  reason: 'Because you watched Film 1',
});

function harness(result: (job: PicksJob, n: number) => Partial<PicksResult> = () => ({})) {
  const clock = { now: NOW };
  const stamp = { at: 1 };
  const jobs: PicksJob[] = [];
  const fetched: string[] = [];
  const emitted: number[] = [];
  const deps: PicksServiceDeps = {
    compute: (job) => {
      jobs.push(job);
      return Promise.resolve({
        basis: 'history',
        onServices: false,
        items: [1, 2, 3].map(item),
        computedAt: job.now,
        seeds: 1,
        seedsWaiting: 0,
        waiting: [],
        ...result(job, jobs.length),
      });
    },
    preferences,
    clock: () => clock.now,
    online: () => true,
    fetchSeed: (kind: Kind, id: number) => {
      fetched.push(`${kind}:${String(id)}`);
      return Promise.resolve();
    },
    popularOnServices: () => Promise.resolve([{ kind: 'movie', id: 9 }]),
    cacheStamp: () => stamp.at,
    emit: (at) => emitted.push(at),
    log: silentLogger,
  };
  return { service: createPicksService(deps), clock, stamp, jobs, fetched, emitted };
}

describe('the picks service', () => {
  it('answers from the last ranking while it is fresh, and works anew after a change', async () => {
    const h = harness();
    expect((await h.service.list(2)).items.map((p) => p.id)).toEqual([1, 2]);
    expect((await h.service.list(20)).items.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(h.jobs).toHaveLength(1);
    h.service.invalidate();
    await h.service.list(5);
    expect(h.jobs).toHaveLength(2);
    h.clock.now += PICKS_FRESH_MS;
    await h.service.list(5);
    expect(h.jobs).toHaveLength(3);
    // A response stored in the cache since (a page opened): the cache may have more to say.
    h.stamp.at = 2;
    await h.service.list(5);
    await h.service.list(5);
    expect(h.jobs).toHaveLength(4);
  });

  it('leaves a dismissed title out at once and brings it back when undone', async () => {
    const h = harness();
    await h.service.list(5);
    h.service.dismiss('movie', 2);
    expect(preferences.get('picks.hidden:movie:2', z.boolean(), false)).toBe(true);
    expect((await h.service.list(5)).items.map((p) => p.id)).toEqual([1, 3]);
    h.service.undismiss('movie', 2);
    expect((await h.service.list(5)).items.map((p) => p.id)).toEqual([1, 2, 3]);
  });

  it('fetches the strongest waiting seeds once each, then works the picks out again', async () => {
    const waiting = [1, 2, 3, 4].map((id) => ({ kind: 'movie' as const, id }));
    const h = harness((_job, n) => (n === 1 ? { waiting, seedsWaiting: 4 } : {}));
    const first = await h.service.list(5);
    expect(first).not.toHaveProperty('waiting');
    await h.service.idle();
    expect(h.fetched).toEqual(['movie:1', 'movie:2', 'movie:3']);
    expect(h.jobs).toHaveLength(2);
    expect(h.emitted).toEqual([NOW]);
  });

  it('falls back to popular titles on the person services when there is no history', async () => {
    const h = harness((job) =>
      job.popular === null
        ? { basis: 'popular', items: [], seeds: 0 }
        : { basis: 'popular', onServices: true, items: [item(9)], seeds: 0 },
    );
    expect(await h.service.list(5)).toMatchObject({ basis: 'popular', onServices: true });
    expect(h.jobs.map((j) => j.popular)).toEqual([null, [{ kind: 'movie', id: 9 }]]);
  });
});
