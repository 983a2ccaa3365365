import type { Logger } from '../base/log';
import type { Timers } from '../base/timers';
import { checkApart, type CacheCheck } from '../db/cache-check';

/** How long after start-up the cache's full integrity check begins (on a thread of its own). */
export const CACHE_CHECK_AFTER_MS = 60_000;

export interface CacheChecks {
  /** Checks `file` once, `CACHE_CHECK_AFTER_MS` after now (the cache was opened from disk). */
  start(file: string): void;
  /**
   * Checks now unless a check is running: a call met damage, which may be the cache's (the check
   * marks it, and the next start rebuilds it; the library's own check finds the library's).
   */
  check: () => void;
  /** Stops the timer and a running check (closing). */
  stop(): Promise<void>;
}

/** The cache's integrity check after start-up (see db/cache-check.ts), as the core runs it. */
export function cacheChecks(timers: Timers, log: Logger): CacheChecks {
  let file: string | undefined;
  let running: CacheCheck | undefined;
  let stopped = false;
  let stopTimer: (() => void) | undefined;
  const check = (): void => {
    if (file === undefined || running !== undefined || stopped) return;
    const current = checkApart(file);
    running = current;
    void current.result
      .then(
        (problem) => {
          if (problem !== null) log.warn('db.cache_damaged', { reason: problem });
        },
        (error: unknown) => {
          log.warn('db.cache_check_failed', { error });
        },
      )
      .finally(() => {
        if (running === current) running = undefined;
      });
  };
  return {
    start(cacheFile) {
      file = cacheFile;
      stopTimer = timers.every(CACHE_CHECK_AFTER_MS, () => {
        stopTimer?.();
        check();
      });
    },
    check,
    async stop() {
      stopped = true;
      stopTimer?.();
      await running?.stop();
    },
  };
}
