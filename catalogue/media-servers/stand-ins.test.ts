import { describe, expect, it } from 'vitest';
import { WebSocket } from 'undici';
import { LIBRARY_BASE_TIME, standInLibrary } from './library';
import { kodiTime, startKodiStandIn } from './kodi';
import { startJellyfinStandIn } from './jellyfin';
import { startPlexStandIn } from './plex';

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.addEventListener('open', () => {
      resolve(socket);
    });
    socket.addEventListener('error', () => {
      reject(new Error('could not connect'));
    });
  });
}

function nextMessage(socket: WebSocket): Promise<unknown> {
  return new Promise((resolve) => {
    socket.addEventListener(
      'message',
      (event) => {
        resolve(JSON.parse(String(event.data)));
      },
      { once: true },
    );
  });
}

describe('media-server stand-ins', () => {
  it('build the same library from the same options', () => {
    expect(standInLibrary({ episodes: 30 })).toEqual(standInLibrary({ episodes: 30 }));
    const lib = standInLibrary({ episodes: 20_000 });
    expect(lib.episodes).toHaveLength(20_000);
    expect(new Set(lib.episodes.map((e) => `${e.seriesKey}/${e.season}/${e.episode}`)).size).toBe(
      20_000,
    );
    expect(lib.films[0]?.lastPlayedAt).toBe(LIBRARY_BASE_TIME);
  });

  it('write Kodi times the way Kodi does', () => {
    expect(kodiTime(Date.UTC(2026, 7, 1, 20, 14, 3))).toBe('2026-08-01 20:14:03');
    expect(kodiTime(null)).toBe('');
  });

  it('answer Kodi JSON-RPC over a WebSocket, large answers included', async () => {
    const kodi = await startKodiStandIn({ episodes: 500 });
    try {
      const socket = await open(`ws://127.0.0.1:${kodi.port}/jsonrpc`);
      const pong = nextMessage(socket);
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'JSONRPC.Ping' }));
      expect(await pong).toEqual({ jsonrpc: '2.0', id: 1, result: 'pong' });
      const big = nextMessage(socket);
      socket.send(
        JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'VideoLibrary.GetEpisodes', params: {} }),
      );
      const reply = (await big) as { result: { episodes: unknown[]; limits: { total: number } } };
      expect(reply.result.episodes).toHaveLength(500);
      const unknown = nextMessage(socket);
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'Nope.Nothing' }));
      expect(await unknown).toMatchObject({ id: 3, error: { code: -32601 } });
      socket.close();
    } finally {
      await kodi.close();
    }
  });

  it('answer Kodi JSON-RPC over HTTP too', async () => {
    const kodi = await startKodiStandIn();
    try {
      const res = await fetch(`${kodi.url}/jsonrpc`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'JSONRPC.Ping' }),
      });
      expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 7, result: 'pong' });
    } finally {
      await kodi.close();
    }
  });

  it('refuse requests without their credentials', async () => {
    const jellyfin = await startJellyfinStandIn();
    const plex = await startPlexStandIn();
    try {
      expect((await fetch(`${jellyfin.url}/Users`)).status).toBe(401);
      expect(
        (await fetch(`${plex.url}/identity`, { headers: { Accept: 'application/json' } })).status,
      ).toBe(401);
      const signIn = await fetch(`${jellyfin.url}/Users/AuthenticateByName`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ Username: 'alice', Pw: 'alice-password' }),
      });
      // Jellyfin wants its MediaBrowser header with a client and a device id.
      expect(signIn.status).toBe(400);
    } finally {
      await jellyfin.close();
      await plex.close();
    }
  });
});
