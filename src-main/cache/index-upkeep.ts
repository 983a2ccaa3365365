import type { Timers } from '../base/timers';
import type { SearchIndexStore } from './store/search-upkeep';

export interface IndexUpkeepOptions {
  store: SearchIndexStore;
  timers: Timers;
  /** A monotonic clock in ms; performance.now by default. */
  now?: () => number;
  /** How often the step is tried. */
  intervalMs?: number;
  /** How long after the last write the cache counts as idle. */
  quietMs?: number;
  /** Most time one step may take, so an idle step never holds the main process for long. */
  budgetMs?: number;
  /** A failed step (a busy or closing database) is reported and retried on the next tick. */
  onError?: (error: unknown) => void;
}

export interface IndexUpkeep {
  /** Called on every write to the index (an ingest): postpones the next step. */
  noteWrite(): void;
  /** One step of merging, then a WAL checkpoint; returns whether any merge work was done. */
  step(): boolean;
  stop(): void;
}

/** Pages merged per statement: small, so the time budget is checked often. */
const MERGE_PAGES = 32;

/**
 * Keeps the offline search index compact in idle time. Writes never merge FTS5 segments
 * (automerge = 0, cache migration 004), so ingesting a page of results stays well under a
 * millisecond; this timer merges what accumulated once no write has come for `quietMs`, a few
 * milliseconds at a time, and then moves the write-ahead log into the database so a commit in
 * the hot path rarely pays for an automatic checkpoint.
 */
export function startIndexUpkeep(options: IndexUpkeepOptions): IndexUpkeep {
  const now = options.now ?? (() => performance.now());
  const quiet = options.quietMs ?? 1_000;
  const budget = options.budgetMs ?? 8;
  let lastWrite = Number.NEGATIVE_INFINITY;
  let dirty = false;

  const step = (): boolean => {
    const start = now();
    let merged = false;
    while (now() - start < budget && options.store.merge(MERGE_PAGES)) merged = true;
    if (merged || dirty) options.store.checkpoint();
    dirty = false;
    return merged;
  };

  const stopTimer = options.timers.every(options.intervalMs ?? 2_000, () => {
    if (now() - lastWrite < quiet) return;
    try {
      step();
    } catch (error) {
      options.onError?.(error);
    }
  });

  return {
    noteWrite: () => {
      lastWrite = now();
      dirty = true;
    },
    step,
    stop: stopTimer,
  };
}
