import type { WriteTurns } from '../src-main/db/write-turn';
import type { Tracking } from '../src-main/tracking/tracking';
import type { BenchResult } from './stats';
import { round } from './stats';

/** How often the person marks a film while another computer's history merges. */
const EVERY_MS = 150;
/** Films no generated history holds, so each mark is a new play. */
const FIRST_FILM = 9_000_000;

export interface MarksDuring {
  /** Stops marking; resolves once the last mark is written. */
  stop(): Promise<BenchResult[]>;
  /** How many plays were marked so far. */
  count(): number;
}

/**
 * Marks a film every 150 ms, the way a window's `tracking.mark` runs: the call waits for its turn
 * at the write lock (without blocking this thread), then writes. Measures the write itself, which
 * runs on this thread, and the wait before it.
 */
export function markDuring(label: string, tracking: Tracking, turns: WriteTurns): MarksDuring {
  const writes: number[] = [];
  const waits: number[] = [];
  const state = { stopped: false };
  let marked = 0;
  const loop = (async () => {
    while (!state.stopped) {
      await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
      const asked = performance.now();
      await turns.turn();
      const turn = performance.now();
      tracking.mark({ scope: 'movie', movieId: FIRST_FILM + marked });
      writes.push(performance.now() - turn);
      waits.push(turn - asked);
      marked += 1;
    }
  })();
  return {
    count: () => marked,
    async stop() {
      state.stopped = true;
      await loop;
      const most = (values: number[]): number => round(Math.max(0, ...values), 1);
      return [
        {
          name: `sync: a play marked during ${label}, its write on the main thread, longest`,
          unit: 'ms',
          value: most(writes),
          budget: 50,
          note: `${String(writes.length)} plays marked, one every ${String(EVERY_MS)} ms`,
        },
        {
          name: `sync: a play marked during ${label}, waiting for its turn (main thread free), longest`,
          unit: 'ms',
          value: most(waits),
          budget: null,
          note: 'the worker’s transaction ending: the call answers later, no window waits',
        },
      ];
    },
  };
}
