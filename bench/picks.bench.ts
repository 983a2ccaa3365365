/**
 * `npm run bench -- picks`: "For you" for a history of 5,000 titles and 50,000 plays from a warm
 * cache (every title's details, with its recommendations, cached), worked out in the worker
 * thread as the app does: p95 ≤ 100 ms, and the longest main-thread stall while it runs.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { memoryLogger } from '../src-main/base/testing/memory-logger';
import { computePicks, picksReaders, type PicksJob } from '../src-main/picks/compute';
import { picksFixture } from '../src-main/picks/testing/picks-fixture';
import type { HeavyJobs } from '../src-main/worker/jobs';
import { createJobRunner } from '../src-main/worker/runner';
import { buildWorker } from '../src-main/worker/testing/build-worker';
import { measureStall } from './stall';
import { percentile, round, type BenchResult } from './stats';

const PROFILE = { titles: 5_000, plays: 50_000 };
const NOW = Date.UTC(2026, 5, 15, 12);
const RUNS = 40;
const BUDGET_MS = 100;
const STALL_BUDGET_MS = 50;
const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

const progress = (step: string): void => {
  process.stderr.write(`  picks: ${step}\n`);
};

export async function runPicksBenchmarks(): Promise<BenchResult[]> {
  const fx = picksFixture();
  const built = await buildWorker(path.join(ROOT, 'src-main', 'worker', 'entry.ts'));
  const runner = createJobRunner<HeavyJobs>({
    entry: built.file,
    setup: { cacheFile: fx.cacheFile, libraryFile: fx.libraryFile },
    log: memoryLogger(),
  });
  try {
    progress(`seeding ${String(PROFILE.titles)} titles and ${String(PROFILE.plays)} plays`);
    execFileSync(
      process.execPath,
      [
        ...process.execArgv,
        path.join(ROOT, 'bench', 'picks-seed.ts'),
        fx.dir,
        String(PROFILE.titles),
        String(PROFILE.plays),
        String(NOW),
      ],
      { stdio: 'inherit' },
    );
    const job = (n: number): PicksJob => ({ now: NOW + n, limit: 60, popular: null });

    progress('the first call (the worker starts and reads every response once)');
    const firstStart = performance.now();
    const first = await runner.run('picks.compute', job(0));
    const firstMs = performance.now() - firstStart;
    if (first.basis !== 'history' || first.items.length < 20)
      throw new Error('the picks benchmark found no picks');

    progress(`${String(RUNS)} calls`);
    const samples: number[] = [];
    const stall = await measureStall(async () => {
      for (let n = 1; n <= RUNS; n++) {
        const start = performance.now();
        await runner.run('picks.compute', job(n));
        samples.push(performance.now() - start);
      }
    });

    // The same work on this thread, for comparison: what the worker keeps off the window.
    const here = picksReaders(fx.library, fx.cache);
    computePicks(here, job(0));
    const inline = await measureStall(() => computePicks(here, job(1)));

    const p95 = percentile(samples, 95);
    const median = percentile(samples, 50);
    return [
      {
        name: 'picks: 5,000 titles, 50,000 plays, warm cache, in the worker (p95)',
        unit: 'ms',
        value: round(p95),
        budget: BUDGET_MS,
        note: `median ${String(round(median))} ms over ${String(RUNS)} calls; first call ${String(round(firstMs))} ms (worker start and first read of every cached response); ${String(first.seeds)} seeds, ${String(first.items.length)} picks`,
      },
      {
        name: 'picks: longest main-thread stall while the worker ranks',
        unit: 'ms',
        value: round(stall.longestMs),
        budget: STALL_BUDGET_MS,
        note: `${String(stall.longTasks)} gaps of 50 ms or more in ${String(round(stall.totalMs))} ms; the same ranking on the main thread blocks it ${String(round(inline.longestMs))} ms`,
      },
    ];
  } finally {
    await runner.close();
    built.remove();
    fx.cleanup();
  }
}
