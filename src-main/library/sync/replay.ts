import { redact } from '../../../src-shared/redact';
import { errorCode } from '../../base/errors';
import type { OutboxOp } from '../changes';
import type { NetOp } from '../collapse';
import type { Library } from '../store/library';

/**
 * An op as sent: list ids resolved to the server's. `uncertain`: an earlier try may have reached
 * TMDB without its answer reaching us (a list creation is then looked up before it is made again).
 */
export type WireOp = OutboxOp & { listServerId?: number; uncertain?: boolean };

export interface SendResult {
  /** For list_create: the id TMDB gave the new list. */
  listServerId?: number;
}

/** What the server says about the item an op targets, read just before sending. */
export interface RemoteState {
  /** The server's current state expressed as the op that would set it. */
  op: OutboxOp;
  /** When the server's state last changed, when known (ms since the epoch). */
  changedAt: number | null;
}

export interface SyncProgress {
  total: number;
  done: number;
  failed: number;
  running: boolean;
}

export interface SyncReport extends SyncProgress {
  superseded: number;
  remaining: number;
  /** Set when the run stopped early on a transient error; the entries stay queued. */
  stoppedBy?: string;
}

export interface SyncOptions {
  library: Library;
  send: (op: WireOp) => Promise<SendResult | undefined>;
  readRemoteState?: (op: OutboxOp) => Promise<RemoteState | null>;
  clock: () => number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  onProgress?: (progress: SyncProgress) => void;
  /** Attempts per op within one run before it waits for the next run. */
  attemptsPerRun?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

const TRANSIENT = new Set(['offline', 'timeout', 'rate_limited', 'upstream']);

/** A failure without a code of its own counts as Marquee's (`internal`): it is not retried. */
function codeOf(error: unknown): string {
  return errorCode(error) ?? 'internal';
}
function errorText(error: unknown): string {
  return redact(error instanceof Error ? error.message : String(error));
}
function retryAfterMs(error: unknown): number | undefined {
  const value =
    typeof error === 'object' && error !== null && 'retryAfterMs' in error
      ? error.retryAfterMs
      : undefined;
  return typeof value === 'number' && value >= 0 ? value : undefined;
}

function sameState(a: OutboxOp, b: OutboxOp): boolean {
  if (a.type === 'rating' && b.type === 'rating') return a.value === b.value;
  if ((a.type === 'watchlist' || a.type === 'favorite') && a.type === b.type) return a.on === b.on;
  return false;
}

/**
 * Replays the outbox to TMDB.
 *
 * - Order: ops go in queue order, collapsed to the last intent per item; every op is a set-state,
 *   so an op repeated after a lost answer changes nothing. A list creation is the exception: it
 *   carries a marker, and a retry first looks for a list with that marker on the account.
 * - Transient errors (offline, timeout, rate_limited, upstream) are retried with exponential
 *   backoff and full jitter, honouring Retry-After; `offline` ends the run at once. After
 *   `attemptsPerRun` tries the op stays queued with its next attempt time and the run ends, so
 *   later ops never overtake it.
 * - Permanent errors (any other code, e.g. invalid_input, not_found, unauthorized) mark the op
 *   failed with the reason, visible to the user, and are not retried unless the user asks.
 *   Ops on a list whose creation failed fail with it.
 *
 * Conflict rule: before a watchlist, favourite or rating op is sent, the server's state of that
 * item may be read (`readRemoteState`). When the server reports a change made after our op was
 * queued, and its state differs from ours, the newer server change wins: our op is not sent, it
 * is kept as `superseded` (with the reason, for the user to see), and the mirror takes the server's
 * state. Otherwise — no timestamp, an older change, or the same state — our op is sent.
 */
export function createSync(options: SyncOptions): { run(): Promise<SyncReport> } {
  const { library, clock, sleep, random } = options;
  const attemptsPerRun = options.attemptsPerRun ?? 6;
  const base = options.baseDelayMs ?? 500;
  const cap = options.maxDelayMs ?? 60_000;
  let running: Promise<SyncReport> | null = null;

  const backoff = (attempt: number, error: unknown): number =>
    retryAfterMs(error) ?? Math.round(random() * Math.min(cap, base * 2 ** Math.min(attempt, 20)));

  async function runOnce(): Promise<SyncReport> {
    const failedLists = new Set<string>();
    const progress: SyncProgress = { total: 0, done: 0, failed: 0, running: true };
    let superseded = 0;
    let stoppedBy: string | undefined;
    let queue = library.pending();
    progress.total = queue.length;
    options.onProgress?.({ ...progress });

    while (queue.length > 0 && stoppedBy === undefined) {
      const net = queue[0] as NetOp;
      const outcome = await sendOne(net, failedLists);
      if (outcome === 'sent') progress.done += 1;
      else if (outcome === 'failed') progress.failed += 1;
      else if (outcome === 'superseded') superseded += 1;
      else stoppedBy = outcome.stoppedBy;
      options.onProgress?.({ ...progress });
      // Changes made while syncing join the run; the queue is re-read so collapsing stays exact.
      queue = library.pending();
      progress.total = Math.max(
        progress.total,
        progress.done + progress.failed + superseded + queue.length,
      );
    }
    progress.running = false;
    options.onProgress?.({ ...progress });
    const report: SyncReport = { ...progress, superseded, remaining: queue.length };
    return stoppedBy === undefined ? report : { ...report, stoppedBy };
  }

  async function sendOne(
    net: NetOp,
    failedLists: Set<string>,
  ): Promise<'sent' | 'failed' | 'superseded' | { stoppedBy: string }> {
    const op = net.op;
    const listId = 'listId' in op ? op.listId : undefined;
    if (listId !== undefined && op.type !== 'list_create') {
      const serverId = library.serverListId(listId);
      if (serverId === null) {
        library.markFailed(
          net,
          failedLists.has(listId)
            ? 'the list could not be created on TMDB'
            : 'the list is not on TMDB',
        );
        return 'failed';
      }
    }
    if (
      options.readRemoteState &&
      (op.type === 'watchlist' || op.type === 'favorite' || op.type === 'rating')
    ) {
      try {
        const remote = await options.readRemoteState(op);
        if (
          remote &&
          remote.changedAt !== null &&
          remote.changedAt > net.queuedAt &&
          !sameState(remote.op, op)
        ) {
          library.markSuperseded(net, 'a newer change made on TMDB replaced this one', remote.op);
          return 'superseded';
        }
      } catch {
        // The state could not be read: fall through and send (the op is a set-state).
      }
    }
    for (let attempt = 1; ; attempt++) {
      library.markInFlight(net);
      const uncertain = net.attempts + attempt > 1;
      const wire: WireOp =
        listId !== undefined && op.type !== 'list_create'
          ? { ...op, listServerId: library.serverListId(listId) ?? -1, uncertain }
          : { ...op, uncertain };
      try {
        const result = await options.send(wire);
        library.markSent(net, result);
        return 'sent';
      } catch (error) {
        const code = codeOf(error);
        if (!TRANSIENT.has(code)) {
          library.markFailed(net, `${code}: ${errorText(error)}`);
          if (op.type === 'list_create') failedLists.add(op.listId);
          return 'failed';
        }
        const delay = backoff(net.attempts + attempt, error);
        library.markRetry(net, `${code}: ${errorText(error)}`, clock() + delay);
        if (code === 'offline' || attempt >= attemptsPerRun) return { stoppedBy: code };
        await sleep(delay);
      }
    }
  }

  return {
    run() {
      running ??= runOnce().finally(() => (running = null));
      return running;
    },
  };
}
