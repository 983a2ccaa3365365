import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seeded } from '../testing/fake-account';
import { startTestCore, type TestCore } from '../../core/testing/core';

/** What the user meant, change by change; the server must end up exactly here. */
interface Intended {
  watchlist: Map<string, boolean>;
  favorite: Map<string, boolean>;
  ratings: Map<string, number | null>;
  lists: Map<string, { name: string; items: Set<number>; deleted: boolean }>;
}

const onKeys = (m: Map<string, boolean>, type: 'movie' | 'tv'): number[] =>
  [...m]
    .filter(([k, on]) => on && k.startsWith(`${type}:`))
    .map(([k]) => Number(k.split(':')[1]))
    .sort((a, b) => a - b);
const sorted = (ids: Iterable<number>): number[] => [...ids].sort((a, b) => a - b);

describe('sync of 1,000 queued changes through a flaky TMDB', () => {
  let t: TestCore;
  beforeAll(async () => {
    t = await startTestCore({ catalogue: { titles: 300, seed: 7 } });
    await t.signIn();
  });
  afterAll(async () => t.close());

  it('ends with the account exactly as intended: nothing lost, nothing twice', async () => {
    const movies = t.catalogue.data
      .sortedBy('movie', 'popularity')
      .slice(0, 30)
      .map((m) => m.id);
    const shows = t.catalogue.data
      .sortedBy('tv', 'popularity')
      .slice(0, 15)
      .map((s) => s.id);
    const series = shows[0] ?? 0;
    const season = (await t.value('tv.season', { seriesId: series, season: 1 })).data as {
      episodes: Array<{ episode_number: number }>;
    };
    const episodes = season.episodes.map((e) => e.episode_number).slice(0, 6);
    const random = seeded(4242);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const intended: Intended = {
      watchlist: new Map(),
      favorite: new Map(),
      ratings: new Map(),
      lists: new Map(),
    };
    const liveLists = (): string[] =>
      [...intended.lists].filter(([, l]) => !l.deleted).map(([id]) => id);

    // Offline while the user works: every change waits in the outbox.
    t.core.network.report(false, 'test: offline while queuing');
    for (let i = 0; i < 1000; i++) {
      t.clock.now += 1_000;
      const r = random();
      if (r < 0.28) {
        const mediaType = random() < 0.7 ? 'movie' : 'tv';
        const mediaId = pick(mediaType === 'movie' ? movies : shows);
        const on = random() < 0.6;
        await t.value('library.setWatchlist', { mediaType, mediaId, on });
        intended.watchlist.set(`${mediaType}:${mediaId}`, on);
      } else if (r < 0.45) {
        const mediaType = random() < 0.7 ? 'movie' : 'tv';
        const mediaId = pick(mediaType === 'movie' ? movies : shows);
        const on = random() < 0.6;
        await t.value('library.setFavorite', { mediaType, mediaId, on });
        intended.favorite.set(`${mediaType}:${mediaId}`, on);
      } else if (r < 0.65) {
        const value = random() < 0.2 ? null : Math.ceil(random() * 20) / 2;
        const kind = random();
        if (kind < 0.5) {
          const mediaId = pick(movies);
          await t.value('library.rate', { target: { mediaType: 'movie', mediaId }, value });
          intended.ratings.set(`movie:${mediaId}`, value);
        } else if (kind < 0.75) {
          const mediaId = pick(shows);
          await t.value('library.rate', { target: { mediaType: 'tv', mediaId }, value });
          intended.ratings.set(`tv:${mediaId}`, value);
        } else {
          const episode = pick(episodes);
          await t.value('library.rate', {
            target: { mediaType: 'episode', mediaId: series, season: 1, episode },
            value,
          });
          intended.ratings.set(`episode:${series}:1:${episode}`, value);
        }
      } else if (r < 0.69 || liveLists().length === 0) {
        const { list } = await t.value('lists.create', { name: `List ${i}` });
        intended.lists.set(list.id, { name: `List ${i}`, items: new Set(), deleted: false });
      } else if (r < 0.94) {
        const listId = pick(liveLists());
        const movieId = pick(movies.slice(0, 12));
        const present = random() < 0.7;
        await t.value(present ? 'lists.addItem' : 'lists.removeItem', { listId, movieId });
        const items = intended.lists.get(listId)?.items;
        if (present) items?.add(movieId);
        else items?.delete(movieId);
      } else if (r < 0.97) {
        const listId = pick(liveLists());
        await t.value('lists.clear', { listId, confirm: true });
        intended.lists.get(listId)?.items.clear();
      } else {
        const listId = pick(liveLists());
        await t.value('lists.delete', { listId });
        const list = intended.lists.get(listId);
        if (list) list.deleted = true;
      }
    }
    expect((await t.value('sync.outbox')).status.pending).toBeGreaterThan(500);
    expect(t.catalogue.state.demoAccount.watchlist.movie.size).toBe(0); // nothing sent yet

    // TMDB comes back, but throttles, fails and drops connections.
    t.catalogue.faults.set([
      { kind: 'rate_limit', rate: 0.08, retryAfter: 1 },
      { kind: 'rate_limit', rate: 0.05 },
      { kind: 'server_error', rate: 0.05, status: 503 },
      { kind: 'server_error', rate: 0.03, status: 502 },
      { kind: 'drop', rate: 0.05 },
    ]);
    t.core.network.report(true);
    let status = await t.value('sync.now');
    for (let round = 0; round < 200 && status.pending > 0; round++) {
      t.core.network.report(true); // a dropped connection may have flagged the app offline
      status = await t.value('sync.now');
    }
    expect(
      t.catalogue.faults.fired.rate_limit +
        t.catalogue.faults.fired.server_error +
        t.catalogue.faults.fired.drop,
    ).toBeGreaterThan(20);
    t.catalogue.faults.clear();
    expect(status).toMatchObject({ pending: 0, failed: 0 });

    const account = t.catalogue.state.demoAccount;
    expect(sorted(account.watchlist.movie.keys())).toEqual(onKeys(intended.watchlist, 'movie'));
    expect(sorted(account.watchlist.tv.keys())).toEqual(onKeys(intended.watchlist, 'tv'));
    expect(sorted(account.favorite.movie.keys())).toEqual(onKeys(intended.favorite, 'movie'));
    expect(sorted(account.favorite.tv.keys())).toEqual(onKeys(intended.favorite, 'tv'));
    const serverRatings = new Map<string, number>([
      ...[...account.ratings.movie].map(([id, r]) => [`movie:${id}`, r.value] as const),
      ...[...account.ratings.tv].map(([id, r]) => [`tv:${id}`, r.value] as const),
      ...[...account.ratings.episode].map(([key, r]) => [`episode:${key}`, r.value] as const),
    ]);
    const wantedRatings = new Map(
      [...intended.ratings].filter((e): e is [string, number] => e[1] !== null),
    );
    expect(new Map([...serverRatings].sort())).toEqual(new Map([...wantedRatings].sort()));

    const serverLists = [...t.catalogue.state.lists.values()].map((l) => ({
      name: l.name,
      items: [...l.items].sort((a, b) => a - b),
    }));
    const wantedLists = [...intended.lists.values()]
      .filter((l) => !l.deleted)
      .map((l) => ({ name: l.name, items: sorted(l.items) }));
    const byName = (a: { name: string }, b: { name: string }): number =>
      a.name.localeCompare(b.name);
    expect(serverLists.sort(byName)).toEqual(wantedLists.sort(byName));

    // The local mirror, pulled back from TMDB after the push, agrees; every entry settled visibly.
    const local = await t.value('library.collection', {
      collection: 'watchlist',
      mediaType: 'movie',
    });
    expect(sorted(local.items.map((i) => i.mediaId))).toEqual(onKeys(intended.watchlist, 'movie'));
    const outbox = await t.value('sync.outbox');
    expect(
      outbox.entries.filter((e) => !['sent', 'collapsed', 'cancelled'].includes(e.status)),
    ).toEqual([]);
    expect(t.eventsOf('sync.status').some((s) => s.running && s.total > 100)).toBe(true);
  });
});
