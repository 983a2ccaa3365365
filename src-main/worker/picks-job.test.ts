import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryLogger } from '../base/testing/memory-logger';
import { computePicks, picksReaders, type PicksJob } from '../picks/compute';
import {
  cacheLists,
  cacheTitle,
  picksFixture,
  rate,
  saveFacts,
  watch,
  type PicksFixture,
} from '../picks/testing/picks-fixture';
import type { HeavyJobs } from './jobs';
import { createJobRunner, type JobRun, type JobRunner } from './runner';
import { buildWorker, type BuiltWorker } from './testing/build-worker';

/** The picks the worker works out are the ones this thread would, on the same files. */
const NOW = Date.UTC(2026, 0, 15, 12);
const DAY = 86_400_000;

let built: BuiltWorker;
let fx: PicksFixture;
let runner: JobRunner<HeavyJobs>;
const ran: JobRun[] = [];

beforeAll(async () => {
  built = await buildWorker(path.join(import.meta.dirname, 'entry.ts'));
  fx = picksFixture();
  for (let id = 1; id <= 40; id++) {
    const kind = id % 4 === 0 ? 'tv' : 'movie';
    watch(fx.library, kind, id, NOW - id * 20 * DAY, id % 5 === 0 ? 3 : 1);
    if (id % 3 === 0) rate(fx.library, kind, id, 5 + (id % 6));
    saveFacts(fx.library, kind, id, {
      genres: [{ id: 18 + (id % 3), name: 'G' }],
      releaseDate: `${String(1970 + id)}-01-01`,
      cast: [{ id: 900 + (id % 7), name: 'C', profilePath: null }],
    });
    if (id % 7 !== 0)
      cacheLists(
        fx.cache,
        kind,
        id,
        Array.from({ length: 12 }, (_, n) => ({
          id: 1000 + ((id * 13 + n * 7) % 150),
          genres: [18 + (n % 3)],
          date: `${String(1980 + n)}-02-02`,
        })),
        { people: { cast: [900 + (id % 5)] } },
      );
  }
  for (let id = 1000; id < 1020; id++) cacheTitle(fx.cache, 'movie', id, id);
  runner = createJobRunner<HeavyJobs>({
    entry: built.file,
    setup: { cacheFile: fx.cacheFile, libraryFile: fx.libraryFile },
    log: memoryLogger(),
    observe: (run) => ran.push(run),
  });
});
afterAll(async () => {
  await runner.close();
  fx.cleanup();
  built.remove();
});

describe('the picks job', () => {
  it('answers in the worker what this thread answers', async () => {
    const jobs: PicksJob[] = [
      { now: NOW, limit: 200, popular: null },
      { now: NOW, limit: 5, popular: null },
      { now: NOW + 400 * DAY, limit: 30, popular: null },
    ];
    const here = picksReaders(fx.library, fx.cache);
    for (const job of jobs) {
      const fromWorker = await runner.run('picks.compute', job);
      expect(fromWorker).toEqual(computePicks(here, job));
      expect(fromWorker.basis).toBe('history');
      expect(fromWorker.items.length).toBe(Math.min(job.limit, fromWorker.items.length));
      expect(fromWorker.items.length).toBeGreaterThan(4);
    }
    // Twice on the same files: the same answer from the worker's kept readers.
    expect(await runner.run('picks.compute', jobs[0] as PicksJob)).toEqual(
      computePicks(here, jobs[0] as PicksJob),
    );
    expect(ran.map((r) => r.kind)).toEqual(Array(4).fill('picks.compute'));
    expect(ran.every((r) => !r.isMainThread && r.threadId > 0)).toBe(true);
  });

  it('sees a play marked on this thread at the next call', async () => {
    const job: PicksJob = { now: NOW, limit: 200, popular: null };
    const before = await runner.run('picks.compute', job);
    const first = before.items[0];
    expect(first).toBeDefined();
    watch(fx.library, first?.mediaType ?? 'movie', first?.id ?? 0, NOW - DAY);
    const after = await runner.run('picks.compute', job);
    expect(after.items.some((p) => p.id === first?.id && p.mediaType === first.mediaType)).toBe(
      false,
    );
    expect(after).toEqual(computePicks(picksReaders(fx.library, fx.cache), job));
  });
});
