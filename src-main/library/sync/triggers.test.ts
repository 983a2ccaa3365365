import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../../core/testing/core';
import { REFRESH_INTERVAL_MS } from './scheduler';

describe('when the outbox is sent and the account pulled', () => {
  let t: TestCore;
  let movies: number[];
  beforeAll(async () => {
    t = await startTestCore();
    movies = t.catalogue.data
      .sortedBy('movie', 'popularity')
      .slice(0, 5)
      .map((m) => m.id);
    await t.signIn();
  });
  afterAll(async () => t.close());
  const watchlist = (): number[] => [...t.catalogue.state.demoAccount.watchlist.movie.keys()];

  it('sends a change right after it is made, while online; the UI heard about it first', async () => {
    const movie = movies[0] ?? 0;
    await t.value('library.setWatchlist', { mediaType: 'movie', mediaId: movie, on: true });
    expect(t.eventsOf('library.changed').at(-1)).toEqual({ collections: ['watchlist'] });
    await expect.poll(watchlist).toEqual([movie]);
    await expect
      .poll(
        async () =>
          (await t.value('library.state', { target: { mediaType: 'movie', mediaId: movie } }))
            .pending,
      )
      .toBe(false);
  });

  it('keeps changes made offline, marked pending, and sends them when the network returns', async () => {
    const movie = movies[1] ?? 0;
    t.core.network.report(false, 'test');
    await t.value('library.setWatchlist', { mediaType: 'movie', mediaId: movie, on: true });
    expect(
      (await t.value('library.state', { target: { mediaType: 'movie', mediaId: movie } })).pending,
    ).toBe(true);
    expect(watchlist()).not.toContain(movie);
    // The sync panel hears at once that a change waits, without being reopened.
    expect(t.eventsOf('sync.status').at(-1)).toMatchObject({ pending: 1, running: false });
    t.core.network.report(true);
    await expect.poll(watchlist).toContain(movie);
  });

  it('a permanent failure is shown with its reason and can be retried', async () => {
    await t.value('library.rate', {
      target: { mediaType: 'movie', mediaId: 999_999_999 },
      value: 8,
    });
    await expect.poll(async () => (await t.value('sync.outbox')).status.failed).toBe(1);
    const failed = (await t.value('sync.outbox')).entries.find((e) => e.status === 'failed');
    expect(failed?.label).toBe('Rate movie 999999999 8/10');
    expect(failed?.lastError).toMatch(/not_found/);
    expect(await t.value('sync.retryFailed')).toMatchObject({
      failed: expect.any(Number) as number,
    });
    await expect.poll(async () => (await t.value('sync.outbox')).status.failed).toBe(1);
  });

  it('every ten minutes, pulls what changed on TMDB elsewhere', async () => {
    const movie = movies[2] ?? 0;
    t.catalogue.state.demoAccount.favorite.movie.set(movie, Date.now()); // e.g. from TMDB's website
    t.timers.tick(REFRESH_INTERVAL_MS);
    await expect
      .poll(async () =>
        (
          await t.value('library.collection', { collection: 'favorites', mediaType: 'movie' })
        ).items.map((i) => i.mediaId),
      )
      .toEqual([movie]);
  });
});

describe('a guest session', () => {
  let t: TestCore;
  beforeAll(async () => {
    t = await startTestCore();
    await t.value('auth.guest');
  });
  afterAll(async () => t.close());

  it('rates through the guest session, reads its ratings back, and may not keep a watchlist', async () => {
    const movie = t.catalogue.data.sortedBy('movie', 'popularity')[0]?.id ?? 0;
    await t.value('library.rate', { target: { mediaType: 'movie', mediaId: movie }, value: 9 });
    const guest = (): Array<[number, number]> =>
      [...t.catalogue.state.guests.values()].flatMap((g) =>
        [...g.ratings.movie].map(([id, r]) => [id, r.value] as [number, number]),
      );
    await expect.poll(guest).toEqual([[movie, 9]]);
    await t.value('sync.now');
    const rated = await t.value('library.collection', { collection: 'rated', mediaType: 'movie' });
    expect(rated.items.map((i) => [i.mediaId, i.rating])).toEqual([[movie, 9]]);
    const refused = await t.call('library.setWatchlist', {
      mediaType: 'movie',
      mediaId: movie,
      on: true,
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
  });
});
