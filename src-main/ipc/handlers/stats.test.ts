import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { StatsService } from '../../stats/stats-service';
import { addPlay, tempStats, type TempStats } from '../../stats/testing/temp-stats';
import type { HeavyWork } from '../../worker/heavy';
import { statsHandlers } from './stats';

type Overview = Awaited<ReturnType<HeavyWork['statsOverview']>>;

/** A worker stand-in whose overviews answer only when the test says so, counting each one. */
function heldWorker(): {
  heavy: HeavyWork;
  computed: () => number;
  answer: (value: Overview) => void;
} {
  const waiting: Array<(value: Overview) => void> = [];
  const heavy = {
    statsOverview: () => new Promise<Overview>((resolve) => waiting.push(resolve)),
  } as unknown as HeavyWork;
  return {
    heavy,
    computed: () => waiting.length,
    answer: (value) => {
      for (const resolve of waiting.splice(0)) resolve(value);
    },
  };
}

/**
 * The stats service as the handlers see it, over a real library (its version is the store's),
 * storing no answer (stats-stored.test.ts is about those).
 */
const serviceOf = (temp: TempStats): StatsService =>
  ({
    stats: temp.stats,
    version: () => temp.store.version(),
    answerKey: () => ({ channel: 'stats.overview', input: '', day: '' }),
    stored: () => undefined,
    claim: () => null,
    keep: () => undefined,
  }) as unknown as StatsService;

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('identical stats calls at once', () => {
  let temp: TempStats | undefined;
  afterEach(() => {
    temp?.cleanup();
    temp = undefined;
  });

  it('twenty identical overviews cost one computation and all get its answer', async () => {
    temp = tempStats();
    const worker = heldWorker();
    const handlers = statsHandlers(() =>
      Promise.resolve({
        stats: serviceOf(temp as TempStats),
        libraryProblem: null,
        heavy: worker.heavy,
      }),
    );
    const calls = Array.from({ length: 20 }, () =>
      Promise.resolve(handlers['stats.overview']({ media: 'all' })),
    );
    await settle();
    expect(worker.computed()).toBe(1);
    const value = { marker: 'one answer' } as unknown as Overview;
    worker.answer(value);
    const answers = await Promise.all(calls);
    expect(answers.every((a) => a === value)).toBe(true);
    // Once answered, the next call computes again.
    const later = handlers['stats.overview']({ media: 'all' });
    await settle();
    expect(worker.computed()).toBe(1);
    worker.answer(value);
    await later;
  });

  it('different inputs, and calls after a committed change, get computations of their own', async () => {
    temp = tempStats();
    const t = temp;
    const worker = heldWorker();
    const handlers = statsHandlers(() =>
      Promise.resolve({ stats: serviceOf(t), libraryProblem: null, heavy: worker.heavy }),
    );
    const first = handlers['stats.overview']({ media: 'all' });
    const films = handlers['stats.overview']({ media: 'movie' });
    await settle();
    expect(worker.computed()).toBe(2);
    // A play committed by this connection: a new call does not join the one begun before it.
    addPlay(t.db, { movie: 5, at: 1 });
    const afterOwn = handlers['stats.overview']({ media: 'all' });
    await settle();
    expect(worker.computed()).toBe(3);
    // Committed by another connection (the worker's, an import's).
    const other = new Database(t.file);
    other.prepare("UPDATE watch_plays SET watched_at = 2 WHERE media_type = 'movie'").run();
    other.close();
    const afterOther = handlers['stats.overview']({ media: 'all' });
    const joined = handlers['stats.overview']({ media: 'all' });
    await settle();
    expect(worker.computed()).toBe(4);
    worker.answer({} as Overview);
    await Promise.all([first, films, afterOwn, afterOther, joined]);
  });

  it('on the main thread too, identical calls made together share one answer', async () => {
    temp = tempStats();
    addPlay(temp.db, { movie: 7, at: Date.UTC(2024, 0, 1) });
    const handlers = statsHandlers(() =>
      Promise.resolve({ stats: serviceOf(temp as TempStats), libraryProblem: null }),
    );
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        Promise.resolve(handlers['stats.overview']({ media: 'all' })),
      ),
    );
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toEqual(temp.stats.overview({ media: 'all' }));
  });
});
