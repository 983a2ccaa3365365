import { afterEach, describe, expect, it } from 'vitest';
import { startJellyfinStandIn, type JellyfinStandIn } from '../../../catalogue';
import { createJellyfinConnector } from './jellyfin';
import type { BackfillItem } from '../types';
import { backfillOf, deps, recordingFetch, serverConfig } from './testing/harness';
import { plainFailure } from './testing/errors';

let stand: JellyfinStandIn | null = null;
afterEach(async () => {
  await stand?.close();
  stand = null;
});

async function collect(run: (onPage: (items: BackfillItem[]) => Promise<void>) => Promise<void>) {
  const pages: BackfillItem[][] = [];
  await run((items) => {
    pages.push(items);
    return Promise.resolve();
  });
  return pages;
}

describe('Jellyfin client', () => {
  it('signs in with a user name and password and lists that user', async () => {
    stand = await startJellyfinStandIn();
    const jf = createJellyfinConnector(
      serverConfig('jellyfin', stand.url),
      { username: 'bob', password: 'bob-password' },
      deps(),
    );
    expect(await jf.test()).toEqual([{ id: stand.users[1]?.id, name: 'bob' }]);
  });

  it('lists every user with an administrator API key', async () => {
    stand = await startJellyfinStandIn();
    const jf = createJellyfinConnector(
      serverConfig('jellyfin', stand.url),
      { token: stand.apiKey },
      deps(),
    );
    expect((await jf.test()).map((a) => a.name)).toEqual(['alice', 'bob']);
  });

  it('lists the token’s own user when a user’s token cannot list every user', async () => {
    stand = await startJellyfinStandIn();
    const signIn = await fetch(`${stand.url}/Users/AuthenticateByName`, {
      method: 'POST',
      headers: {
        Authorization: 'MediaBrowser Client="Test", Device="Test", DeviceId="t1", Version="1"',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ Username: 'bob', Pw: 'bob-password' }),
    });
    const { AccessToken } = (await signIn.json()) as { AccessToken: string };
    const jf = createJellyfinConnector(
      serverConfig('jellyfin', stand.url),
      { token: AccessToken },
      deps(),
    );
    expect(await jf.test()).toEqual([{ id: stand.users[1]?.id, name: 'bob' }]);
  });

  it('reads the played films and episodes a page at a time, with each series read once', async () => {
    stand = await startJellyfinStandIn({ episodes: 60 });
    const recorder = recordingFetch();
    const jf = createJellyfinConnector(
      serverConfig('jellyfin', stand.url),
      { username: 'alice', password: 'alice-password' },
      deps({ fetch: recorder.fetch }),
      { pageSize: 7 },
    );
    const pages = await collect((onPage) => backfillOf(jf)(onPage, new AbortController().signal));
    const items = pages.flat();
    const playedEpisodes = stand.library.episodes.filter((e) => e.playCount > 0).length;
    expect(items).toHaveLength(3 + playedEpisodes);
    expect(pages.length).toBe(Math.ceil(items.length / 7));
    expect(pages.every((p) => p.length <= 7)).toBe(true);
    expect(new Set(items.map((i) => i.itemKey)).size).toBe(items.length);

    const arrival = items.find((i) => i.title === 'Arrival');
    expect(arrival).toEqual({
      server: 'jellyfin',
      serverId: 'jellyfin-1',
      account: stand.users[0]?.id,
      itemKey: stand.idOf(100),
      media: 'movie',
      ids: { tmdb: '329865', imdb: 'tt2543164' },
      title: 'Arrival',
      year: 2016,
      season: null,
      episode: null,
      playCount: 2,
      lastPlayedAt: Date.UTC(2026, 7, 1, 20, 14, 3),
    });
    const first = items.find((i) => i.itemKey === stand?.idOf(1000));
    expect(first).toMatchObject({
      media: 'episode',
      ids: { tmdb: '1000000', tvdb: '2000000', imdb: 'tt9000000' },
      seriesIds: { tmdb: '1396', tvdb: '81189', imdb: 'tt0903747' },
      title: 'Breaking Bad',
      year: 2008,
      season: 1,
      episode: 1,
    });
    // Series are asked for by id, once each, however many pages hold their episodes.
    const seriesAsks = recorder.urls.filter((u) => new URL(u).searchParams.has('ids'));
    const seriesIds = seriesAsks.flatMap((u) =>
      (new URL(u).searchParams.get('ids') ?? '').split(','),
    );
    expect(seriesIds.sort()).toEqual([stand.idOf(200), stand.idOf(201), stand.idOf(202)].sort());
    // Every request but the sign-in carried the user's token in Jellyfin's header.
    expect(
      recorder.urls.filter((u) => u.includes('/Items?')).every((u) => u.includes('userId=')),
    ).toBe(true);
  });

  it('reads a large library in pages without losing or repeating an item', async () => {
    stand = await startJellyfinStandIn({ episodes: 2_000 });
    const jf = createJellyfinConnector(
      serverConfig('jellyfin', stand.url),
      { token: stand.apiKey },
      deps(),
      { pageSize: 250 },
    );
    const pages = await collect((onPage) => backfillOf(jf)(onPage, new AbortController().signal));
    const alice = pages.flat().filter((i) => i.account === stand?.users[0]?.id);
    const expected = 3 + stand.library.episodes.filter((e) => e.playCount > 0).length;
    expect(alice).toHaveLength(expected);
    expect(new Set(alice.map((i) => i.itemKey)).size).toBe(expected);
    // bob has played one film.
    expect(
      pages
        .flat()
        .filter((i) => i.account === stand?.users[1]?.id)
        .map((i) => i.title),
    ).toEqual(['Arrival']);
  });

  it('backfills only the chosen accounts', async () => {
    stand = await startJellyfinStandIn();
    const bob = stand.users[1]?.id ?? '';
    const jf = createJellyfinConnector(
      serverConfig('jellyfin', stand.url, { chosenAccounts: [bob] }),
      { token: stand.apiKey },
      deps(),
    );
    const pages = await collect((onPage) => backfillOf(jf)(onPage, new AbortController().signal));
    expect(pages.flat().map((i) => [i.account, i.title])).toEqual([[bob, 'Arrival']]);
  });

  it('stops at once when the backfill is aborted', async () => {
    stand = await startJellyfinStandIn({ episodes: 40 });
    const jf = createJellyfinConnector(
      serverConfig('jellyfin', stand.url),
      { token: stand.apiKey },
      deps(),
      { pageSize: 5 },
    );
    const controller = new AbortController();
    const pages = await collect((onPage) =>
      backfillOf(jf)(async (items) => {
        await onPage(items);
        controller.abort();
      }, controller.signal),
    );
    expect(pages).toHaveLength(1);
  });

  it('fails with a plain sentence when the server disappears in the middle of a backfill', async () => {
    stand = await startJellyfinStandIn({ episodes: 40 });
    const jf = createJellyfinConnector(
      serverConfig('jellyfin', stand.url),
      { token: stand.apiKey },
      deps(),
      { pageSize: 5 },
    );
    stand.disappearAt('/Items', 3);
    const pages: BackfillItem[][] = [];
    const error = await plainFailure(
      backfillOf(jf)((items) => {
        pages.push(items);
        return Promise.resolve();
      }, new AbortController().signal),
      [stand.apiKey],
    );
    expect(error.code).toBe('offline');
    expect(error.message).toContain('Jellyfin at http://127.0.0.1:');
    expect(pages.length).toBeGreaterThan(0);
  });

  it('says in a plain sentence, without the password, that a sign-in was refused', async () => {
    stand = await startJellyfinStandIn();
    const jf = createJellyfinConnector(
      serverConfig('jellyfin', stand.url),
      { username: 'alice', password: 'wrong-Secret-42' },
      deps(),
    );
    const error = await plainFailure(jf.test(), ['wrong-Secret-42']);
    expect(error.code).toBe('unauthorized');
  });

  it('says in a plain sentence, without the token, that a token was refused', async () => {
    stand = await startJellyfinStandIn();
    const token = 'ffffeeeeddddccccbbbbaaaa99998888';
    const jf = createJellyfinConnector(serverConfig('jellyfin', stand.url), { token }, deps());
    const error = await plainFailure(jf.test(), [token]);
    expect(error.code).toBe('unauthorized');
    const backfill = backfillOf(jf)(() => Promise.resolve(), new AbortController().signal);
    expect((await plainFailure(backfill, [token])).code).toBe('unauthorized');
  });

  it('says plainly when nothing answers at the address', async () => {
    stand = await startJellyfinStandIn();
    const url = stand.url;
    await stand.close();
    stand = null;
    const jf = createJellyfinConnector(
      serverConfig('jellyfin', url),
      { token: 'tok-123456789' },
      deps(),
    );
    const error = await plainFailure(jf.test(), ['tok-123456789']);
    expect(error.code).toBe('offline');
  });
});
