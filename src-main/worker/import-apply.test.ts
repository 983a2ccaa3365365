import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogue, type Catalogue } from '../../catalogue';
import type { ImportJobView } from '../../src-shared/ipc/contract';
import { startTestCore, type TestCore } from '../core/testing/core';
import { everyPlayOf } from '../core/testing/history';
import { encode, traktIds } from '../import/read/testing/builders';
import { until } from '../import/testing/restore';
import type { JobRun } from './runner';
import { buildWorker, type BuiltWorker } from './testing/build-worker';

/**
 * A file's watched rows are applied in the worker: the same plays, outcomes and result as the
 * main process applies, announced here once the worker is done; Cancel stops it between chunks.
 */
const NOW = Date.UTC(2026, 0, 15, 12);
const ALL = { watched: true, ratings: true, watchlist: true, favourites: true, lists: true };
/** Enough rows for several chunks of the apply. */
const ROWS = 1_500;

let built: BuiltWorker;
let catalogue: Catalogue;
const ran: JobRun[] = [];

const core = async (worker: boolean): Promise<TestCore> => {
  const t = await startTestCore({
    useCatalogue: catalogue,
    ...(worker ? { core: { worker: { entry: built.file, observe: (r) => ran.push(r) } } } : {}),
  });
  t.clock.now = NOW;
  await t.signIn();
  return t;
};

/** A Trakt history of `rows` plays of the catalogue's films, and a Letterboxd-style rewatch. */
function traktHistory(rows: number): Uint8Array {
  const films = catalogue.data.movies.filter((m) => !m.adult);
  return encode(
    JSON.stringify(
      Array.from({ length: rows }, (_, n) => {
        const film = films[n % films.length];
        return {
          id: 5_000 + n,
          watched_at: new Date(Date.UTC(2025, 0, 1) - n * 3_600_000).toISOString(),
          action: 'watch',
          type: 'movie',
          movie: {
            title: film?.title ?? '',
            year: Number(film?.date.slice(0, 4)),
            ids: traktIds(n + 1, film?.id ?? 0),
          },
        };
      }),
    ),
  );
}

async function history(t: TestCore): Promise<string[]> {
  return (await everyPlayOf(t)).map((p) => `${p.uid}@${String(p.watchedAt)}`).sort();
}

async function analysed(t: TestCore, rows: number): Promise<ImportJobView> {
  const staged = await t.core.imports.stageBytes('watched-history.json', traktHistory(rows));
  const { jobId } = await t.value('import.analyse', { sourceId: staged.sourceId });
  return until(t, jobId, ['ready', 'failed']);
}

beforeAll(async () => {
  built = await buildWorker(path.join(import.meta.dirname, 'entry.ts'));
  catalogue = await startCatalogue({ titles: 200, messy: false });
}, 60_000);
afterAll(async () => {
  await catalogue.close();
  built.remove();
});

describe('an import’s apply in the worker', () => {
  it('lands what the main process lands, and announces its changes here', async () => {
    const landed: { result: unknown; plays: string[]; stats: unknown }[] = [];
    let heard: string[] = [];
    for (const worker of [false, true]) {
      const t = await core(worker);
      try {
        // A play already there: its row is counted as present, not added again.
        const first = await analysed(t, 1);
        await t.value('import.apply', { jobId: first.jobId, targets: ALL });
        await until(t, first.jobId, ['done']);
        const job = await analysed(t, ROWS);
        expect(job.counts.watched).toMatchObject({ total: ROWS, matched: ROWS, alreadyPresent: 1 });
        if (worker)
          t.core.events.on('tracking.changed', ({ changes }) => {
            heard.push(...changes);
          });
        heard = [];
        await t.value('import.apply', { jobId: job.jobId, targets: ALL });
        const done = await until(t, job.jobId, ['done', 'failed']);
        expect(done.error).toBeNull();
        landed.push({
          result: done.result,
          plays: await history(t),
          // The plays counted (their minutes wait for the facts, filled in the background).
          stats: (await t.value('stats.overview', { media: 'all' })).totals.plays,
        });
      } finally {
        await t.close();
      }
    }
    const [onMain, inWorker] = landed;
    expect(inWorker).toEqual(onMain);
    expect(onMain?.result).toMatchObject({
      watched: { added: ROWS - 1, alreadyPresent: 1, failed: 0 },
    });
    expect(onMain?.plays).toHaveLength(ROWS);
    // Every change the worker recorded was announced once here, after it committed.
    expect(heard.length).toBeGreaterThanOrEqual(Math.ceil((ROWS - 1) / 200));
    expect(new Set(heard).size).toBe(heard.length);
    expect(ran.map((r) => r.kind)).toContain('import.applyWatched');
    expect(ran.every((r) => !r.isMainThread && r.threadId > 0)).toBe(true);
  }, 120_000);

  it('stops between chunks on Cancel, with whole chunks applied, and applies the rest later', async () => {
    const t = await core(true);
    try {
      const job = await analysed(t, ROWS);
      const cancelled = new Promise<void>((resolve) => {
        const off = t.core.events.on('import.progress', (p) => {
          if (p.jobId !== job.jobId || p.phase !== 'applying' || p.done === 0) return;
          off();
          void t.value('import.cancel', { jobId: job.jobId }).then(() => {
            resolve();
          });
        });
      });
      await t.value('import.apply', { jobId: job.jobId, targets: ALL });
      await cancelled;
      const stopped = await until(t, job.jobId, ['cancelled', 'done', 'failed']);
      expect(stopped.state).toBe('cancelled');
      const added = stopped.result?.watched.added ?? 0;
      expect(added).toBeGreaterThan(0);
      expect(added).toBeLessThan(ROWS);
      expect(added % 200).toBe(0);
      expect(await history(t)).toHaveLength(added);
      // Applied again, it adds the rest and nothing twice.
      await t.value('import.apply', { jobId: job.jobId, targets: ALL });
      const done = await until(t, job.jobId, ['done', 'failed']);
      expect(done.result?.watched).toEqual({ added: ROWS, alreadyPresent: 0, failed: 0 });
      expect(await history(t)).toHaveLength(ROWS);
    } finally {
      await t.close();
    }
  }, 120_000);
});
