import type { ChangePath } from '../changes/change-path';
import type { TrackingService } from '../tracking/tracking-service';
import type { Play, WatchScope, WatchedWhen } from '../tracking/types';
import { accountOf } from './accounts';
import { isRepeat, sameDayPlay, verdict, viewingTime, type CountRules } from './count';
import type { Resolution, Resolver, TmdbTarget } from './resolve';
import type { CaptureStore } from './store';
import type { CaptureEvent, CaptureOutcome, ServerAccountInfo, ServerKind } from './types';

/** A server as the receive path needs it. */
export interface ReceivingServer extends CountRules {
  id: string;
  kind: ServerKind;
  name: string;
  /** The server's own accounts, and the other ids its announcements were found to give them. */
  accounts?: readonly ServerAccountInfo[];
  aliases?: Readonly<Record<string, string>>;
}

export interface ReceiveDeps {
  store: CaptureStore;
  tracking: TrackingService;
  changes: ChangePath;
  resolver: Resolver;
  clock: () => number;
  timeZone: () => string;
  online: () => boolean;
  /** The configured (or, in the demo, simulated) server an event names; null when unknown. */
  server(id: string): ReceivingServer | null;
  /** After a play, a review item or a server's last event was written. */
  changed(serverIds: string[]): void;
}

/** Where a captured viewing came from, for its link and review row. */
export interface Origin {
  server: ReceivingServer;
  account: string;
  itemKey: string;
  title: string | null;
}

export const scopeOf = (t: TmdbTarget): WatchScope =>
  t.mediaType === 'movie'
    ? { scope: 'movie', movieId: t.mediaId }
    : { scope: 'episode', seriesId: t.mediaId, season: t.season ?? 0, episode: t.episode ?? 0 };

/**
 * Records one captured viewing through the tracking domain (so the change path records it, and Up
 * Next, stats and notifications follow), with its link, in one transaction.
 */
export function recordPlay(
  deps: Pick<ReceiveDeps, 'store' | 'tracking' | 'changes' | 'clock' | 'online'>,
  origin: Origin,
  target: TmdbTarget,
  when: WatchedWhen,
  after?: (play: Play) => void,
): Play {
  const play = deps.changes.write(() => {
    const { added } = deps.tracking.tracking.mark(scopeOf(target), {
      when,
      source: origin.server.kind,
    });
    const [first] = added;
    if (!first) throw new Error('the play was not added');
    deps.store.links.add({
      playUid: first.uid,
      serverId: origin.server.id,
      serverKind: origin.server.kind,
      serverName: origin.server.name,
      account: origin.account,
      itemKey: origin.itemKey,
      title: origin.title,
      capturedAt: deps.clock(),
    });
    after?.(first);
    return first;
  });
  // An episode of a series Marquee does not keep yet: fetch it so progress and Up Next show it.
  if (target.mediaType === 'episode' && deps.online()) {
    const stored = deps.tracking.tracking.progress(target.mediaId)?.seasons.length ?? 0;
    if (stored === 0) void deps.tracking.refresh(target.mediaId).catch(() => undefined);
  }
  return play;
}

export interface ReceiveOptions {
  /**
   * Whose play of the same day makes this one a repeat: the user's by hand (an announcement as it
   * happens), or anyone's (a server's "last played" read later).
   */
  sameDayBy?: 'hand' | 'anyone';
}

export type Receive = (event: CaptureEvent, options?: ReceiveOptions) => Promise<CaptureOutcome>;

/** The receive path: count, de-duplicate, map to TMDB, then record (or queue for review). */
export function createReceiver(deps: ReceiveDeps): Receive {
  const { store } = deps;
  // One announcement at a time per item, so two copies arriving together are still one play.
  const queues = new Map<string, Promise<unknown>>();

  async function receiveOne(event: CaptureEvent, options: ReceiveOptions): Promise<CaptureOutcome> {
    const server = deps.server(event.serverId);
    if (server === null) return { kind: 'ignored', reason: 'No such server is configured.' };
    const judged = verdict(event, server);
    if (judged.kind !== 'watched') return judged;
    const at = viewingTime(event.at, deps.clock());
    const seenNow = (): ReturnType<typeof store.seen.get> =>
      store.seen.get(server.id, event.account, event.itemKey);
    const before = seenNow();
    if (isRepeat(before, at)) return { kind: 'duplicate', playUid: before?.playUid ?? null };

    let resolution: Resolution;
    try {
      resolution = await deps.resolver.resolve(event);
    } catch {
      resolution = { kind: 'review', reason: 'Marquee could not reach TMDB to match it.' };
    }
    // What follows writes in this task, once the worker's write (a sync, an import) has ended.
    await deps.changes.turn();
    // Checked again: another copy may have been counted while TMDB answered.
    const again = seenNow();
    if (isRepeat(again, at)) return { kind: 'duplicate', playUid: again?.playUid ?? null };
    const remember = (playUid: string | null): void => {
      store.seen.put(server.id, event.account, event.itemKey, { countedAt: at, playUid });
    };
    const origin: Origin = {
      server,
      account: event.account,
      itemKey: event.itemKey,
      title: event.title,
    };

    if (resolution.kind === 'review') {
      const reviewId = deps.changes.write(() => {
        remember(null);
        store.servers.update(server.id, { lastEventAt: at });
        return store.review.add({
          serverId: server.id,
          serverKind: server.kind,
          serverName: server.name,
          account: event.account,
          itemKey: event.itemKey,
          mediaType: event.media,
          title: event.title,
          year: event.year,
          season: event.season,
          episode: event.episode,
          watchedAt: at,
          reason: resolution.reason,
          createdAt: deps.clock(),
        });
      });
      deps.changed([server.id]);
      return { kind: 'review', reviewId };
    }

    const target = resolution.target;
    const marked = sameDayPlay(
      deps.tracking.tracking.plays(scopeOf(target)),
      at,
      deps.timeZone(),
      options.sameDayBy,
    );
    if (marked !== null) {
      remember(marked.uid);
      return { kind: 'duplicate', playUid: marked.uid };
    }
    const play = recordPlay(deps, origin, target, { kind: 'at', at }, (added) => {
      remember(added.uid);
      store.servers.update(server.id, { lastEventAt: at });
    });
    store.seen.prune(deps.clock() - 7 * 24 * 60 * 60 * 1000);
    deps.changed([server.id]);
    return { kind: 'added', playUid: play.uid };
  }

  /** The announcement with the server's own id of its account (Plex webhooks name plex.tv's). */
  function withOwnAccount(event: CaptureEvent): CaptureEvent {
    const server = deps.server(event.serverId);
    if (!server?.accounts) return event;
    const match = accountOf(
      { kind: server.kind, accounts: server.accounts, aliases: server.aliases ?? {} },
      event,
    );
    if (match.learned) {
      try {
        store.servers.setAliases(server.id, match.learned);
      } catch {
        // Not remembered this time: the name finds the account again next time.
      }
    }
    return match.account === event.account ? event : { ...event, account: match.account };
  }

  return (announced, options = {}) => {
    const event = withOwnAccount(announced);
    const key = `${event.serverId}\u0000${event.account}\u0000${event.itemKey}`;
    const run = (queues.get(key) ?? Promise.resolve()).then(
      () => receiveOne(event, options),
      () => receiveOne(event, options),
    );
    const tail = run.catch(() => undefined);
    queues.set(key, tail);
    void tail.then(() => {
      if (queues.get(key) === tail) queues.delete(key);
    });
    return run;
  };
}
