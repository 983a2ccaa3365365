import { afterEach, describe, expect, it } from 'vitest';
import { startPlexStandIn, type PlexStandIn } from '../../../catalogue';
import { createPlexConnector } from './plex';
import type { BackfillItem, Connector } from '../types';
import {
  CollectingSink,
  backfillOf,
  startOf,
  FIXED_NOW,
  GatedSleep,
  deps,
  recordingFetch,
  serverConfig,
} from './testing/harness';
import { plainFailure } from './testing/errors';

let stand: PlexStandIn | null = null;
let following: Connector | null = null;
afterEach(async () => {
  await following?.stop?.();
  following = null;
  await stand?.close();
  stand = null;
});

async function backfillAll(connector: Connector): Promise<BackfillItem[][]> {
  const pages: BackfillItem[][] = [];
  await backfillOf(connector)((items) => {
    pages.push(items);
    return Promise.resolve();
  }, new AbortController().signal);
  return pages;
}

describe('Plex client', () => {
  it('lists the server’s accounts, without the system account', async () => {
    stand = await startPlexStandIn();
    const plex = createPlexConnector(
      serverConfig('plex', stand.url),
      { token: stand.token },
      deps(),
    );
    expect(await plex.test()).toEqual([
      { id: '1', name: 'Anna' },
      { id: '2', name: 'Ben' },
    ]);
  });

  it('reads played films and episodes section by section, a page at a time', async () => {
    stand = await startPlexStandIn({ episodes: 45 });
    const recorder = recordingFetch();
    const plex = createPlexConnector(
      serverConfig('plex', stand.url),
      { token: stand.token },
      deps({ fetch: recorder.fetch }),
      {
        pageSize: 4,
      },
    );
    const items = (await backfillAll(plex)).flat();
    const playedEpisodes = stand.library.episodes.filter((e) => e.playCount > 0).length;
    expect(items).toHaveLength(3 + playedEpisodes);
    expect(items.map((i) => i.title)).not.toContain('The Matrix');
    expect(new Set(items.map((i) => i.itemKey)).size).toBe(items.length);
    // 4 films in 1 page (4 = a full page, then an empty one is not needed: totalSize says so); 45 episodes in 12.
    const pagesRead = recorder.urls.filter((u) => u.includes('/all?')).length;
    expect(pagesRead).toBe(1 + Math.ceil(45 / 4));
    expect(items.find((i) => i.title === 'Arrival')).toEqual({
      server: 'plex',
      serverId: 'plex-1',
      account: '1',
      itemKey: '100',
      media: 'movie',
      ids: { imdb: 'tt2543164', tmdb: '329865' },
      title: 'Arrival',
      year: 2016,
      season: null,
      episode: null,
      playCount: 2,
      lastPlayedAt: Date.UTC(2026, 7, 1, 20, 14, 3),
    });
    // An old-agent library gives only its guid string.
    expect(items.find((i) => i.title === 'Spirited Away')?.ids).toEqual({
      legacyGuid: 'com.plexapp.agents.imdb://tt0245429?lang=en',
    });
    expect(items.find((i) => i.itemKey === '1000')).toMatchObject({
      media: 'episode',
      ids: { imdb: 'tt9000000', tmdb: '1000000', tvdb: '2000000' },
      title: 'Breaking Bad',
      season: 1,
      episode: 1,
      playCount: 1,
    });
  });

  it('follows plays by polling sessions and reports one that ends with its last progress', async () => {
    stand = await startPlexStandIn();
    const gate = new GatedSleep();
    const sink = new CollectingSink();
    following = createPlexConnector(
      serverConfig('plex', stand.url),
      { token: stand.token },
      deps({ sleep: gate.sleep }),
      {
        pollIntervalMs: 5_000,
      },
    );
    startOf(following)(sink);
    await gate.begun(1);
    const session = stand.play(101, 1, 0);
    gate.release();
    await gate.begun(2);
    stand.progress(session, 5_928_000);
    gate.release();
    await gate.begun(3);
    expect(sink.events).toEqual([]);
    stand.end(session, FIXED_NOW);
    gate.release();
    await gate.begun(4);
    expect(sink.events).toEqual([
      {
        server: 'plex',
        serverId: 'plex-1',
        account: '1',
        accountName: 'Anna',
        kind: 'stop',
        itemKey: '101',
        media: 'movie',
        ids: { imdb: 'tt4468740', tmdb: '346648' },
        title: 'Paddington 2',
        year: 2017,
        season: null,
        episode: null,
        progress: 0.95,
        completed: null,
        at: FIXED_NOW,
      },
    ]);
    expect(gate.calls).toEqual([5_000, 5_000, 5_000, 5_000]);
  });

  it('reports the item that ended when a session moves on to the next episode', async () => {
    stand = await startPlexStandIn();
    const gate = new GatedSleep();
    const sink = new CollectingSink();
    following = createPlexConnector(
      serverConfig('plex', stand.url),
      { token: stand.token },
      deps({ sleep: gate.sleep }),
    );
    startOf(following)(sink);
    await gate.begun(1);
    const first = stand.play(1000, 2, 2_600_000);
    gate.release();
    await gate.begun(2);
    // The same session, the next item: Plex's autoplay of the next episode.
    stand.playNext(first, 1001, 10_000);
    gate.release();
    await gate.begun(3);
    expect(sink.events.map((e) => [e.itemKey, e.account, e.season, e.episode])).toEqual([
      ['1000', '2', 1, 1],
    ]);
  });

  it('keeps sessions while the server cannot be reached, and polls less often', async () => {
    stand = await startPlexStandIn();
    const gate = new GatedSleep();
    const sink = new CollectingSink();
    following = createPlexConnector(
      serverConfig('plex', stand.url),
      { token: stand.token },
      deps({ sleep: gate.sleep }),
      {
        pollIntervalMs: 1_000,
      },
    );
    startOf(following)(sink);
    await gate.begun(1);
    stand.play(100, 1, 6_900_000);
    gate.release();
    await gate.begun(2);
    await stand.disappear();
    gate.release();
    await gate.begun(3);
    gate.release();
    await gate.begun(4);
    expect(sink.events).toEqual([]);
    expect(gate.calls).toEqual([1_000, 1_000, 2_000, 4_000]);
  });

  it('fails with a plain sentence when the server disappears in the middle of a backfill', async () => {
    stand = await startPlexStandIn({ episodes: 40 });
    const plex = createPlexConnector(
      serverConfig('plex', stand.url),
      { token: stand.token },
      deps(),
      { pageSize: 5 },
    );
    stand.disappearAt('/library/sections/2/all', 2);
    const error = await plainFailure(backfillAll(plex), [stand.token]);
    expect(error.code).toBe('offline');
    expect(error.message).toContain('Plex at http://127.0.0.1:');
  });

  it('says in a plain sentence, without the token, that the token was refused', async () => {
    stand = await startPlexStandIn();
    const token = 'Wr0ngPlexToken-xyz';
    const plex = createPlexConnector(serverConfig('plex', stand.url), { token }, deps());
    const error = await plainFailure(plex.test(), [token]);
    expect(error.code).toBe('unauthorized');
    expect((await plainFailure(backfillAll(plex), [token])).code).toBe('unauthorized');
  });

  it('says it needs a token when it has none', async () => {
    stand = await startPlexStandIn();
    const plex = createPlexConnector(serverConfig('plex', stand.url), {}, deps());
    expect((await plainFailure(plex.test(), [])).code).toBe('unauthorized');
  });
});
