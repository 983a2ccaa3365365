import { afterEach, describe, expect, it } from 'vitest';
import { LIBRARY_BASE_TIME, startJellyfinStandIn, type JellyfinStandIn } from '../../../catalogue';
import { createJellyfinConnector, type JellyfinOptions } from './jellyfin';
import { deps, recordingFetch, serverConfig } from './testing/harness';

const HOUR = 3_600_000;
let stand: JellyfinStandIn | null = null;
afterEach(async () => {
  await stand?.close();
  stand = null;
});

async function connect(options: JellyfinOptions = {}) {
  stand = await startJellyfinStandIn({ episodes: 30 });
  const recorder = recordingFetch();
  const ids = stand.users.map((u) => u.id);
  const jf = createJellyfinConnector(
    serverConfig('jellyfin', stand.url, { chosenAccounts: ids }),
    { token: stand.apiKey },
    deps({ fetch: recorder.fetch }),
    options,
  );
  const playedSince = jf.playedSince?.bind(jf);
  if (!playedSince) throw new Error('the Jellyfin client reads what was played lately');
  return { stand, urls: recorder.urls, playedSince };
}

describe('Jellyfin client: what was played lately', () => {
  it('with no cursor, gives each chosen account’s last played item only', async () => {
    const { stand, playedSince, urls } = await connect();
    const items = await playedSince(null, new AbortController().signal);
    expect(items.map((i) => [i.account, i.title, i.lastPlayedAt])).toEqual([
      [stand.users[0]?.id, 'Arrival', LIBRARY_BASE_TIME],
      [stand.users[1]?.id, 'Arrival', LIBRARY_BASE_TIME],
    ]);
    expect(urls.every((u) => !u.includes('/Items?') || u.includes('sortOrder=Descending'))).toBe(
      true,
    );
  });

  it('gives the items played after the cursor, newest first, with their series', async () => {
    const { stand, playedSince } = await connect();
    stand.markPlayed('alice', 1002, LIBRARY_BASE_TIME + 2 * HOUR);
    stand.markPlayed('bob', 102, LIBRARY_BASE_TIME + HOUR);
    const items = await playedSince(LIBRARY_BASE_TIME, new AbortController().signal);
    expect(items.map((i) => [i.title, i.season, i.episode, i.lastPlayedAt])).toEqual([
      ['Breaking Bad', 1, 3, LIBRARY_BASE_TIME + 2 * HOUR],
      ['The Matrix', null, null, LIBRARY_BASE_TIME + HOUR],
    ]);
    expect(items[0]?.seriesIds).toEqual({ tmdb: '1396', tvdb: '81189', imdb: 'tt0903747' });
  });

  it('reads pages until the cursor, and no more than its bound', async () => {
    const { stand, playedSince, urls } = await connect({ pageSize: 2, maxPolled: 4 });
    for (const [i, key] of [1002, 1005, 1008, 1011, 1014, 1017].entries())
      stand.markPlayed('alice', key, LIBRARY_BASE_TIME + (i + 1) * HOUR);
    const alice = stand.users[0]?.id ?? '';
    const items = await playedSince(LIBRARY_BASE_TIME + 3 * HOUR, new AbortController().signal);
    expect(items.filter((i) => i.account === alice).map((i) => i.itemKey)).toEqual(
      [1017, 1014, 1011].map((k) => stand.idOf(k)),
    );
    const bounded = await playedSince(0, new AbortController().signal);
    expect(bounded.filter((i) => i.account === alice)).toHaveLength(4);
    expect(urls.filter((u) => u.includes('sortBy=DatePlayed')).length).toBeGreaterThan(0);
  });
});
