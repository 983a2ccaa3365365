import { HttpStandIn, intParam, pageOf, type Reply, type StandInRequest } from './http-stand-in';
import {
  isFilm,
  itemOf,
  standInLibrary,
  type LibraryOptions,
  type StandInEpisode,
  type StandInFilm,
  type StandInLibrary,
  type StandInSeries,
} from './library';

/**
 * A stand-in for Jellyfin's REST API (10.9+): sign-in by name and password, users, and the
 * library's items with each user's played state, in Jellyfin's shapes.
 */

export interface JellyfinUser {
  id: string;
  name: string;
  password: string;
  admin: boolean;
}

export interface JellyfinStandInOptions extends LibraryOptions {
  port?: number;
  /** The administrator's API key; a fixed test value by default. */
  apiKey?: string;
  /** A library of its own (a large one, for benchmarks) instead of the small one of `options`. */
  library?: StandInLibrary;
}

export interface JellyfinStandIn {
  readonly url: string;
  readonly apiKey: string;
  readonly users: readonly JellyfinUser[];
  readonly library: StandInLibrary;
  /** Paths requested, in order. */
  readonly requests: readonly string[];
  /** Jellyfin's 32-hex-digit id of a film, series or episode key. */
  idOf(key: number): string;
  /** Marks an item played by a user now (at `at`), as Jellyfin does when playback ends. */
  markPlayed(userName: string, key: number, at: number): void;
  /**
   * Holds every later page of the played items (the first page answers) until the returned
   * function is called: a backfill that is still reading when a test wants it to be.
   */
  holdLaterPages(): () => void;
  disappear(): Promise<void>;
  disappearAt(pathPrefix: string, n: number): void;
  close(): Promise<void>;
}

const USERS: readonly JellyfinUser[] = [
  {
    id: '6ca1985512a84c0e9b6e0a1f7a3d2b41',
    name: 'alice',
    password: 'alice-password',
    admin: true,
  },
  { id: '0b0b0b0b1c1c4d2d8e3e4f4f5a5a6b6b', name: 'bob', password: 'bob-password', admin: false },
];

interface Played {
  count: number;
  at: number | null;
}

export async function startJellyfinStandIn(
  options: JellyfinStandInOptions = {},
): Promise<JellyfinStandIn> {
  const library = options.library ?? standInLibrary(options);
  const apiKey = options.apiKey ?? 'a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5';
  const idOf = (key: number): string => key.toString(16).padStart(32, '0');
  // alice played what the library says; bob only the first film.
  const played = new Map<string, Map<number, Played>>();
  const alice = new Map<number, Played>();
  for (const it of [...library.films, ...library.episodes]) {
    if (it.playCount > 0) alice.set(it.key, { count: it.playCount, at: it.lastPlayedAt });
  }
  const firstFilm = library.films[0];
  played.set(USERS[0]?.id ?? '', alice);
  played.set(
    USERS[1]?.id ?? '',
    new Map(firstFilm ? [[firstFilm.key, { count: 1, at: firstFilm.lastPlayedAt }]] : []),
  );
  const sessions = new Map<string, JellyfinUser>();

  /** Who the `Authorization: MediaBrowser Token="…"` header signs in, or null. */
  function principal(req: StandInRequest): { admin: boolean; user: JellyfinUser | null } | null {
    const header = req.headers.authorization ?? '';
    const token = /^MediaBrowser\b.*\bToken="([^"]+)"/i.exec(header)?.[1];
    if (!token) return null;
    if (token === apiKey) return { admin: true, user: null };
    const user = sessions.get(token);
    return user ? { admin: user.admin, user } : null;
  }

  function seriesJson(s: StandInSeries): unknown {
    return {
      Id: idOf(s.key),
      Name: s.title,
      Type: 'Series',
      ProductionYear: s.year,
      ProviderIds: { Tmdb: s.tmdb, Tvdb: s.tvdb, Imdb: s.imdb },
    };
  }

  function itemJson(it: StandInFilm | StandInEpisode, userId: string | null): unknown {
    const p = userId ? played.get(userId)?.get(it.key) : undefined;
    const userData = {
      Played: p !== undefined,
      PlayCount: p?.count ?? 0,
      ...(p?.at != null ? { LastPlayedDate: new Date(p.at).toISOString() } : {}),
      Key: idOf(it.key),
    };
    if (isFilm(it)) {
      return {
        Id: idOf(it.key),
        Name: it.title,
        Type: 'Movie',
        ProductionYear: it.year,
        RunTimeTicks: it.durationMs * 10_000,
        ProviderIds: { Tmdb: it.tmdb, Imdb: it.imdb },
        UserData: userData,
      };
    }
    const s = library.series.find((x) => x.key === it.seriesKey);
    return {
      Id: idOf(it.key),
      Name: it.title,
      Type: 'Episode',
      SeriesId: s ? idOf(s.key) : undefined,
      SeriesName: s?.title,
      ParentIndexNumber: it.season,
      IndexNumber: it.episode,
      RunTimeTicks: it.durationMs * 10_000,
      ProviderIds: { Tvdb: it.tvdb, Tmdb: it.tmdb, ...(it.imdb ? { Imdb: it.imdb } : {}) },
      UserData: userData,
    };
  }

  function items(req: StandInRequest, who: { admin: boolean; user: JellyfinUser | null }): Reply {
    const q = req.url.searchParams;
    const userId = q.get('userId') ?? who.user?.id ?? null;
    if (who.user && userId !== who.user.id && !who.admin) return { status: 403, text: 'Forbidden' };
    const ids = q.get('ids');
    if (ids) {
      const wanted = new Set(ids.split(','));
      const found = [
        ...library.series.filter((s) => wanted.has(idOf(s.key))).map(seriesJson),
        ...[...library.films, ...library.episodes]
          .filter((it) => wanted.has(idOf(it.key)))
          .map((it) => itemJson(it, userId)),
      ];
      return { status: 200, json: { Items: found, TotalRecordCount: found.length, StartIndex: 0 } };
    }
    const types = (q.get('includeItemTypes') ?? 'Movie,Episode').split(',');
    const onlyPlayed = q.get('isPlayed') === 'true';
    const pool = [
      ...(types.includes('Movie') ? library.films : []),
      ...(types.includes('Episode') ? library.episodes : []),
    ].filter((it) => !onlyPlayed || (userId !== null && played.get(userId)?.has(it.key) === true));
    // Jellyfin's sortBy=DatePlayed: by the user's last play (never played first, ascending).
    if ((q.get('sortBy') ?? '').split(',').includes('DatePlayed')) {
      const mine = userId === null ? undefined : played.get(userId);
      const at = (key: number): number => mine?.get(key)?.at ?? -Infinity;
      const sign = q.get('sortOrder') === 'Descending' ? -1 : 1;
      pool.sort((a, b) => sign * (at(a.key) - at(b.key)) || a.key - b.key);
    }
    const start = intParam(q.get('startIndex'), 0);
    const page = pageOf(pool, start, intParam(q.get('limit'), pool.length));
    return {
      status: 200,
      json: {
        Items: page.map((it) => itemJson(it, userId)),
        TotalRecordCount: pool.length,
        StartIndex: start,
      },
    };
  }

  let held: Promise<void> | null = null;

  async function route(req: StandInRequest): Promise<Reply> {
    if (
      held &&
      req.url.pathname === '/Items' &&
      intParam(req.url.searchParams.get('startIndex'), 0) > 0
    )
      await held;
    return answer(req);
  }

  function answer(req: StandInRequest): Reply {
    const path = req.url.pathname;
    if (req.method === 'POST' && path === '/Users/AuthenticateByName') {
      const header = req.headers.authorization ?? '';
      if (
        !/^MediaBrowser\b/i.test(header) ||
        !/DeviceId="[^"]+"/.test(header) ||
        !/Client="[^"]+"/.test(header)
      ) {
        return { status: 400, text: 'Authorization header with Client and DeviceId required' };
      }
      let body: { Username?: unknown; Pw?: unknown };
      try {
        body = JSON.parse(req.body) as { Username?: unknown; Pw?: unknown };
      } catch {
        return { status: 400, text: 'Bad body' };
      }
      const user = USERS.find((u) => u.name === body.Username && u.password === body.Pw);
      if (!user) return { status: 401, text: 'Error processing request.' };
      const token = `${user.id.slice(0, 8)}${String(sessions.size + 1).padStart(24, '0')}`;
      sessions.set(token, user);
      return {
        status: 200,
        json: {
          User: { Id: user.id, Name: user.name, Policy: { IsAdministrator: user.admin } },
          AccessToken: token,
          ServerId: 'f00dfeedf00dfeedf00dfeedf00dfeed',
        },
      };
    }
    const who = principal(req);
    if (!who) return { status: 401, text: 'Unauthorized' };
    if (path === '/Users') {
      if (!who.admin) return { status: 403, text: 'Forbidden' };
      return {
        status: 200,
        json: USERS.map((u) => ({ Id: u.id, Name: u.name, Policy: { IsAdministrator: u.admin } })),
      };
    }
    if (path === '/Users/Me') {
      return who.user
        ? { status: 200, json: { Id: who.user.id, Name: who.user.name } }
        : { status: 400, text: 'No user' };
    }
    if (path === '/Items') return items(req, who);
    const one = /^\/Items\/([0-9a-f]{32})$/.exec(path)?.[1];
    if (one) {
      const s = library.series.find((x) => idOf(x.key) === one);
      if (s) return { status: 200, json: seriesJson(s) };
      const it = itemOf(library, Number.parseInt(one, 16));
      return it
        ? { status: 200, json: itemJson(it, who.user?.id ?? null) }
        : { status: 404, text: 'Not found' };
    }
    return { status: 404, text: 'Not found' };
  }

  const http = new HttpStandIn(route);
  await http.listen(options.port ?? 0);
  return {
    get url() {
      return http.url;
    },
    apiKey,
    users: USERS,
    library,
    requests: http.requests,
    idOf,
    markPlayed(userName, key, at) {
      const user = USERS.find((u) => u.name === userName);
      if (!user) throw new Error(`no user ${userName}`);
      const mine = played.get(user.id) ?? new Map<number, Played>();
      played.set(user.id, mine);
      mine.set(key, { count: (mine.get(key)?.count ?? 0) + 1, at });
    },
    holdLaterPages() {
      let release = (): void => undefined;
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        held = null;
        release();
      };
    },
    disappear: () => http.disappear(),
    disappearAt: (prefix, n) => {
      http.disappearAt(prefix, n);
    },
    close: () => http.close(),
  };
}
