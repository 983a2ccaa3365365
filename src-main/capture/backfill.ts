import { CodedError } from '../../src-shared/ipc/errors';
import type { BackfillProgressView } from './capture-types';
import { viewingTime } from './count';
import { recordPlay, scopeOf, type ReceiveDeps, type ReceivingServer } from './receive';
import type { Resolution } from './resolve';
import { failureMessage } from './servers';
import type { BackfillItem, Connector } from './types';
import { localDate } from '../tracking/dates';

type Written = 'added' | 'review' | 'none';

export interface BackfillDeps extends Omit<ReceiveDeps, 'server' | 'changed'> {
  emit(progress: BackfillProgressView): void;
  changed(serverIds: string[]): void;
}

/**
 * Items read but not yet written, before the server is asked for its next page: enough that
 * TMDB's queue never runs dry while items that need no request are written.
 */
export const BACKFILL_AHEAD = 5_000;
/** Items being matched at once: all those read, as TMDB's request limiter paces the finds. */
export const BACKFILL_RESOLVING = BACKFILL_AHEAD;
/** Most items written per transaction, between which the event loop answers. */
export const BACKFILL_CHUNK = 100;
/** A transaction takes no further item once it has run this long (ms), so none stalls long. */
export const BACKFILL_SLICE_MS = 10;
/** Progress is announced after about this many items, and at the end. */
const BACKFILL_EMIT_EVERY = 200;

type Matched = [BackfillItem, Resolution | null];

/**
 * Reads a server's played films and episodes into the history. Every item read is matched to
 * TMDB at once while the server's next pages are read (TMDB's request limiter paces the finds),
 * so TMDB's rate is the only wait; what is matched is written a small chunk per transaction,
 * yielding between chunks, so the window never waits long and a server that vanishes halfway
 * loses nothing already read. A chunk that
 * fails is written again item by item: only the item that cannot be written is lost (and
 * counted as failed). One play per item (the server knows only the last time), none when the
 * history already has a play of it that day (or, undated, at all), and none twice for the same
 * item of the same account.
 */
export async function runBackfill(
  deps: BackfillDeps,
  server: ReceivingServer,
  connector: Connector,
  signal: AbortSignal,
): Promise<BackfillProgressView> {
  const progress: BackfillProgressView = {
    serverId: server.id,
    running: true,
    done: 0,
    total: 0,
    added: 0,
    review: 0,
    failed: 0,
    message: null,
  };
  const emit = (): void => {
    deps.emit({ ...progress });
  };
  if (!connector.backfill)
    throw new CodedError('unsupported', 'This server cannot be read for past plays.');
  if (server.chosenAccounts.length === 0)
    throw new CodedError('invalid_input', 'Choose the accounts whose plays count first.');
  emit();
  // TMDB's answers are written with the plays, not in a commit each.
  const held = deps.resolver.hold?.();

  /** Read, waiting to be matched. */
  let waiting: BackfillItem[] = [];
  let next = 0;
  let resolving = 0;
  /** Matched (or needing no match), waiting to be written. */
  const matched: Matched[] = [];
  /** Accepted and not yet written or dropped. */
  let outstanding = 0;
  let writing = false;
  let emittedAt = 0;
  const waiters: (() => void)[] = [];
  const settled = (): void => {
    for (const wake of waiters.splice(0)) wake();
  };
  /** Until some item is written, dropped or matched. */
  const someProgress = (): Promise<void> =>
    new Promise((resolve) => {
      waiters.push(resolve);
    });

  function match(): void {
    if (signal.aborted) {
      outstanding -= waiting.length - next;
      waiting = [];
      next = 0;
      settled();
      return;
    }
    while (resolving < BACKFILL_RESOLVING && next < waiting.length) {
      const item = waiting[next++] as BackfillItem;
      resolving += 1;
      deps.resolver
        .resolve(item)
        .then(
          (resolution) => {
            matched.push([item, resolution]);
          },
          () => {
            apply(1, { added: 0, review: 0, failed: 1 });
          },
        )
        .finally(() => {
          resolving -= 1;
          match();
          void flush();
        });
    }
    if (next === waiting.length) {
      waiting = [];
      next = 0;
    }
  }

  async function flush(): Promise<void> {
    if (writing) return;
    writing = true;
    try {
      while (matched.length > 0) {
        writeChunk();
        if (progress.done - emittedAt >= BACKFILL_EMIT_EVERY) {
          emittedAt = progress.done;
          emit();
        }
        settled();
        // Lets the window, the server's reads and TMDB's answers in before the next chunk.
        await new Promise(setImmediate);
      }
    } finally {
      writing = false;
      settled();
    }
  }

  /**
   * One transaction: up to BACKFILL_CHUNK matched items, fewer when they take longer than
   * BACKFILL_SLICE_MS, with the TMDB answers received meanwhile.
   */
  function writeChunk(): void {
    const taken: Matched[] = [];
    const started = performance.now();
    try {
      const kinds = deps.changes.write(() => {
        const out: Written[] = [];
        for (const next of matched) {
          if (taken.length >= BACKFILL_CHUNK) break;
          if (taken.length > 0 && performance.now() - started >= BACKFILL_SLICE_MS) break;
          taken.push(next);
          out.push(write(...next));
        }
        held?.flush();
        return out;
      });
      matched.splice(0, taken.length);
      apply(taken.length, tally(kinds));
    } catch {
      matched.splice(0, taken.length);
      // Rolled back as a whole: each item on its own, so only one that cannot be written is lost.
      for (const [item, resolution] of taken) {
        try {
          apply(1, tally([deps.changes.write(() => write(item, resolution))]));
        } catch {
          apply(1, { added: 0, review: 0, failed: 1 });
        }
      }
    }
  }
  const tally = (kinds: Written[]): { added: number; review: number; failed: number } => ({
    added: kinds.filter((k) => k === 'added').length,
    review: kinds.filter((k) => k === 'review').length,
    failed: 0,
  });
  function apply(n: number, counts: { added: number; review: number; failed: number }): void {
    progress.done += n;
    progress.added += counts.added;
    progress.review += counts.review;
    progress.failed += counts.failed;
    outstanding -= n;
    settled();
  }

  /** Whether anything read is still being matched or written (so progress will come). */
  const busy = (): boolean =>
    resolving > 0 || writing || matched.length > 0 || next < waiting.length;

  async function page(items: BackfillItem[]): Promise<void> {
    progress.total += items.length;
    for (const [i, item] of items.entries()) {
      if (signal.aborted) break;
      // A long page is taken in slices too.
      if (i > 0 && i % BACKFILL_CHUNK === 0) {
        match();
        void flush();
        await new Promise(setImmediate);
      }
      outstanding += 1;
      const counts = server.chosenAccounts.includes(item.account) && item.playCount >= 1;
      // Already captured (an earlier backfill): nothing to match.
      if (!counts || deps.store.links.has(server.id, item.account, item.itemKey))
        matched.push([item, null]);
      else waiting.push(item);
    }
    match();
    void flush();
    while (outstanding > BACKFILL_AHEAD && !signal.aborted && busy()) await someProgress();
  }

  function write(item: BackfillItem, resolution: Resolution | null): Written {
    if (resolution === null) return 'none';
    const at = item.lastPlayedAt === null ? null : viewingTime(item.lastPlayedAt, deps.clock());
    if (deps.store.links.has(server.id, item.account, item.itemKey)) return 'none';
    if (resolution.kind === 'review') {
      deps.store.review.add({
        serverId: server.id,
        serverKind: server.kind,
        serverName: server.name,
        account: item.account,
        itemKey: item.itemKey,
        mediaType: item.media,
        title: item.title,
        year: item.year,
        season: item.season,
        episode: item.episode,
        watchedAt: at,
        reason: resolution.reason,
        createdAt: deps.clock(),
      });
      return 'review';
    }
    const plays = deps.tracking.tracking.plays(scopeOf(resolution.target));
    const tz = deps.timeZone();
    // Already in the history that day (or, undated, at all), whoever recorded it.
    const day = at === null ? null : localDate(at, tz);
    const already = plays.some((p) =>
      day === null ? true : p.watchedAt !== null && localDate(p.watchedAt, tz) === day,
    );
    if (already) return 'none';
    recordPlay(
      deps,
      { server, account: item.account, itemKey: item.itemKey, title: item.title },
      resolution.target,
      at === null ? { kind: 'unknown' } : { kind: 'at', at },
    );
    return 'added';
  }

  let failure: { error: unknown } | null = null;
  try {
    await connector.backfill(page, signal);
  } catch (error) {
    failure = { error };
  }
  // What was read before the end (or the server's failure) is matched and written all the same.
  match();
  void flush();
  while (outstanding > 0 && busy()) await someProgress();
  held?.release();
  progress.message = signal.aborted
    ? 'Stopped; the plays read so far are kept.'
    : failure === null
      ? null
      : `The server stopped answering: ${failureMessage(failure.error)} The plays read so far are kept.`.slice(
          0,
          200,
        );
  progress.running = false;
  emit();
  deps.changed([server.id]);
  return { ...progress };
}
