import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { HttpStandIn, type Reply, type StandInRequest } from './http-stand-in';
import {
  itemOf,
  standInLibrary,
  type LibraryOptions,
  type StandInEpisode,
  type StandInFilm,
  type StandInLibrary,
} from './library';
import { acceptWebSocket, type WsPeer } from './websocket';

/**
 * A stand-in for Kodi 20's JSON-RPC (v13): over a real WebSocket (Kodi's port 9090) and over
 * HTTP POST /jsonrpc, with the video library's films, episodes and series, and `play`, which sends
 * the notifications Kodi sends when a video ends: Player.OnPlay, Player.OnStop, then
 * VideoLibrary.OnUpdate with the new playcount. `lastplayed` is written in UTC here (Kodi writes
 * its computer's local time), so the data does not depend on the time zone of the tests.
 */

export interface KodiStandInOptions extends LibraryOptions {
  port?: number;
}

export interface KodiStandIn {
  /** The web server's address (`http://127.0.0.1:PORT`); the WebSocket answers on the same port. */
  readonly url: string;
  readonly port: number;
  readonly library: StandInLibrary;
  /** JSON-RPC methods called, in order. */
  readonly calls: readonly string[];
  /** Open WebSocket connections. */
  readonly clients: number;
  /** Resolves once `n` WebSocket clients have connected since the stand-in started. */
  waitForConnections(n: number): Promise<void>;
  /** Plays a library item to its end (`end: true`) or stops it early, at `at` (ms since the epoch). */
  play(type: 'movie' | 'episode', key: number, options: { end?: boolean; at: number }): void;
  /** Plays a file outside the library: OnStop carries a title and no id. */
  playFile(title: string): void;
  /** Kodi quits: every connection is cut and the port closed. */
  disappear(): Promise<void>;
  /** Kodi starts again on the same port. */
  restart(): Promise<void>;
  /** Disappears instead of answering the `n`-th call (from now) of `method`. */
  disappearAt(method: string, n: number): void;
  close(): Promise<void>;
}

/** `YYYY-MM-DD HH:MM:SS` as Kodi writes `lastplayed` (here in UTC). */
export function kodiTime(ms: number | null): string {
  if (ms === null) return '';
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

type RpcResult = { result: unknown } | { error: { code: number; message: string } };

const invalid = (message: string): RpcResult => ({ error: { code: -32602, message } });

export async function startKodiStandIn(options: KodiStandInOptions = {}): Promise<KodiStandIn> {
  const library = standInLibrary(options);
  const calls: string[] = [];
  const peers = new Set<WsPeer>();
  let connections = 0;
  const waiting: { n: number; resolve: () => void }[] = [];
  let vanish: { method: string; remaining: number } | null = null;

  const uniqueOf = (x: { tmdb: string; imdb?: string | null; tvdb?: string }) => ({
    tmdb: x.tmdb,
    ...(x.imdb ? { imdb: x.imdb } : {}),
    ...(x.tvdb ? { tvdb: x.tvdb } : {}),
  });
  const movieJson = (f: StandInFilm) => ({
    movieid: f.key,
    label: f.title,
    title: f.title,
    year: f.year,
    uniqueid: uniqueOf(f),
    playcount: f.playCount,
    lastplayed: kodiTime(f.lastPlayedAt),
  });
  const episodeJson = (e: StandInEpisode) => {
    const s = library.series.find((x) => x.key === e.seriesKey);
    return {
      episodeid: e.key,
      label: `${e.season}x${String(e.episode).padStart(2, '0')}. ${e.title}`,
      title: e.title,
      tvshowid: e.seriesKey,
      showtitle: s?.title ?? '',
      season: e.season,
      episode: e.episode,
      uniqueid: uniqueOf(e),
      playcount: e.playCount,
      lastplayed: kodiTime(e.lastPlayedAt),
    };
  };

  function listed<T extends { playCount: number }>(
    items: readonly T[],
    params: Record<string, unknown>,
  ) {
    const filter = params.filter as
      { field?: unknown; operator?: unknown; value?: unknown } | undefined;
    const pool =
      filter?.field === 'playcount' && filter.operator === 'greaterthan'
        ? items.filter((it) => it.playCount > Number(filter.value))
        : items;
    const limits = (params.limits ?? {}) as { start?: unknown; end?: unknown };
    const start = typeof limits.start === 'number' ? limits.start : 0;
    const end =
      typeof limits.end === 'number' && limits.end >= 0
        ? Math.min(limits.end, pool.length)
        : pool.length;
    return {
      page: pool.slice(start, Math.max(start, end)),
      limits: { start, end: Math.max(start, end), total: pool.length },
    };
  }

  function dispatch(method: string, params: Record<string, unknown>): RpcResult {
    switch (method) {
      case 'JSONRPC.Ping':
        return { result: 'pong' };
      case 'JSONRPC.Version':
        return { result: { version: { major: 13, minor: 0, patch: 0 } } };
      case 'Application.GetProperties':
        return {
          result: { name: 'Kodi', version: { major: 20, minor: 1, revision: '', tag: 'stable' } },
        };
      case 'VideoLibrary.GetMovies': {
        const { page, limits } = listed(library.films, params);
        return { result: { movies: page.map(movieJson), limits } };
      }
      case 'VideoLibrary.GetEpisodes': {
        const { page, limits } = listed(library.episodes, params);
        return { result: { episodes: page.map(episodeJson), limits } };
      }
      case 'VideoLibrary.GetMovieDetails': {
        const f = library.films.find((x) => x.key === params.movieid);
        return f ? { result: { moviedetails: movieJson(f) } } : invalid('Invalid params.');
      }
      case 'VideoLibrary.GetEpisodeDetails': {
        const e = library.episodes.find((x) => x.key === params.episodeid);
        return e ? { result: { episodedetails: episodeJson(e) } } : invalid('Invalid params.');
      }
      case 'VideoLibrary.GetTVShowDetails': {
        const s = library.series.find((x) => x.key === params.tvshowid);
        if (!s) return invalid('Invalid params.');
        return {
          result: {
            tvshowdetails: {
              tvshowid: s.key,
              label: s.title,
              title: s.title,
              year: s.year,
              uniqueid: uniqueOf(s),
            },
          },
        };
      }
      default:
        return { error: { code: -32601, message: 'Method not found.' } };
    }
  }

  /** One JSON-RPC request's answer, or null when the stand-in vanishes instead of answering. */
  function answer(text: string): string | null {
    let request: { id?: unknown; method?: unknown; params?: unknown };
    try {
      request = JSON.parse(text) as typeof request;
    } catch {
      return JSON.stringify({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: 'Parse error.' },
      });
    }
    const method = typeof request.method === 'string' ? request.method : '';
    calls.push(method);
    if (vanish && vanish.method === method && --vanish.remaining <= 0) {
      vanish = null;
      void stand.disappear();
      return null;
    }
    const params =
      typeof request.params === 'object' && request.params !== null
        ? (request.params as Record<string, unknown>)
        : {};
    return JSON.stringify({ jsonrpc: '2.0', id: request.id ?? null, ...dispatch(method, params) });
  }

  function route(req: StandInRequest): Reply {
    if (req.method !== 'POST' || req.url.pathname !== '/jsonrpc')
      return { status: 404, text: 'Not found' };
    const reply = answer(req.body);
    return reply === null
      ? { status: 503, text: '' }
      : { status: 200, text: reply, contentType: 'application/json' };
  }

  function upgrade(req: IncomingMessage, socket: Socket): void {
    const peer = acceptWebSocket(req, socket);
    if (!peer) return;
    peers.add(peer);
    connections += 1;
    for (const w of waiting.splice(0)) {
      if (connections >= w.n) w.resolve();
      else waiting.push(w);
    }
    peer.onClose(() => peers.delete(peer));
    peer.onText((text) => {
      const reply = answer(text);
      if (reply !== null) peer.send(reply);
    });
  }

  const notify = (method: string, data: unknown): void => {
    const text = JSON.stringify({ jsonrpc: '2.0', method, params: { data, sender: 'xbmc' } });
    for (const peer of peers) peer.send(text);
  };

  const http = new HttpStandIn(route, upgrade);
  await http.listen(options.port ?? 0);
  const port = http.port;

  const stand: KodiStandIn = {
    url: http.url,
    port,
    library,
    calls,
    get clients() {
      return peers.size;
    },
    waitForConnections(n) {
      if (connections >= n) return Promise.resolve();
      return new Promise((resolve) => waiting.push({ n, resolve }));
    },
    play(type, key, { end = true, at }) {
      const it = itemOf(library, key);
      if (!it) throw new Error(`no item ${key}`);
      const item = { id: key, type };
      notify('Player.OnPlay', { item, player: { playerid: 1, speed: 1 } });
      notify('Player.OnStop', { end, item });
      if (!end) return;
      it.playCount += 1;
      it.lastPlayedAt = at;
      notify('VideoLibrary.OnUpdate', { item, playcount: it.playCount });
    },
    playFile(title) {
      notify('Player.OnStop', { end: true, item: { title, type: 'movie' } });
    },
    async disappear() {
      for (const peer of peers) peer.destroy();
      peers.clear();
      await http.disappear();
    },
    restart: () => http.listen(port),
    disappearAt(method, n) {
      vanish = { method, remaining: n };
    },
    close: () => stand.disappear(),
  };
  return stand;
}
