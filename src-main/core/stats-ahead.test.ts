import { describe, expect, it } from 'vitest';
import { memoryLogger } from '../base/testing/memory-logger';
import { createStatsAhead, type StatsAheadDeps } from './stats-ahead';

/** Timers the test runs by hand, and a stand-in for the handlers that store what they compute. */
function harness(options: { stored?: boolean; free?: boolean } = {}) {
  const timers: Array<{ ms: number; run: () => void; live: boolean }> = [];
  const listeners = new Set<() => void>();
  const state = { stored: options.stored ?? false, free: options.free ?? true, asked: 0 };
  let answer: (() => void) | null = null;
  const deps: StatsAheadDeps = {
    stored: () => state.stored,
    ask: () => {
      state.asked += 1;
      return new Promise<void>((resolve) => {
        answer = () => {
          state.stored = true;
          resolve();
        };
      });
    },
    free: () => state.free,
    settled: () => Promise.resolve(),
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    later: (ms, run) => {
      const timer = { ms, run, live: true };
      timers.push(timer);
      return () => {
        timer.live = false;
      };
    },
    log: memoryLogger(),
    firstMs: 1_000,
    quietMs: 5_000,
  };
  return {
    ahead: createStatsAhead(deps),
    state,
    live: () => timers.filter((t) => t.live).map((t) => t.ms),
    /** Runs the live timers of `ms`. */
    fire: (ms: number) => {
      for (const t of timers.filter((x) => x.live && x.ms === ms)) {
        t.live = false;
        t.run();
      }
    },
    change: () => {
      for (const listener of listeners) listener();
    },
    answer: () => answer?.(),
    listeners: () => listeners.size,
  };
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('the Stats view’s answers computed ahead', () => {
  it('are computed a second after start-up unless stored', async () => {
    const missing = harness();
    missing.ahead.start();
    expect(missing.live()).toEqual([1_000]);
    missing.fire(1_000);
    expect(missing.state.asked).toBe(1);
    missing.answer();
    await turn();

    const stored = harness({ stored: true });
    stored.ahead.start();
    stored.fire(1_000);
    expect(stored.state.asked).toBe(0);
  });

  it('are computed again once the library is quiet after a change dropped them', async () => {
    const h = harness({ stored: true });
    h.ahead.start();
    h.fire(1_000);
    h.state.stored = false;
    // A burst of changes: each puts the run off, one run follows the last.
    h.change();
    h.change();
    h.change();
    expect(h.live()).toEqual([5_000]);
    h.fire(5_000);
    expect(h.state.asked).toBe(1);
    // A change while it runs: the next run waits for quiet again, then finds them stored.
    h.change();
    h.answer();
    await turn();
    h.fire(5_000);
    expect(h.state.asked).toBe(1);
  });

  it('are computed at a clean shutdown when not stored, and nothing runs after', async () => {
    const h = harness();
    h.ahead.start();
    const closed = h.ahead.flush(4_000);
    await turn();
    expect(h.state.asked).toBe(1);
    h.answer();
    await closed;
    expect(h.state.stored).toBe(true);
    expect(h.listeners()).toBe(0);
    // The first run's timer was cancelled; nothing is asked again.
    expect(h.live()).toEqual([]);
    h.change();
    expect(h.state.asked).toBe(1);
  });

  it('waits for a run under way at shutdown, then asks no more when they are stored', async () => {
    const h = harness();
    h.ahead.start();
    h.fire(1_000);
    const closed = h.ahead.flush(4_000);
    await turn();
    h.answer();
    await closed;
    expect(h.state.asked).toBe(1);
  });

  it('does not wait at shutdown longer than it is given, nor behind another job', async () => {
    const late = harness();
    const closed = late.ahead.flush(4_000);
    await turn();
    expect(late.state.asked).toBe(1);
    late.fire(4_000);
    await closed;
    expect(late.state.stored).toBe(false);

    const busy = harness({ free: false });
    await busy.ahead.flush(4_000);
    expect(busy.state.asked).toBe(0);
  });
});
