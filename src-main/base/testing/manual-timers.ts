import type { Timers } from '../timers';

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
