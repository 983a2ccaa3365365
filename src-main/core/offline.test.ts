import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROBE_INTERVAL_MS } from '../base/network-status';

// The contract's output types of paged channels are wider than they should be (see the report); read ids plainly.
const ids = (data: unknown): number[] =>
  (data as { results: Array<{ id: number }> }).results.map((r) => r.id);
import { startTestCore, type TestCore } from './testing/core';

describe('offline first: cache-through reads and network switching', () => {
  let t: TestCore;
  beforeEach(async () => (t = await startTestCore()));
  afterEach(async () => t.close());

  it('answers from the network, then from the cache when TMDB is gone, marks stale copies, and notices TMDB returning once', async () => {
    const first = await t.value('browse.topRatedTv', { page: 1 });
    expect(first.meta).toMatchObject({ source: 'network', stale: false });
    const served = t.catalogue.requests.count('/3/tv/top_rated');

    // Fresh: the cache answers without asking TMDB.
    const again = await t.value('browse.topRatedTv', { page: 1 });
    expect(again.meta).toMatchObject({
      source: 'cache',
      stale: false,
      fetchedAt: first.meta.fetchedAt,
    });
    expect(ids(again.data)).toEqual(ids(first.data));
    expect(t.catalogue.requests.count('/3/tv/top_rated')).toBe(served);

    // TMDB goes away: a read never seen before fails as offline and the app says it is offline.
    t.catalogue.faults.set([{ kind: 'drop' }]);
    const unseen = await t.call('browse.topRatedTv', { page: 2 });
    expect(unseen).toMatchObject({ ok: false, error: { code: 'offline' } });
    expect(t.eventsOf('network.status')).toEqual([expect.objectContaining({ online: false })]);

    // Offline, an hour and more later: the saved page still answers, marked stale.
    t.clock.now += 2 * 60 * 60 * 1000;
    const offline = await t.value('browse.topRatedTv', { page: 1 });
    expect(offline.meta).toEqual({ source: 'cache', stale: true, fetchedAt: first.meta.fetchedAt });
    expect(ids(offline.data)).toEqual(ids(first.data));

    // The probe runs while offline; once TMDB answers again the app is online, announced once.
    t.timers.tick(PROBE_INTERVAL_MS);
    await new Promise((r) => setTimeout(r, 50));
    expect(t.core.network.online).toBe(false);
    t.catalogue.faults.clear();
    t.timers.tick(PROBE_INTERVAL_MS);
    await expect.poll(() => t.core.network.online).toBe(true);
    t.timers.tick(PROBE_INTERVAL_MS);
    await t.value('browse.topRatedTv', { page: 2 });
    expect(t.eventsOf('network.status').map((e) => e.online)).toEqual([false, true]);
    expect(t.timers.active()).toBeGreaterThan(0); // the sync timers stay; the probe is gone
  });

  it('a stale copy is served at once while it is refreshed in the background', async () => {
    const list = await t.value('browse.trendingTv', { window: 'week', page: 1 });
    t.clock.now += 31 * 60 * 1000; // trending keeps for 30 minutes
    const before = t.catalogue.requests.count('/3/trending/tv/week');
    const stale = await t.value('browse.trendingTv', { window: 'week', page: 1 });
    expect(stale.meta).toMatchObject({
      source: 'cache',
      stale: true,
      fetchedAt: list.meta.fetchedAt,
    });
    await expect.poll(() => t.catalogue.requests.count('/3/trending/tv/week')).toBe(before + 1);
    await expect
      .poll(
        async () => (await t.value('browse.trendingTv', { window: 'week', page: 1 })).meta.stale,
      )
      .toBe(false);
  });

  it('keeps working when the catalogue process is gone altogether, and a never-seen read says offline', async () => {
    const saved = await t.value('reference.countries');
    await t.catalogue.close();
    expect((await t.call('browse.popularPeople', { page: 3 })).ok).toBe(false);
    expect(t.core.network.online).toBe(false);
    const offline = await t.value('reference.countries');
    expect(offline.items).toEqual(saved.items);
    expect(offline.meta.source).toBe('cache');
  });
});
