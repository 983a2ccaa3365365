/**
 * Virtual time for tests: `clock` reads it, `sleep` schedules on it, and `run` advances it from
 * timer to timer once everything runnable has run. Keeps retry and rate tests instant and exact.
 */
export class FakeTime {
  now = 0;
  #seq = 0;
  readonly #timers: { at: number; seq: number; resolve: () => void }[] = [];
  /** Every sleep requested, in order (ms). */
  readonly sleeps: number[] = [];

  readonly clock = (): number => this.now;

  readonly sleep = (ms: number): Promise<void> => {
    this.sleeps.push(ms);
    return new Promise((resolve) => {
      this.#timers.push({ at: this.now + ms, seq: this.#seq++, resolve });
    });
  };

  get pendingTimers(): number {
    return this.#timers.length;
  }

  /** Advances through timers until `done` settles, then returns its outcome. */
  async run<T>(done: Promise<T>, maxSteps = 20_000): Promise<T> {
    const state = { settled: false };
    const watched = done.then(
      (value) => {
        state.settled = true;
        return value;
      },
      (error: unknown) => {
        state.settled = true;
        throw error;
      },
    );
    // Handled here so Node does not flag the rejection while time is still being advanced.
    watched.catch(() => undefined);
    for (let step = 0; step < maxSteps; step++) {
      await flush();
      if (state.settled) break;
      this.#timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.#timers.shift();
      if (!next) {
        // Nothing virtual is due: something real (a request timeout) is, so let a little real time pass.
        await new Promise<void>((resolve) => setTimeout(resolve, 1));
        continue;
      }
      this.now = Math.max(this.now, next.at);
      next.resolve();
    }
    return watched;
  }
}

/** Lets every queued promise callback run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
