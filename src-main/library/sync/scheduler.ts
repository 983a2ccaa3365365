import type { OutboxEntryView, SyncStatus } from '../../src-shared/ipc/contract';
import { redact } from '../../src-shared/redact';
import type { EventBus } from '../core/events';
import type { Logger } from '../core/log';
import type { Timers } from '../core/timers';
import type { Handlers } from '../ipc/guard';
import type { OutboxOp } from '../library/changes';
import type { Library, OutboxEntry } from '../library/library';
import { createSync, type SyncReport, type WireOp, type SendResult } from '../library/sync';
import type { AuthService } from './auth';
import type { LocalTitles } from './local-titles';

/** While online and signed in, the account is pulled again this often. */
export const REFRESH_INTERVAL_MS = 10 * 60_000;
/** Paused runs are resumed this often while changes wait. */
export const RETRY_INTERVAL_MS = 60_000;
/** Settled entries shown in `sync.outbox` besides every open and failed one. */
const RECENT_SETTLED = 50;

export interface SyncServiceDeps {
  library: Library;
  send: (op: WireOp) => Promise<SendResult | undefined>;
  /** Reads the whole account (or a guest's ratings) and replaces the mirror. */
  pull: () => Promise<void>;
  authState: () => ReturnType<AuthService['state']>;
  online: () => boolean;
  events: EventBus;
  titles: LocalTitles;
  timers: Timers;
  clock: () => number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  log: Logger;
}

export type SyncChannels = 'sync.now' | 'sync.outbox' | 'sync.retryFailed';

export interface SyncService {
  handlers: Pick<Handlers, SyncChannels>;
  /** Sends what waits, when online and signed in; safe to call any time, runs never overlap. */
  kick(): void;
  /** Pushes, then pulls the account (sign-in, the periodic refresh, `sync.now`). */
  refresh(): Promise<SyncStatus>;
  status(): SyncStatus;
  /** Resolves when no run is going (shutdown, tests). */
  idle(): Promise<void>;
  close(): void;
}

/**
 * Replays the outbox through the sync engine (`library/sync.ts`), which owns ordering,
 * collapsing, retries and the conflict rule. This service decides when: after each change while
 * online, when the network returns, on `sync.now`, after sign-in, and every ten minutes while
 * online (then also pulling the account). Progress goes out on `sync.status`.
 */
export function createSyncService(deps: SyncServiceDeps): SyncService {
  let running = false;
  let lastSyncedAt: number | null = null;
  let lastError: string | null = null;
  let progress = { total: 0, done: 0, failed: 0 };
  let current: Promise<void> = Promise.resolve();
  /** Set by kicks that arrive while a push runs (an object, so the loop below re-reads it). */
  const kicked = { again: false };
  const kickedAgain = (): boolean => kicked.again;
  let queued = false;
  let closed = false;

  const engine = createSync({
    library: deps.library,
    send: deps.send,
    clock: deps.clock,
    sleep: deps.sleep,
    random: deps.random,
    onProgress: (p) => {
      progress = { total: p.total, done: p.done, failed: p.failed };
      running = p.running;
      deps.events.emit('sync.status', status());
    },
  });

  const canSend = (): boolean => !closed && deps.online() && deps.authState() !== 'signed_out';
  const countOf = (statuses: OutboxEntry['status'][]): number =>
    deps.library.entries(statuses).length;

  function status(): SyncStatus {
    return {
      running,
      total: progress.total,
      done: progress.done,
      failed: countOf(['failed']),
      pending: countOf(['pending', 'in_flight']),
      lastSyncedAt,
      lastError,
    };
  }

  async function push(): Promise<SyncReport | undefined> {
    if (!canSend()) return undefined;
    const report = await engine.run();
    if (report.stoppedBy === undefined) {
      lastSyncedAt = deps.clock();
      lastError = null;
    } else {
      lastError = `Sync paused: ${report.stoppedBy === 'offline' ? 'TMDB cannot be reached' : report.stoppedBy}. It resumes on its own.`;
    }
    return report;
  }

  /** Runs one job after the previous one; a kick during a run asks for one more push. */
  function enqueue(job: () => Promise<unknown>): Promise<void> {
    const next = current.then(job).then(
      () => undefined,
      (error: unknown) => {
        lastError = redact(error instanceof Error ? error.message : String(error));
        deps.log.warn('sync.failed', { error });
      },
    );
    current = next;
    return next;
  }

  function kick(): void {
    if (!canSend()) {
      // Offline or signed out, a change waits in the outbox; the UI still hears that it is pending.
      if (!closed) deps.events.emit('sync.status', status());
      return;
    }
    if (queued) {
      kicked.again = true;
      return;
    }
    queued = true;
    void enqueue(async () => {
      for (let more = true; more; more = kickedAgain() && canSend()) {
        kicked.again = false;
        await push();
      }
    }).finally(() => {
      queued = false;
      deps.events.emit('sync.status', status());
    });
  }

  async function refresh(): Promise<SyncStatus> {
    await enqueue(async () => {
      await push();
      if (canSend()) {
        await deps.pull();
        lastSyncedAt = deps.clock();
        deps.events.emit('library.changed', {
          collections: ['watchlist', 'favorites', 'rated', 'lists'],
        });
      }
    });
    const now = status();
    deps.events.emit('sync.status', now);
    return now;
  }

  const offNetwork = deps.events.on('network.status', ({ online }) => {
    if (online) kick();
  });
  const stopTimer = deps.timers.every(REFRESH_INTERVAL_MS, () => {
    if (canSend()) void refresh();
  });
  // A run that paused on a rate limit or a server error resumes on its own, without a new change.
  const stopRetry = deps.timers.every(RETRY_INTERVAL_MS, () => {
    if (canSend() && countOf(['pending']) > 0) kick();
  });

  return {
    handlers: {
      'sync.now': () => refresh(),
      'sync.outbox': () => ({ entries: outboxView(deps.library, deps.titles), status: status() }),
      'sync.retryFailed': () => {
        deps.library.retryFailed();
        kick();
        return status();
      },
    },
    kick,
    refresh,
    status,
    idle: async () => {
      // Jobs queued while waiting extend the chain: wait until it stops growing.
      for (let seen = current; ; seen = current) {
        await seen;
        if (seen === current) return;
      }
    },
    close() {
      closed = true;
      offNetwork();
      stopTimer();
      stopRetry();
    },
  };
}

function outboxView(library: Library, titles: LocalTitles): OutboxEntryView[] {
  const open = library.entries(['pending', 'in_flight', 'failed', 'superseded']);
  const settled = library.entries(['sent', 'collapsed', 'cancelled']).slice(-RECENT_SETTLED);
  return [...open, ...settled]
    .sort((a, b) => a.seq - b.seq)
    .map((e) => ({
      seq: e.seq,
      label: labelOf(e.op, titles),
      status: e.status,
      attempts: e.attempts,
      lastError: e.lastError === null ? null : redact(e.lastError),
      queuedAt: e.queuedAt,
      nextAttemptAt: e.nextAttemptAt > 0 ? e.nextAttemptAt : null,
    }));
}

/** A sentence for the outbox view, e.g. "Add “Arrival” to the watchlist". */
export function labelOf(op: OutboxOp, titles: LocalTitles): string {
  const name = (kind: 'movie' | 'tv', id: number): string => {
    const title = titles.title(kind, id)?.title;
    return title ? `“${title}”` : `${kind === 'movie' ? 'movie' : 'series'} ${id}`;
  };
  switch (op.type) {
    case 'watchlist':
      return `${op.on ? 'Add' : 'Remove'} ${name(op.mediaType, op.mediaId)} ${op.on ? 'to' : 'from'} the watchlist`;
    case 'favorite':
      return `${op.on ? 'Add' : 'Remove'} ${name(op.mediaType, op.mediaId)} ${op.on ? 'to' : 'from'} favourites`;
    case 'rating': {
      const t = op.target;
      const what =
        t.mediaType === 'episode'
          ? `${name('tv', t.mediaId)} S${t.season}E${t.episode}`
          : name(t.mediaType, t.mediaId);
      return op.value === null ? `Remove the rating of ${what}` : `Rate ${what} ${op.value}/10`;
    }
    case 'list_create':
      return `Create the list “${op.name}”`;
    case 'list_item':
      return `${op.present ? 'Add' : 'Remove'} ${name('movie', op.mediaId)} ${op.present ? 'to' : 'from'} a list`;
    case 'list_clear':
      return 'Clear a list';
    case 'list_delete':
      return 'Delete a list';
  }
}
