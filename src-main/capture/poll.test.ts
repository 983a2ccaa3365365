import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIBRARY_BASE_TIME, startJellyfinStandIn, type JellyfinStandIn } from '../../catalogue';
import { manualTimers } from '../base/testing/manual-timers';
import { jellyfinConnector } from './clients/jellyfin';
import { POLL_INTERVAL_MS } from './poll';
import { HOUR, MINUTE } from './testing/events';
import { captureHarness, type Harness } from './testing/harness';

const MATRIX = 102;
const ARRIVAL = 100;
/** Breaking Bad 1x3 in the stand-in's library, never played there. */
const BB_1X3 = 1002;

describe('capture: a Jellyfin server read every interval (no webhook plugin)', () => {
  let stand: JellyfinStandIn;
  let h: Harness;
  let timers: ReturnType<typeof manualTimers>;
  let serverId: string;
  /** The URLs the client asked for; `refuse` reads of what was played fail as if unreachable. */
  const asked: string[] = [];
  let refuse = 0;
  const readsOnly: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    asked.push(url);
    if (refuse > 0 && url.includes('sortBy=DatePlayed')) {
      refuse -= 1;
      return Promise.reject(new TypeError('fetch failed'));
    }
    return fetch(input, init);
  };

  beforeEach(async () => {
    asked.length = 0;
    refuse = 0;
    stand = await startJellyfinStandIn();
    timers = manualTimers();
    h = captureHarness({
      connectors: { jellyfin: jellyfinConnector },
      fetch: readsOnly,
      timers,
      now: LIBRARY_BASE_TIME + 6 * HOUR,
    });
    serverId = (
      await h.capture.addServer({
        kind: 'jellyfin',
        url: stand.url,
        auth: { kind: 'token', token: stand.apiKey },
      })
    ).id;
    const alice = stand.users.find((u) => u.name === 'alice');
    await h.capture.updateServer(serverId, { chosenAccounts: [alice?.id ?? ''] });
    await h.capture.idle();
  });
  afterEach(async () => {
    await h.close();
    await stand.close();
  });

  const plays = () => ({
    matrix: h.tracking.tracking.plays({ scope: 'movie', movieId: 603 }),
    arrival: h.tracking.tracking.plays({ scope: 'movie', movieId: 329865 }),
    bb: h.tracking.tracking.plays({ scope: 'series', seriesId: 1396 }),
  });
  const tick = async (): Promise<void> => {
    timers.tick(POLL_INTERVAL_MS);
    await h.capture.idle();
  };
  const reads = (): number => asked.filter((url) => url.includes('sortBy=DatePlayed')).length;

  it('counts only what was played after the first read, once, while the server is configured', async () => {
    // The first read (when alice was chosen) finds where her history ends and counts nothing.
    expect(reads()).toBe(1);
    expect(h.capture.captured(10, 0).total).toBe(0);
    expect(h.store.servers.pollCursor(serverId)).toBe(LIBRARY_BASE_TIME);

    // alice watches a film and an episode; bob watches too, but his plays do not count.
    stand.markPlayed('alice', MATRIX, LIBRARY_BASE_TIME + HOUR);
    stand.markPlayed('alice', BB_1X3, LIBRARY_BASE_TIME + 2 * HOUR);
    stand.markPlayed('bob', ARRIVAL, LIBRARY_BASE_TIME + 2 * HOUR);
    await tick();
    expect(plays().matrix).toEqual([
      expect.objectContaining({ watchedAt: LIBRARY_BASE_TIME + HOUR, source: 'jellyfin' }),
    ]);
    expect(plays().bb).toEqual([
      expect.objectContaining({ season: 1, episode: 3, watchedAt: LIBRARY_BASE_TIME + 2 * HOUR }),
    ]);
    expect(plays().arrival).toEqual([]);
    expect(h.store.servers.pollCursor(serverId)).toBe(LIBRARY_BASE_TIME + 2 * HOUR);

    // Read again with nothing new: nothing more.
    await tick();
    expect(reads()).toBe(3);
    expect(h.capture.captured(10, 0).total).toBe(2);

    // Removed: no more reads.
    await h.capture.removeServer(serverId);
    expect(timers.active()).toBe(0);
    await tick();
    expect(reads()).toBe(3);
  });

  it('a viewing its webhook announced too is one play, and so is one recorded that day by anyone', async () => {
    const alice = stand.users.find((u) => u.name === 'alice');
    const at = LIBRARY_BASE_TIME + HOUR;
    // The webhook said it first (its own time, a few seconds before the server's "last played").
    const hooked = await h.capture.receive({
      server: 'jellyfin',
      serverId,
      account: alice?.id ?? '',
      accountName: 'alice',
      kind: 'stop',
      itemKey: stand.idOf(MATRIX),
      media: 'movie',
      ids: { tmdb: '603' },
      title: 'The Matrix',
      year: 1999,
      season: null,
      episode: null,
      progress: 1,
      completed: true,
      at: at - 5_000,
    });
    expect(hooked.kind).toBe('added');
    stand.markPlayed('alice', MATRIX, at);
    // Another server (a Kodi in the bedroom) already recorded 1x3 that evening.
    h.tracking.tracking.mark(
      { scope: 'episode', seriesId: 1396, season: 1, episode: 3 },
      { when: { kind: 'at', at: at - 3 * HOUR }, source: 'kodi' },
    );
    stand.markPlayed('alice', BB_1X3, at + 30 * MINUTE);
    await tick();
    expect(plays().matrix).toHaveLength(1);
    expect(plays().bb).toEqual([expect.objectContaining({ source: 'kodi' })]);

    // Watched again the next day: a new play.
    h.t.clock.now += 24 * HOUR;
    stand.markPlayed('alice', MATRIX, at + 24 * HOUR);
    await tick();
    expect(plays().matrix.map((p) => p.watchedAt)).toEqual([at - 5_000, at + 24 * HOUR]);
  });

  it('a server that cannot be reached keeps its cursor, and its plays count once it answers', async () => {
    stand.markPlayed('alice', MATRIX, LIBRARY_BASE_TIME + HOUR);
    refuse = 1;
    await tick();
    expect(plays().matrix).toEqual([]);
    expect(h.store.servers.pollCursor(serverId)).toBe(LIBRARY_BASE_TIME);
    await tick();
    expect(plays().matrix).toHaveLength(1);
  });
});
