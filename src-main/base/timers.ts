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
