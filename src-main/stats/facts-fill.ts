import type { Logger } from '../base/log';
import { errorCode } from '../base/errors';
import type { FactsSource } from './facts-source';
import type { FactsStore, TitleRef } from './store/facts';

export interface FactsFillDeps {
  facts: FactsStore;
  source: FactsSource;
  online: () => boolean;
  clock: () => number;
  sleep: (ms: number) => Promise<void>;
  log: Logger;
  /** After each batch that stored something, and when a run ends. */
  onBatch: () => void;
  /** Pause between two fetches, so a long history is filled politely. Default 250 ms. */
  intervalMs?: number;
  /** Titles read from the store per batch. Default 20. */
  batch?: number;
  /** Resolves when a write would not wait for the worker's transaction (see db/write-turn.ts). */
  turn?: () => Promise<void>;
}

export interface FactsFill {
  /** Starts a run unless one is going; resolves when that run ends. */
  kick(): Promise<void>;
  running(): boolean;
  /** Finishes the current fetch and stops. */
  stop(): void;
}

/**
 * Fills the facts of watched titles in the background: the most recently watched first, one
 * fetch at a time with a pause between, stopping when offline (nothing is counted against a
 * title then) and resuming from the store on the next kick, since what is done is stored. A 404
 * is remembered as gone; other failures wait longer each time (store/facts.ts `retryWaitMs`).
 */
export function createFactsFill(deps: FactsFillDeps): FactsFill {
  const interval = deps.intervalMs ?? 250;
  const batch = deps.batch ?? 20;
  let current: Promise<void> | null = null;
  let stopped = false;
  const turn = deps.turn ?? (() => Promise.resolve());

  const fetchOne = async (ref: TitleRef): Promise<'stored' | 'offline' | 'failed'> => {
    try {
      const facts = await deps.source(ref);
      await turn();
      deps.facts.save(facts, deps.clock());
      return 'stored';
    } catch (error) {
      const code = errorCode(error);
      await turn();
      if (code === 'not_found') {
        deps.facts.markGone(ref, deps.clock());
        return 'stored';
      }
      if (code === 'offline' || code === 'timeout' || !deps.online()) return 'offline';
      deps.facts.markFailed(ref, deps.clock(), code ?? 'unexpected answer');
      deps.log.debug('stats.facts_failed', { mediaType: ref.mediaType, id: ref.id, code });
      return 'failed';
    }
  };

  const run = async (): Promise<void> => {
    // A title that keeps failing is skipped until its wait is over, so a run always ends.
    const tried = new Set<string>();
    // `stop()` may be called while a fetch is awaited: read the flag afresh each time.
    const halted = (): boolean => stopped || !deps.online();
    while (!halted()) {
      const due = deps.facts
        .due(deps.clock(), batch + tried.size)
        .filter((ref) => !tried.has(`${ref.mediaType}:${String(ref.id)}`))
        .slice(0, batch);
      if (due.length === 0) break;
      let stored = 0;
      for (const ref of due) {
        if (halted()) break;
        tried.add(`${ref.mediaType}:${String(ref.id)}`);
        const outcome = await fetchOne(ref);
        // Offline: what was stored is announced when the run ends (`kick`'s finally).
        if (outcome === 'offline') return;
        if (outcome === 'stored') stored += 1;
        await deps.sleep(interval);
      }
      if (stored > 0) deps.onBatch();
    }
  };

  return {
    kick() {
      if (current) return current;
      stopped = false;
      current = run()
        .catch((error: unknown) => {
          // The store failed (disk full, closed): the next kick starts over from what was saved.
          deps.log.warn('stats.fill_failed', { error });
        })
        .finally(() => {
          current = null;
          deps.onBatch();
        });
      return current;
    },
    running: () => current !== null,
    stop() {
      stopped = true;
    },
  };
}
