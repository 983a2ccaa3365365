import { afterEach, describe, expect, it } from 'vitest';
import { startKodiStandIn, type KodiStandIn } from '../../../catalogue';
import { createKodiConnector, kodiSocketUrl, type KodiOptions } from './kodi';
import type { BackfillItem, Connector, ConnectorDeps } from '../types';
import {
  CollectingSink,
  FIXED_NOW,
  GatedSleep,
  backfillOf,
  deps,
  serverConfig,
  startOf,
} from './testing/harness';
import { plainFailure } from './testing/errors';

let stand: KodiStandIn | null = null;
let following: Connector | null = null;
afterEach(async () => {
  await following?.stop?.();
  following = null;
  await stand?.close();
  stand = null;
});

/** Kodi's `lastplayed` read as UTC, as the stand-in writes it. */
const utc: KodiOptions['localTime'] = (y, mo, d, h, mi, s) => Date.UTC(y, mo - 1, d, h, mi, s);

function kodi(
  s: KodiStandIn,
  options: KodiOptions = {},
  over: Partial<ConnectorDeps> = {},
): Connector {
  return createKodiConnector(serverConfig('kodi', s.url), deps(over), {
    wsPort: s.port,
    localTime: utc,
    ...options,
  });
}

async function backfillAll(
  connector: Connector,
  signal = new AbortController().signal,
): Promise<BackfillItem[][]> {
  const pages: BackfillItem[][] = [];
  await backfillOf(connector)((items) => {
    pages.push(items);
    return Promise.resolve();
  }, signal);
  return pages;
}

describe('Kodi client', () => {
  it('answers a test with its one account', async () => {
    stand = await startKodiStandIn();
    expect(await kodi(stand).test()).toEqual([{ id: 'kodi', name: 'Kodi' }]);
    expect(stand.calls).toEqual(['JSONRPC.Ping', 'Application.GetProperties']);
  });

  it('finds the WebSocket beside the web server address', () => {
    expect(kodiSocketUrl('http://192.168.1.20:8080', 9090)).toBe('ws://192.168.1.20:9090/jsonrpc');
    expect(kodiSocketUrl('https://kodi.local/', 9443)).toBe('wss://kodi.local:9443/jsonrpc');
  });

  it('turns Player.OnStop and VideoLibrary.OnUpdate over a real WebSocket into events', async () => {
    stand = await startKodiStandIn();
    const sink = new CollectingSink();
    following = kodi(stand);
    startOf(following)(sink);
    await stand.waitForConnections(1);
    stand.play('episode', 1001, { at: FIXED_NOW });
    await sink.received(2);
    const episode = {
      server: 'kodi',
      serverId: 'kodi-1',
      account: 'kodi',
      accountName: 'Kodi',
      itemKey: 'episode:1001',
      media: 'episode',
      ids: { tmdb: '1000001', imdb: 'tt9000001', tvdb: '2000001' },
      seriesIds: { tmdb: '1396', imdb: 'tt0903747', tvdb: '81189' },
      title: 'Breaking Bad',
      year: 2008,
      season: 1,
      episode: 2,
      progress: null,
      at: FIXED_NOW,
    };
    expect(sink.events).toEqual([
      { ...episode, kind: 'stop', completed: true },
      { ...episode, kind: 'played', completed: true },
    ]);
    // The series was read once, for both events.
    expect(stand.calls.filter((c) => c === 'VideoLibrary.GetTVShowDetails')).toHaveLength(1);
  });

  it('reports a film stopped early as not completed, and ignores files outside the library', async () => {
    stand = await startKodiStandIn();
    const sink = new CollectingSink();
    following = kodi(stand);
    startOf(following)(sink);
    await stand.waitForConnections(1);
    stand.playFile('holiday.mkv');
    stand.play('movie', 102, { end: false, at: FIXED_NOW });
    stand.play('movie', 100, { at: FIXED_NOW });
    await sink.received(3);
    expect(sink.events.map((e) => [e.kind, e.itemKey, e.completed, e.title, e.year])).toEqual([
      ['stop', 'movie:102', false, 'The Matrix', 1999],
      ['stop', 'movie:100', true, 'Arrival', 2016],
      ['played', 'movie:100', true, 'Arrival', 2016],
    ]);
    expect(sink.events[1]?.ids).toEqual({ tmdb: '329865', imdb: 'tt2543164' });
  });

  it('reconnects after Kodi restarts, waiting longer after each failed attempt', async () => {
    stand = await startKodiStandIn();
    const gate = new GatedSleep();
    const sink = new CollectingSink();
    following = kodi(stand, {}, { sleep: gate.sleep });
    startOf(following)(sink);
    await stand.waitForConnections(1);
    await stand.disappear();
    await gate.begun(1);
    gate.release();
    await gate.begun(2);
    gate.release();
    await gate.begun(3);
    await stand.restart();
    gate.release();
    await stand.waitForConnections(2);
    stand.play('movie', 101, { at: FIXED_NOW });
    await sink.received(2);
    expect(sink.events.map((e) => [e.kind, e.title])).toEqual([
      ['stop', 'Paddington 2'],
      ['played', 'Paddington 2'],
    ]);
    expect(gate.calls).toEqual([1_000, 2_000, 4_000]);
  });

  it('reads the played library a page at a time, with each series read once', async () => {
    stand = await startKodiStandIn({ episodes: 50 });
    const pages = await backfillAll(kodi(stand, { pageSize: 6 }));
    const items = pages.flat();
    const playedEpisodes = stand.library.episodes.filter((e) => e.playCount > 0).length;
    expect(items).toHaveLength(3 + playedEpisodes);
    expect(pages.every((p) => p.length <= 6)).toBe(true);
    expect(pages).toHaveLength(1 + Math.ceil(playedEpisodes / 6));
    expect(new Set(items.map((i) => i.itemKey)).size).toBe(items.length);
    expect(items[0]).toEqual({
      server: 'kodi',
      serverId: 'kodi-1',
      account: 'kodi',
      itemKey: 'movie:100',
      media: 'movie',
      ids: { tmdb: '329865', imdb: 'tt2543164' },
      title: 'Arrival',
      year: 2016,
      season: null,
      episode: null,
      playCount: 2,
      lastPlayedAt: Date.UTC(2026, 7, 1, 20, 14, 3),
    });
    const severance = items.find((i) => i.title === 'Severance');
    expect(severance?.seriesIds).toEqual({ tmdb: '95396', tvdb: '371980', imdb: 'tt11280740' });
    expect(stand.calls.filter((c) => c === 'VideoLibrary.GetTVShowDetails')).toHaveLength(3);
  });

  it('fails with a plain sentence when Kodi disappears in the middle of a backfill', async () => {
    stand = await startKodiStandIn({ episodes: 40 });
    stand.disappearAt('VideoLibrary.GetEpisodes', 2);
    const pages: BackfillItem[][] = [];
    const error = await plainFailure(
      backfillOf(kodi(stand, { pageSize: 5 }))((items) => {
        pages.push(items);
        return Promise.resolve();
      }, new AbortController().signal),
      [],
    );
    expect(error.code).toBe('offline');
    expect(error.message).toContain('Kodi at 127.0.0.1:');
    expect(pages.length).toBeGreaterThan(0);
  });

  it('says plainly when Kodi is not there', async () => {
    stand = await startKodiStandIn();
    const port = stand.port;
    const url = stand.url;
    await stand.close();
    stand = null;
    const connector = createKodiConnector(serverConfig('kodi', url), deps(), { wsPort: port });
    const error = await plainFailure(connector.test(), []);
    expect(error.code).toBe('offline');
    expect(error.message).toContain(`Kodi at 127.0.0.1:${port} could not be reached`);
  });
});
