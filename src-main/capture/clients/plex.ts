import type {
  BackfillItem,
  CaptureSink,
  Connector,
  ConnectorDeps,
  ConnectorFactory,
  ServerAccountInfo,
  ServerConfig,
  ServerSecrets,
} from '../types';
import { followLoop, stoppableBackfill, whenAborted } from './follow';
import { boundedTitle, failure, requestJson, type HttpServer } from './http';
import {
  accountsReply,
  identityReply,
  itemsReply,
  plexFacts,
  sectionsReply,
  type PlexItemFacts,
} from './plex-shapes';
import { idText } from './ids';

export { readLocalPlexToken } from './plex-token';

export interface PlexOptions {
  pageSize?: number;
  /** How often `/status/sessions` is read while following plays. */
  pollIntervalMs?: number;
  timeoutMs?: number;
  /**
   * The account a backfill's plays belong to: the local API reads the library as the token's
   * own user. The one chosen account when there is one, else the server owner (local id 1).
   */
  backfillAccount?: string;
}

/** A session being watched, as last seen. */
interface Watching {
  facts: PlexItemFacts;
  account: string;
  accountName: string;
  viewOffset: number | null;
  duration: number | null;
}

/** Plex's local API: accounts, a poll of what is playing now, and the played library. */
export function createPlexConnector(
  server: ServerConfig,
  secrets: ServerSecrets,
  deps: ConnectorDeps,
  options: PlexOptions = {},
): Connector {
  if (!server.url)
    throw failure('invalid_input', 'Plex needs its address, such as http://127.0.0.1:32400.');
  const token = secrets.token;
  const http: HttpServer = {
    label: 'Plex',
    baseUrl: server.url,
    fetch: deps.fetch,
    timeoutMs: options.timeoutMs ?? 30_000,
  };
  const pageSize = options.pageSize ?? 200;
  const interval = options.pollIntervalMs ?? 15_000;
  const headers = (extra: Record<string, string> = {}): Record<string, string> => {
    if (!token)
      throw failure(
        'unauthorized',
        'Plex needs a token: paste one, or let Marquee read the server’s own.',
      );
    return {
      'X-Plex-Token': token,
      Accept: 'application/json',
      'X-Plex-Product': 'Marquee',
      'X-Plex-Client-Identifier': `marquee-${server.id}`,
      ...extra,
    };
  };
  const get = (path: string, doing: string, signal?: AbortSignal, extra?: Record<string, string>) =>
    requestJson(http, path, { headers: headers(extra), signal, doing });

  async function test(): Promise<ServerAccountInfo[]> {
    if (!identityReply.safeParse(await get('/identity', 'checking the server')).success) {
      throw failure('schema_mismatch', 'The server at that address does not answer like Plex.');
    }
    const reply = accountsReply.safeParse(await get('/accounts', 'listing its accounts'));
    if (!reply.success)
      throw failure('schema_mismatch', 'Plex listed its accounts in a way Marquee could not read.');
    return (reply.data.MediaContainer.Account ?? [])
      .filter((a) => String(a.id) !== '0' && boundedTitle(a.name) !== null)
      .map((a) => ({ id: String(a.id), name: boundedTitle(a.name) ?? String(a.id) }));
  }

  // Following plays: Plex without Plex Pass sends no webhooks, so what is playing is polled, and a
  // session whose item is gone (or changed) was stopped at the progress last seen.
  const watching = new Map<string, Watching>();

  function eventOf(w: Watching): Parameters<CaptureSink['receive']>[0] {
    const progress =
      w.viewOffset !== null && w.duration !== null && w.duration > 0
        ? Math.min(1, Math.max(0, w.viewOffset / w.duration))
        : null;
    return {
      server: server.kind,
      serverId: server.id,
      account: w.account,
      accountName: w.accountName,
      kind: 'stop',
      ...w.facts,
      progress,
      completed: null,
      at: deps.clock(),
    };
  }

  async function pollOnce(sink: CaptureSink, signal: AbortSignal): Promise<void> {
    const reply = itemsReply.safeParse(
      await get('/status/sessions', 'reading what is playing', signal),
    );
    if (!reply.success)
      throw failure(
        'schema_mismatch',
        'Plex described its sessions in a way Marquee could not read.',
      );
    const seen = new Map<string, Watching>();
    for (const it of reply.data.MediaContainer.Metadata ?? []) {
      const facts = plexFacts(it);
      const key = idText(it.sessionKey);
      if (!facts || key === undefined) continue;
      const account = idText(it.User?.id) ?? 'unknown';
      seen.set(key, {
        facts,
        account,
        accountName: boundedTitle(it.User?.title) ?? account,
        viewOffset: typeof it.viewOffset === 'number' ? it.viewOffset : null,
        duration: typeof it.duration === 'number' ? it.duration : null,
      });
    }
    const ended: Watching[] = [];
    for (const [key, before] of watching) {
      const now = seen.get(key);
      if (!now || now.facts.itemKey !== before.facts.itemKey) ended.push(before);
      if (!now) watching.delete(key);
    }
    for (const [key, now] of seen) watching.set(key, now);
    for (const w of ended) {
      if (signal.aborted) return;
      try {
        await sink.receive(eventOf(w));
      } catch {
        // The capture service reports its own failures; following goes on.
      }
    }
  }

  async function follow(sink: CaptureSink, signal: AbortSignal): Promise<void> {
    const stopped = whenAborted(signal);
    let failures = 0;
    const aborted = (): boolean => signal.aborted;
    while (!aborted()) {
      try {
        await pollOnce(sink, signal);
        failures = 0;
      } catch {
        // Unreachable or refused: sessions stay as last seen, and polling slows down until it answers.
        failures += 1;
      }
      if (aborted()) return;
      const wait = failures === 0 ? interval : Math.min(interval * 2 ** failures, 10 * 60_000);
      await Promise.race([deps.sleep(wait), stopped]);
    }
  }

  async function backfill(
    onPage: (items: BackfillItem[]) => Promise<void>,
    signal: AbortSignal,
  ): Promise<void> {
    const account =
      options.backfillAccount ??
      (server.chosenAccounts.length === 1 ? (server.chosenAccounts[0] ?? '1') : '1');
    const sections = sectionsReply.safeParse(
      await get('/library/sections', 'listing its libraries', signal),
    );
    if (!sections.success)
      throw failure(
        'schema_mismatch',
        'Plex listed its libraries in a way Marquee could not read.',
      );
    for (const dir of sections.data.MediaContainer.Directory ?? []) {
      const type = dir.type === 'movie' ? 1 : dir.type === 'show' ? 4 : null;
      if (type === null) continue;
      for (let start = 0; !signal.aborted; start += pageSize) {
        const path = `/library/sections/${encodeURIComponent(String(dir.key))}/all?type=${type}&includeGuids=1`;
        const raw = await get(path, 'reading the played films and episodes', signal, {
          'X-Plex-Container-Start': String(start),
          'X-Plex-Container-Size': String(pageSize),
        });
        const page = itemsReply.safeParse(raw);
        if (!page.success)
          throw failure(
            'schema_mismatch',
            'Plex listed a library in a way Marquee could not read.',
          );
        const items = page.data.MediaContainer.Metadata ?? [];
        const played = items.flatMap((it): BackfillItem[] => {
          const facts = plexFacts(it);
          const count = typeof it.viewCount === 'number' ? it.viewCount : 0;
          if (!facts || count <= 0) return [];
          const at = typeof it.lastViewedAt === 'number' ? it.lastViewedAt * 1000 : null;
          return [
            {
              server: server.kind,
              serverId: server.id,
              account,
              ...facts,
              playCount: count,
              lastPlayedAt: at,
            },
          ];
        });
        if (played.length > 0) await onPage(played);
        const total = page.data.MediaContainer.totalSize ?? null;
        if (items.length < pageSize || (total !== null && start + items.length >= total)) break;
      }
    }
  }

  return { test, ...followLoop(follow), backfill: stoppableBackfill(backfill) };
}

export const plexConnector: ConnectorFactory = (server, secrets, deps) =>
  createPlexConnector(server, secrets, deps);
