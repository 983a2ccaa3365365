/**
 * Repeating timers, injectable so tests can drive the periodic probe and refresh by hand.
 * `every` returns the function that stops the timer.
 */
export interface Timers {
  every(ms: number, run: () => void): () => void;
}

export const realTimers: Timers = {
  every(ms, run) {
    const handle = setInterval(run, ms);
    // A timer must never keep the process alive on its own (tests, the harness, a clean quit).
    handle.unref();
    return () => {
      clearInterval(handle);
    };
  },
};

/** Timers a test fires by hand: `tick(ms)` runs every timer whose period is `ms`. */
export function manualTimers(): Timers & { tick(ms: number): void; active(): number } {
  const entries = new Set<{ ms: number; run: () => void }>();
  return {
    every(ms, run) {
      const entry = { ms, run };
      entries.add(entry);
      return () => entries.delete(entry);
    },
    tick(ms) {
      for (const entry of [...entries]) if (entry.ms === ms) entry.run();
    },
    active: () => entries.size,
  };
}
