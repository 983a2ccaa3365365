import { z } from 'zod';
import { CodedError } from '../../../src-shared/ipc/errors';
import type {
  BackfillItem,
  Connector,
  ConnectorDeps,
  ConnectorFactory,
  ServerAccountInfo,
  ServerConfig,
  ServerSecrets,
} from '../types';
import { stoppableBackfill } from './follow';
import { boundedTitle, failure, requestJson, type HttpServer } from './http';
import { idsFromMap, intOrNull } from './ids';
import type { ExternalIds } from '../types';

/** What Marquee calls itself in Jellyfin's device list. */
const CLIENT = 'Marquee';
const CLIENT_VERSION = '0.1.0';

export interface JellyfinOptions {
  /** Items per backfill page (Jellyfin's `limit`). */
  pageSize?: number;
  timeoutMs?: number;
  /** Most items one read of what was played lately takes per account (the newest). */
  maxPolled?: number;
}

const user = z.object({ Id: z.string(), Name: z.string().nullish() });
const authReply = z.object({ AccessToken: z.string().min(1), User: user });
const providerIds = z.record(z.string(), z.unknown()).nullish();
const item = z.object({
  Id: z.string(),
  Type: z.string().nullish(),
  Name: z.string().nullish(),
  SeriesId: z.string().nullish(),
  SeriesName: z.string().nullish(),
  ProductionYear: z.number().nullish(),
  ParentIndexNumber: z.number().nullish(),
  IndexNumber: z.number().nullish(),
  ProviderIds: providerIds,
  UserData: z
    .object({
      Played: z.boolean().nullish(),
      PlayCount: z.number().nullish(),
      LastPlayedDate: z.string().nullish(),
    })
    .nullish(),
});
const itemPage = z.object({ Items: z.array(item), TotalRecordCount: z.number().nullish() });
type JellyfinItem = z.infer<typeof item>;

interface Session {
  token: string;
  /** The signed-in user, when Marquee signed in with a user name and password. */
  user: ServerAccountInfo | null;
}

interface SeriesInfo {
  ids: ExternalIds;
  title: string | null;
  year: number | null;
}

/** Jellyfin's REST API: accounts, and the played films and episodes of each chosen account. */
export function createJellyfinConnector(
  server: ServerConfig,
  secrets: ServerSecrets,
  deps: ConnectorDeps,
  options: JellyfinOptions = {},
): Connector {
  if (!server.url)
    throw failure('invalid_input', 'Jellyfin needs its address, such as http://127.0.0.1:8096.');
  const http: HttpServer = {
    label: 'Jellyfin',
    baseUrl: server.url,
    fetch: deps.fetch,
    timeoutMs: options.timeoutMs ?? 30_000,
  };
  const pageSize = options.pageSize ?? 200;
  const maxPolled = options.maxPolled ?? 1_000;
  const deviceId = `marquee-${server.id}`;
  let session: Session | null = null;

  const header = (token: string | null): Record<string, string> => {
    const base = `MediaBrowser Client="${CLIENT}", Device="${CLIENT}", DeviceId="${deviceId}", Version="${CLIENT_VERSION}"`;
    return {
      Authorization: token ? `${base}, Token="${token}"` : base,
      Accept: 'application/json',
      'Content-Type': 'application/json',
    };
  };

  async function signIn(signal?: AbortSignal): Promise<Session> {
    if (session) return session;
    if (secrets.username) {
      const raw = await requestJson(http, '/Users/AuthenticateByName', {
        method: 'POST',
        headers: header(null),
        body: JSON.stringify({ Username: secrets.username, Pw: secrets.password ?? '' }),
        signal,
        doing: 'signing in',
      });
      const reply = authReply.safeParse(raw);
      if (!reply.success)
        throw failure(
          'schema_mismatch',
          'Jellyfin answered the sign-in in a way Marquee could not read.',
        );
      const { AccessToken, User } = reply.data;
      session = {
        token: AccessToken,
        user: { id: User.Id, name: boundedTitle(User.Name) ?? User.Id },
      };
    } else if (secrets.token) {
      session = { token: secrets.token, user: null };
    } else {
      throw failure('unauthorized', 'Jellyfin needs an API key, or a user name and password.');
    }
    return session;
  }

  async function get(path: string, doing: string, signal?: AbortSignal): Promise<unknown> {
    const { token } = await signIn(signal);
    return requestJson(http, path, { headers: header(token), signal, doing });
  }

  async function accounts(signal?: AbortSignal): Promise<ServerAccountInfo[]> {
    const current = await signIn(signal);
    if (current.user) return [current.user];
    let listed: unknown;
    try {
      listed = await get('/Users', 'listing its users', signal);
    } catch (error) {
      // A user's own token may not list every user: it still names its own.
      if (!(error instanceof CodedError) || error.code !== 'unauthorized') throw error;
      const me = user.safeParse(
        await get('/Users/Me', 'reading its user', signal).catch(() => null),
      );
      if (!me.success) throw error;
      current.user = { id: me.data.Id, name: boundedTitle(me.data.Name) ?? me.data.Id };
      return [current.user];
    }
    const users = z.array(user).safeParse(listed);
    if (!users.success)
      throw failure(
        'schema_mismatch',
        'Jellyfin listed its users in a way Marquee could not read.',
      );
    return users.data.map((u) => ({ id: u.Id, name: boundedTitle(u.Name) ?? u.Id }));
  }

  async function seriesOf(
    ids: string[],
    userId: string,
    cache: Map<string, SeriesInfo>,
    signal: AbortSignal,
  ): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !cache.has(id));
    if (missing.length === 0) return;
    const query = new URLSearchParams({ userId, ids: missing.join(','), fields: 'ProviderIds' });
    const page = itemPage.safeParse(
      await get(`/Items?${query.toString()}`, 'reading series', signal),
    );
    if (!page.success)
      throw failure(
        'schema_mismatch',
        'Jellyfin described a series in a way Marquee could not read.',
      );
    for (const s of page.data.Items) {
      cache.set(s.Id, {
        ids: idsFromMap(s.ProviderIds),
        title: boundedTitle(s.Name),
        year: intOrNull(s.ProductionYear),
      });
    }
    // A series Jellyfin no longer has: its episodes keep their own ids.
    for (const id of missing)
      if (!cache.has(id)) cache.set(id, { ids: {}, title: null, year: null });
  }

  function toItem(
    account: string,
    it: JellyfinItem,
    series: Map<string, SeriesInfo>,
  ): BackfillItem | null {
    const type = it.Type?.toLowerCase();
    if (type !== 'movie' && type !== 'episode') return null;
    const data = it.UserData;
    const lastPlayed = data?.LastPlayedDate ? Date.parse(data.LastPlayedDate) : NaN;
    const base = {
      server: server.kind,
      serverId: server.id,
      account,
      itemKey: it.Id,
      ids: idsFromMap(it.ProviderIds),
      playCount: Math.max(1, intOrNull(data?.PlayCount) ?? 1),
      lastPlayedAt: Number.isFinite(lastPlayed) ? lastPlayed : null,
    };
    if (type === 'movie') {
      return {
        ...base,
        media: 'movie',
        title: boundedTitle(it.Name),
        year: intOrNull(it.ProductionYear),
        season: null,
        episode: null,
      };
    }
    const s = it.SeriesId ? series.get(it.SeriesId) : undefined;
    return {
      ...base,
      media: 'episode',
      ...(s && Object.keys(s.ids).length > 0 ? { seriesIds: s.ids } : {}),
      title: boundedTitle(it.SeriesName) ?? s?.title ?? null,
      year: s?.year ?? null,
      season: intOrNull(it.ParentIndexNumber),
      episode: intOrNull(it.IndexNumber),
    };
  }

  async function backfillUser(
    userId: string,
    onPage: (items: BackfillItem[]) => Promise<void>,
    signal: AbortSignal,
    series: Map<string, SeriesInfo>,
  ): Promise<void> {
    for (let start = 0; !signal.aborted; start += pageSize) {
      const query = new URLSearchParams({
        userId,
        recursive: 'true',
        isPlayed: 'true',
        includeItemTypes: 'Movie,Episode',
        fields: 'ProviderIds',
        enableUserData: 'true',
        sortBy: 'SortName',
        startIndex: String(start),
        limit: String(pageSize),
      });
      const page = itemPage.safeParse(
        await get(`/Items?${query.toString()}`, 'reading the played films and episodes', signal),
      );
      if (!page.success)
        throw failure(
          'schema_mismatch',
          'Jellyfin listed played items in a way Marquee could not read.',
        );
      const items = page.data.Items;
      const seriesIds = items.flatMap((it) =>
        it.Type === 'Episode' && it.SeriesId ? [it.SeriesId] : [],
      );
      await seriesOf(seriesIds, userId, series, signal);
      const out = items.flatMap((it) => toItem(userId, it, series) ?? []);
      if (out.length > 0) await onPage(out);
      const total = page.data.TotalRecordCount ?? null;
      if (items.length < pageSize || (total !== null && start + items.length >= total)) return;
    }
  }

  /** One account's items played after `after`, newest first (its last one when `after` is null). */
  async function playedSinceUser(
    userId: string,
    after: number | null,
    signal: AbortSignal,
    series: Map<string, SeriesInfo>,
  ): Promise<BackfillItem[]> {
    const limit = after === null ? 1 : pageSize;
    const out: BackfillItem[] = [];
    for (let start = 0; start < maxPolled && !signal.aborted; start += limit) {
      const query = new URLSearchParams({
        userId,
        recursive: 'true',
        isPlayed: 'true',
        includeItemTypes: 'Movie,Episode',
        fields: 'ProviderIds',
        enableUserData: 'true',
        sortBy: 'DatePlayed',
        sortOrder: 'Descending',
        startIndex: String(start),
        limit: String(limit),
      });
      const page = itemPage.safeParse(
        await get(`/Items?${query.toString()}`, 'reading what was played lately', signal),
      );
      if (!page.success)
        throw failure(
          'schema_mismatch',
          'Jellyfin listed played items in a way Marquee could not read.',
        );
      const items = page.data.Items;
      const newer = items.filter((it) => {
        const at = it.UserData?.LastPlayedDate ? Date.parse(it.UserData.LastPlayedDate) : NaN;
        return after === null || (Number.isFinite(at) && at > after);
      });
      await seriesOf(
        newer.flatMap((it) => (it.Type === 'Episode' && it.SeriesId ? [it.SeriesId] : [])),
        userId,
        series,
        signal,
      );
      out.push(...newer.flatMap((it) => toItem(userId, it, series) ?? []));
      if (after === null || newer.length < items.length || items.length < limit) break;
    }
    return out;
  }

  return {
    test: () => accounts(),
    async playedSince(after, signal) {
      const series = new Map<string, SeriesInfo>();
      const out: BackfillItem[] = [];
      for (const userId of server.chosenAccounts) {
        if (signal.aborted) break;
        out.push(...(await playedSinceUser(userId, after, signal, series)));
      }
      return out.sort((a, b) => (b.lastPlayedAt ?? 0) - (a.lastPlayedAt ?? 0));
    },
    backfill: stoppableBackfill(async (onPage, signal) => {
      const listed = await accounts(signal);
      const chosen =
        server.chosenAccounts.length > 0 ? server.chosenAccounts : listed.map((a) => a.id);
      const series = new Map<string, SeriesInfo>();
      for (const userId of chosen) {
        if (signal.aborted) return;
        await backfillUser(userId, onPage, signal, series);
      }
    }),
  };
}

export const jellyfinConnector: ConnectorFactory = (server, secrets, deps) =>
  createJellyfinConnector(server, secrets, deps);
