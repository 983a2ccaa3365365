import type { Logger } from '../base/log';
import type { Timers } from '../base/timers';
import type { Receive } from './receive';
import type { CaptureStore } from './store';
import type { BackfillItem, CaptureEvent, Connector } from './types';

/**
 * Servers followed by reading them (Jellyfin without its webhook plugin): what the chosen
 * accounts played since the last read, now and then every interval while Marquee runs. Only items
 * whose "last played" is newer than the server's cursor count; the first read only finds where
 * the history ends (the past is a backfill's work). A viewing its webhook announced too, or a
 * backfill or the user recorded that day, is the same play.
 */

/** How often a followed server is read again while Marquee runs. */
export const POLL_INTERVAL_MS = 15 * 60_000;

export interface PollerDeps {
  store: CaptureStore;
  receive: Receive;
  /** The repeating timer; without one, a server is read when it starts following only. */
  timers?: Timers | undefined;
  log: Logger;
}

export interface Poller {
  /** Reads the server now, then every interval, until `stop`. */
  follow(serverId: string, connector: Connector): void;
  /** Stops following a server; waits for a read in progress to end. */
  stop(serverId: string): Promise<void>;
  /** Reads a followed server once, now (a read in progress is not doubled). */
  readNow(serverId: string): Promise<void>;
  idle(): Promise<void>;
  close(): Promise<void>;
}

interface Followed {
  connector: Connector;
  controller: AbortController;
  stopTimer: () => void;
  reading: Promise<void> | null;
}

const eventOf = (item: BackfillItem, at: number): CaptureEvent => ({
  server: item.server,
  serverId: item.serverId,
  account: item.account,
  accountName: item.account,
  kind: 'played',
  itemKey: item.itemKey,
  media: item.media,
  ids: item.ids,
  ...(item.seriesIds ? { seriesIds: item.seriesIds } : {}),
  title: item.title,
  year: item.year,
  season: item.season,
  episode: item.episode,
  progress: null,
  completed: true,
  at,
});

export function createPoller(deps: PollerDeps): Poller {
  const followed = new Map<string, Followed>();
  const servers = deps.store.servers;

  async function read(serverId: string, f: Followed): Promise<void> {
    const { signal } = f.controller;
    const stopped = (): boolean => signal.aborted;
    const row = servers.get(serverId);
    if (!row || row.chosenAccounts.length === 0 || !f.connector.playedSince) return;
    const cursor = servers.pollCursor(serverId);
    const items = await f.connector.playedSince(cursor, signal);
    if (stopped()) return;
    const times = items.flatMap((it) => (it.lastPlayedAt === null ? [] : [it.lastPlayedAt]));
    const newest = times.length > 0 ? Math.max(...times) : null;
    if (cursor === null) {
      servers.setPollCursor(serverId, newest ?? 0);
      return;
    }
    const fresh = items
      .flatMap((it) =>
        it.lastPlayedAt !== null && it.lastPlayedAt > cursor
          ? [[it, it.lastPlayedAt] as const]
          : [],
      )
      .sort((a, b) => a[1] - b[1]);
    for (const [item, at] of fresh) {
      if (stopped()) return;
      await deps.receive(eventOf(item, at), { sameDayBy: 'anyone' });
    }
    if (!stopped() && newest !== null && newest > cursor) servers.setPollCursor(serverId, newest);
  }

  function readNow(serverId: string): Promise<void> {
    const f = followed.get(serverId);
    if (!f) return Promise.resolve();
    f.reading ??= read(serverId, f)
      .catch((error: unknown) => {
        if (!f.controller.signal.aborted) deps.log.warn('capture.poll_failed', { error });
      })
      .finally(() => {
        f.reading = null;
      });
    return f.reading;
  }

  async function stop(serverId: string): Promise<void> {
    const f = followed.get(serverId);
    if (!f) return;
    followed.delete(serverId);
    f.stopTimer();
    f.controller.abort();
    await f.reading;
  }

  return {
    follow(serverId, connector) {
      if (!connector.playedSince || followed.has(serverId)) return;
      const f: Followed = {
        connector,
        controller: new AbortController(),
        stopTimer: () => undefined,
        reading: null,
      };
      followed.set(serverId, f);
      if (deps.timers)
        f.stopTimer = deps.timers.every(POLL_INTERVAL_MS, () => void readNow(serverId));
      void readNow(serverId);
    },
    stop,
    readNow,
    idle: async () => {
      await Promise.all([...followed.values()].map((f) => f.reading ?? Promise.resolve()));
    },
    close: async () => {
      await Promise.all([...followed.keys()].map(stop));
    },
  };
}
