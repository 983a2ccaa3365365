import { HttpStandIn, intParam, pageOf, type Reply, type StandInRequest } from './http-stand-in';
import {
  isFilm,
  itemOf,
  standInLibrary,
  type LibraryOptions,
  type StandInEpisode,
  type StandInFilm,
  type StandInLibrary,
} from './library';

/**
 * A stand-in for Plex Media Server's local API (port 32400): identity, accounts, libraries with
 * their played state, and what is playing now, in Plex's JSON shapes. Plays are driven by the
 * test: `play` opens a session, `progress` moves it, `end` closes it.
 */

export interface PlexStandInOptions extends LibraryOptions {
  port?: number;
  token?: string;
}

export interface PlexAccount {
  /** The local server's id (the owner is 1), as `/accounts` and `/status/sessions` give it. */
  id: number;
  name: string;
  /** The plex.tv account id, as Plex's webhooks give it (the local server does not tell it). */
  plexTvId: number;
}

export interface PlexStandIn {
  readonly url: string;
  readonly token: string;
  readonly accounts: readonly PlexAccount[];
  readonly library: StandInLibrary;
  readonly requests: readonly string[];
  /** Starts playing an item for an account; returns the session key. */
  play(ratingKey: number, accountId: number, viewOffset?: number): string;
  progress(sessionKey: string, viewOffset: number): void;
  /** The same session goes on to another item (autoplay of the next episode). */
  playNext(sessionKey: string, ratingKey: number, viewOffset?: number): void;
  /** The session ends; past 90% the item's view count goes up, as Plex does. */
  end(sessionKey: string, at: number): void;
  disappear(): Promise<void>;
  disappearAt(pathPrefix: string, n: number): void;
  close(): Promise<void>;
}

// The local server's own accounts: 0 is the system account every server lists.
const ACCOUNTS: readonly PlexAccount[] = [
  { id: 0, name: '', plexTvId: 0 },
  { id: 1, name: 'Anna', plexTvId: 19084402 },
  { id: 2, name: 'Ben', plexTvId: 25600001 },
];

interface Session {
  key: string;
  ratingKey: number;
  account: PlexAccount;
  viewOffset: number;
}

export async function startPlexStandIn(options: PlexStandInOptions = {}): Promise<PlexStandIn> {
  const library = standInLibrary(options);
  const token = options.token ?? 'pLeXsTaNdInToKeN0001';
  const sessions = new Map<string, Session>();
  let nextSession = 1;

  function metadata(it: StandInFilm | StandInEpisode, withGuids: boolean): Record<string, unknown> {
    const viewed =
      it.playCount > 0
        ? { viewCount: it.playCount, lastViewedAt: Math.floor((it.lastPlayedAt ?? 0) / 1000) }
        : {};
    if (isFilm(it)) {
      const guids = [{ id: `imdb://${it.imdb}` }, { id: `tmdb://${it.tmdb}` }];
      return {
        ratingKey: String(it.key),
        key: `/library/metadata/${it.key}`,
        type: 'movie',
        title: it.title,
        year: it.year,
        duration: it.durationMs,
        guid: it.legacyAgent
          ? `com.plexapp.agents.imdb://${it.imdb}?lang=en`
          : `plex://movie/5d7768${it.key}`,
        ...(withGuids && !it.legacyAgent ? { Guid: guids } : {}),
        ...viewed,
      };
    }
    const s = library.series.find((x) => x.key === it.seriesKey);
    const guids = [
      ...(it.imdb ? [{ id: `imdb://${it.imdb}` }] : []),
      { id: `tmdb://${it.tmdb}` },
      { id: `tvdb://${it.tvdb}` },
    ];
    return {
      ratingKey: String(it.key),
      key: `/library/metadata/${it.key}`,
      type: 'episode',
      title: it.title,
      grandparentTitle: s?.title,
      grandparentRatingKey: String(it.seriesKey),
      parentIndex: it.season,
      index: it.episode,
      duration: it.durationMs,
      guid: `plex://episode/5d9c${it.key}`,
      ...(withGuids ? { Guid: guids } : {}),
      ...viewed,
    };
  }

  function sectionItems(req: StandInRequest, section: string): Reply {
    const q = req.url.searchParams;
    const type = q.get('type');
    const pool: readonly (StandInFilm | StandInEpisode)[] | null =
      section === '1' && (type === null || type === '1')
        ? library.films
        : section === '2' && type === '4'
          ? library.episodes
          : null;
    if (pool === null) return { status: 400, text: 'Bad Request' };
    const start = intParam(
      req.headers['x-plex-container-start'] ?? q.get('X-Plex-Container-Start'),
      0,
    );
    const size = intParam(
      req.headers['x-plex-container-size'] ?? q.get('X-Plex-Container-Size'),
      pool.length,
    );
    const page = pageOf(pool, start, size);
    const withGuids = q.get('includeGuids') === '1';
    return {
      status: 200,
      json: {
        MediaContainer: {
          size: page.length,
          totalSize: pool.length,
          offset: start,
          Metadata: page.map((it) => metadata(it, withGuids)),
        },
      },
    };
  }

  function route(req: StandInRequest): Reply {
    if (req.headers['x-plex-token'] !== token)
      return {
        status: 401,
        text: '<html><body>401 Unauthorized</body></html>',
        contentType: 'text/html',
      };
    if (!(req.headers.accept ?? '').includes('application/json')) {
      return {
        status: 200,
        text: '<?xml version="1.0"?><MediaContainer size="0"/>',
        contentType: 'text/xml',
      };
    }
    const path = req.url.pathname;
    if (path === '/identity' || path === '/') {
      return {
        status: 200,
        json: {
          MediaContainer: {
            size: 0,
            claimed: true,
            machineIdentifier: '27e0c0ffee',
            version: '1.41.0.8992',
          },
        },
      };
    }
    if (path === '/accounts') {
      return {
        status: 200,
        json: {
          MediaContainer: {
            size: ACCOUNTS.length,
            Account: ACCOUNTS.map((a) => ({ id: a.id, key: `/accounts/${a.id}`, name: a.name })),
          },
        },
      };
    }
    if (path === '/library/sections') {
      return {
        status: 200,
        json: {
          MediaContainer: {
            size: 2,
            Directory: [
              { key: '1', type: 'movie', title: 'Films', agent: 'tv.plex.agents.movie' },
              { key: '2', type: 'show', title: 'TV Shows', agent: 'tv.plex.agents.series' },
            ],
          },
        },
      };
    }
    const section = /^\/library\/sections\/(\d+)\/all$/.exec(path)?.[1];
    if (section) return sectionItems(req, section);
    if (path === '/status/sessions') {
      const playing = [...sessions.values()].flatMap((s) => {
        const it = itemOf(library, s.ratingKey);
        if (!it) return [];
        return [
          {
            ...metadata(it, true),
            sessionKey: s.key,
            viewOffset: s.viewOffset,
            User: { id: String(s.account.id), title: s.account.name },
            Player: { title: 'SHIELD Android TV', state: 'playing', local: true },
            Session: { id: `session-${s.key}`, location: 'lan' },
          },
        ];
      });
      return { status: 200, json: { MediaContainer: { size: playing.length, Metadata: playing } } };
    }
    return { status: 404, text: 'Not Found' };
  }

  const http = new HttpStandIn(route);
  await http.listen(options.port ?? 0);
  return {
    get url() {
      return http.url;
    },
    token,
    accounts: ACCOUNTS,
    library,
    requests: http.requests,
    play(ratingKey, accountId, viewOffset = 0) {
      const account = ACCOUNTS.find((a) => a.id === accountId);
      if (!account || !itemOf(library, ratingKey)) throw new Error('no such account or item');
      const key = String(nextSession++);
      sessions.set(key, { key, ratingKey, account, viewOffset });
      return key;
    },
    progress(sessionKey, viewOffset) {
      const s = sessions.get(sessionKey);
      if (s) s.viewOffset = viewOffset;
    },
    playNext(sessionKey, ratingKey, viewOffset = 0) {
      const s = sessions.get(sessionKey);
      if (!s || !itemOf(library, ratingKey)) throw new Error('no such session or item');
      sessions.set(sessionKey, { ...s, ratingKey, viewOffset });
    },
    end(sessionKey, at) {
      const s = sessions.get(sessionKey);
      if (!s) return;
      sessions.delete(sessionKey);
      const it = itemOf(library, s.ratingKey);
      if (it && s.viewOffset >= it.durationMs * 0.9) {
        it.playCount += 1;
        it.lastPlayedAt = at;
      }
    },
    disappear: () => http.disappear(),
    disappearAt: (prefix, n) => {
      http.disappearAt(prefix, n);
    },
    close: () => http.close(),
  };
}
