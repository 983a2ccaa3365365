import type {
  AuthStatus,
  DeadLetterView,
  OutboxEntryView,
  PullFailure,
  SyncStatus,
} from '../../../src-shared/ipc/contract';
import { redact } from '../../../src-shared/redact';
import { toStorageError } from '../../db/storage-errors';
import type { EventBus } from '../../base/events';
import type { Logger } from '../../base/log';
import type { Timers } from '../../base/timers';
import type { Library, OutboxEntry } from '../store/library';
import type { TitleLookup } from '../title-lookup';
import { outboxView } from './outbox-view';
import { createSync, type SyncReport, type WireOp, type SendResult } from './replay';

/** While online and signed in, the account is pulled again this often. */
export const REFRESH_INTERVAL_MS = 10 * 60_000;
/** Paused runs are resumed this often while changes wait. */
export const RETRY_INTERVAL_MS = 60_000;

export interface SyncSchedulerDeps {
  library: Library;
  send: (op: WireOp) => Promise<SendResult | undefined>;
  /**
   * Reads the whole account (or a guest's ratings) and replaces the mirror; returns the parts that
   * could not be read (their mirror was kept).
   */
  pull: () => Promise<PullFailure[] | undefined>;
  authState: () => AuthStatus['state'];
  online: () => boolean;
  events: EventBus;
  titles: TitleLookup;
  timers: Timers;
  clock: () => number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  log: Logger;
}

export interface SyncScheduler {
  /** Sends what waits, when online and signed in; safe to call any time, runs never overlap. */
  kick(): void;
  /** Pushes, then pulls the account (sign-in, the periodic refresh, `sync.now`). */
  refresh(): Promise<SyncStatus>;
  status(): SyncStatus;
  /** The outbox as the UI lists it, with the status. */
  outbox(): { entries: OutboxEntryView[]; deadLetters: DeadLetterView[]; status: SyncStatus };
  /** Puts failed changes back in the queue and sends them when it can. */
  retryFailed(): SyncStatus;
  /** Resolves when no run is going (shutdown, tests). */
  idle(): Promise<void>;
  close(): void;
}

/**
 * Replays the outbox through the replay engine (`replay.ts`), which owns ordering, collapsing,
 * retries and the conflict rule. The scheduler decides when: after each change while
 * online, when the network returns, on `sync.now`, after sign-in, and every ten minutes while
 * online (then also pulling the account). Progress goes out on `sync.status`.
 */
export function createSyncScheduler(deps: SyncSchedulerDeps): SyncScheduler {
  let running = false;
  let lastSyncedAt: number | null = null;
  let lastError: string | null = null;
  let pullFailures: PullFailure[] = [];
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
  const countOf = (statuses: OutboxEntry['status'][]): number => deps.library.count(statuses);

  function status(): SyncStatus {
    return {
      running,
      total: progress.total,
      done: progress.done,
      failed: countOf(['failed']),
      pending: countOf(['pending', 'in_flight']),
      lastSyncedAt,
      lastError,
      pullFailures,
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
        // A full disk or a busy file reads as such, not as an unexplained failure.
        const plain = toStorageError(error);
        lastError = redact(plain instanceof Error ? plain.message : String(plain));
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
        pullFailures = (await deps.pull()) ?? [];
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
    kick,
    refresh,
    status,
    outbox: () => ({
      entries: outboxView(deps.library, deps.titles),
      deadLetters: deps.library.deadLetters().map((d) => ({ ...d, reason: redact(d.reason) })),
      status: status(),
    }),
    retryFailed: () => {
      deps.library.retryFailed();
      kick();
      return status();
    },
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
