import type {
  BackfillItem,
  CaptureEvent,
  CaptureSink,
  Connector,
  ConnectorDeps,
  ConnectorFactory,
  ServerConfig,
} from '../types';
import { followLoop, stoppableBackfill, whenAborted } from './follow';
import { failure } from './http';
import { KodiRpc, loadUndiciSocket, type OpenSocket } from './kodi-rpc';
import {
  EPISODE_PROPERTIES,
  MOVIE_PROPERTIES,
  ShowCache,
  episodeFacts,
  episodesPage,
  lookUp,
  movieFacts,
  moviesPage,
  parseLastPlayed,
  systemLocalTime,
  unreadable,
  type KodiItemFacts,
  type LocalTime,
} from './kodi-library';

export interface KodiOptions {
  /** Kodi's JSON-RPC WebSocket port ("Allow remote control from applications"); 9090 by default. */
  wsPort?: number;
  pageSize?: number;
  timeoutMs?: number;
  openSocket?: OpenSocket;
  /** Kodi's `lastplayed` is local time: how to read it (the computer's time zone by default). */
  localTime?: LocalTime;
  /** Longest wait between attempts to reconnect. */
  maxBackoffMs?: number;
}

/** Kodi has no accounts: one profile's plays, under one name. */
const ACCOUNT = { id: 'kodi', name: 'Kodi' };

/** The WebSocket address from Kodi's web server address: same host, port 9090, `/jsonrpc`. */
export function kodiSocketUrl(webUrl: string, wsPort: number): string {
  const url = new URL(webUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.port = String(wsPort);
  url.pathname = '/jsonrpc';
  url.search = '';
  url.username = '';
  url.password = '';
  return url.toString();
}

/** Kodi's JSON-RPC over WebSocket: the notifications of plays, and the played library. */
export function createKodiConnector(
  server: ServerConfig,
  deps: ConnectorDeps,
  options: KodiOptions = {},
): Connector {
  if (!server.url)
    throw failure('invalid_input', 'Kodi needs its address, such as http://127.0.0.1:8080.');
  let url: string;
  try {
    url = kodiSocketUrl(server.url, options.wsPort ?? 9090);
  } catch {
    throw failure('invalid_input', 'Kodi’s address is not one Marquee can read.');
  }
  const where = new URL(url).host;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const pageSize = options.pageSize ?? 200;
  const localTime = options.localTime ?? systemLocalTime;
  const maxBackoff = options.maxBackoffMs ?? 60_000;
  const open = async (onNotification?: (method: string, params: unknown) => void) =>
    KodiRpc.open(url, where, {
      openSocket: options.openSocket ?? (await loadUndiciSocket()),
      timeoutMs,
      onNotification,
    });

  async function withConnection<T>(use: (rpc: KodiRpc) => Promise<T>): Promise<T> {
    const rpc = await open();
    try {
      return await use(rpc);
    } finally {
      rpc.close();
    }
  }

  function eventOf(
    facts: KodiItemFacts,
    kind: CaptureEvent['kind'],
    completed: boolean,
  ): CaptureEvent {
    return {
      server: server.kind,
      serverId: server.id,
      account: ACCOUNT.id,
      accountName: ACCOUNT.name,
      kind,
      itemKey: facts.itemKey,
      media: facts.media,
      ids: facts.ids,
      ...(facts.seriesIds ? { seriesIds: facts.seriesIds } : {}),
      title: facts.title,
      year: facts.year,
      season: facts.season,
      episode: facts.episode,
      progress: null,
      completed,
      at: deps.clock(),
    };
  }

  /** `Player.OnStop` (end: true, played to the end) and `VideoLibrary.OnUpdate` with a playcount. */
  async function handle(
    rpc: KodiRpc,
    method: string,
    params: unknown,
    sink: CaptureSink,
    shows: ShowCache,
  ): Promise<void> {
    const data = (params as { data?: unknown } | null)?.data as
      { item?: { id?: unknown; type?: unknown }; end?: unknown; playcount?: unknown } | undefined;
    const id = data?.item?.id;
    const type = data?.item?.type;
    if (typeof id !== 'number' || typeof type !== 'string') return;
    let kind: CaptureEvent['kind'];
    let completed: boolean;
    if (method === 'Player.OnStop') {
      kind = 'stop';
      completed = data?.end === true;
    } else if (
      method === 'VideoLibrary.OnUpdate' &&
      typeof data?.playcount === 'number' &&
      data.playcount > 0
    ) {
      kind = 'played';
      completed = true;
    } else return;
    const facts = await lookUp(rpc, type, id, shows);
    if (facts) await sink.receive(eventOf(facts, kind, completed));
  }

  async function follow(sink: CaptureSink, signal: AbortSignal): Promise<void> {
    const stopped = whenAborted(signal);
    const shows = new ShowCache();
    let attempt = 0;
    const aborted = (): boolean => signal.aborted;
    while (!aborted()) {
      if (attempt > 0) {
        await Promise.race([deps.sleep(Math.min(1000 * 2 ** (attempt - 1), maxBackoff)), stopped]);
        if (aborted()) return;
      }
      let queue = Promise.resolve();
      let live: KodiRpc | null = null;
      try {
        live = await open((method, params) => {
          // One at a time, in Kodi's order: OnStop is settled before the OnUpdate that follows it.
          queue = queue
            .then(() => (live ? handle(live, method, params, sink, shows) : undefined))
            .catch(() => undefined);
        });
      } catch {
        attempt += 1;
        continue;
      }
      await Promise.race([live.closed, stopped]);
      live.close();
      await queue;
      // Kodi restarted or went away: try again after a pause that grows while it stays away.
      attempt = 1;
    }
  }

  async function backfill(
    onPage: (items: BackfillItem[]) => Promise<void>,
    signal: AbortSignal,
  ): Promise<void> {
    await withConnection(async (rpc) => {
      const abort = (): void => {
        rpc.close();
      };
      signal.addEventListener('abort', abort, { once: true });
      try {
        const shows = new ShowCache();
        const filter = { field: 'playcount', operator: 'greaterthan', value: '0' };
        const toItem = (f: KodiItemFacts): BackfillItem => ({
          server: server.kind,
          serverId: server.id,
          account: ACCOUNT.id,
          itemKey: f.itemKey,
          media: f.media,
          ids: f.ids,
          ...(f.seriesIds ? { seriesIds: f.seriesIds } : {}),
          title: f.title,
          year: f.year,
          season: f.season,
          episode: f.episode,
          playCount: Math.max(1, f.playCount),
          lastPlayedAt: parseLastPlayed(f.lastPlayed, localTime),
        });
        for (let start = 0; !signal.aborted; start += pageSize) {
          const limits = { start, end: start + pageSize };
          const raw = await rpc.call('VideoLibrary.GetMovies', {
            properties: MOVIE_PROPERTIES,
            filter,
            limits,
          });
          const page = moviesPage.safeParse(raw);
          if (!page.success) throw unreadable('its films');
          const movies = page.data.movies ?? [];
          if (movies.length > 0) await onPage(movies.map((m) => toItem(movieFacts(m))));
          if (
            movies.length < pageSize ||
            start + movies.length >= (page.data.limits?.total ?? Infinity)
          )
            break;
        }
        for (let start = 0; !signal.aborted; start += pageSize) {
          const limits = { start, end: start + pageSize };
          const raw = await rpc.call('VideoLibrary.GetEpisodes', {
            properties: EPISODE_PROPERTIES,
            filter,
            limits,
          });
          const page = episodesPage.safeParse(raw);
          if (!page.success) throw unreadable('its episodes');
          const episodes = page.data.episodes ?? [];
          const items: BackfillItem[] = [];
          for (const e of episodes) items.push(toItem(await episodeFacts(rpc, e, shows)));
          if (items.length > 0) await onPage(items);
          if (
            episodes.length < pageSize ||
            start + episodes.length >= (page.data.limits?.total ?? Infinity)
          )
            break;
        }
      } finally {
        signal.removeEventListener('abort', abort);
      }
    });
  }

  return {
    async test() {
      return withConnection(async (rpc) => {
        if ((await rpc.call('JSONRPC.Ping')) !== 'pong') {
          throw failure('schema_mismatch', `The program at ${where} does not answer like Kodi.`);
        }
        await rpc.call('Application.GetProperties', { properties: ['name', 'version'] });
        return [ACCOUNT];
      });
    },
    ...followLoop(follow),
    backfill: stoppableBackfill(backfill),
  };
}

export const kodiConnector: ConnectorFactory = (server, _secrets, deps) =>
  createKodiConnector(server, deps);
