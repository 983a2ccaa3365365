import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogue, type Catalogue } from '../../catalogue';
import type { PlayView } from '../../src-shared/ipc/contract';
import { startTestCore, type TestCore } from '../core/testing/core';
import { everyPlayOf } from '../core/testing/history';
import { RESTORE_CHUNK } from '../import/backup-restore';
import { planFrom, until, withoutStamp } from '../import/testing/restore';
import type { JobRun } from './runner';
import { buildWorker, type BuiltWorker } from './testing/build-worker';

/**
 * A backup's restore runs in the worker: it lands what the main process lands for the same
 * file, its changes are announced in the main process once it is over, and Cancel stops it
 * between chunks with the history as it was before.
 */
const NOW = Date.UTC(2026, 0, 15, 12);
const ALL = { watched: true, ratings: true, watchlist: true, favourites: true, lists: true };
/** Enough plays for tens of chunks of the restore. */
const BULK = 20_000;

let built: BuiltWorker;
let catalogue: Catalogue;
let backupText: string;
let bulk: PlayView[];
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

async function history(t: TestCore): Promise<string[]> {
  return (await everyPlayOf(t)).map((p) => p.uid).sort();
}

beforeAll(async () => {
  built = await buildWorker(path.join(import.meta.dirname, 'entry.ts'));
  catalogue = await startCatalogue({ titles: 200, messy: false });
  const source = await core(false);
  try {
    const [film] = catalogue.data.movies;
    await source.value('library.setWatchlist', {
      mediaType: 'movie',
      mediaId: film?.id ?? 0,
      on: true,
    });
    const doc = JSON.parse((await source.value('backup.create')).text) as { history: PlayView[] };
    const movies = catalogue.data.movies;
    bulk = Array.from({ length: BULK }, (_, i) => ({
      uid: `bulk-${String(i).padStart(6, '0')}`,
      mediaType: 'movie' as const,
      mediaId: movies[i % movies.length]?.id ?? 0,
      season: null,
      episode: null,
      watchedAt: Date.UTC(2020, 0, 1) + i * 60_000,
      source: 'marquee' as const,
      createdAt: NOW,
    }));
    doc.history.push(...bulk);
    backupText = JSON.stringify(doc);
  } finally {
    await source.close();
  }
}, 60_000);
afterAll(async () => {
  await catalogue.close();
  built.remove();
});

describe('restoring a backup in the worker', () => {
  it('lands what the main process lands, and announces its changes here', async () => {
    const here = await core(false);
    const there = await core(true);
    try {
      const onMain = await restore(here);
      const heard: string[][] = [];
      there.core.events.on('tracking.changed', ({ changes }) => heard.push(changes));
      const inWorker = await restore(there);
      // The same preview (read, checked and planned in the worker), the same result.
      expect(inWorker.preview.restore).toEqual(onMain.preview.restore);
      expect(inWorker.preview.restore?.plays.add).toBe(BULK);
      expect(inWorker.preview.problems).toEqual(onMain.preview.problems);
      expect(inWorker.result).toEqual(onMain.result);
      expect(inWorker.result?.watched.added).toBe(BULK);
      expect(withoutStamp((await there.value('backup.create')).text)).toEqual(
        withoutStamp((await here.value('backup.create')).text),
      );
      expect(ran.filter((r) => r.kind.startsWith('backup.')).map((r) => r.kind)).toEqual([
        'backup.read',
        'backup.store',
        'backup.plan',
        'backup.restore',
        'backup.create',
      ]);
      expect(ran.every((r) => !r.isMainThread)).toBe(true);
      // Every change the worker recorded was announced once here, after it committed.
      const ids = heard.flat();
      expect(ids.length).toBeGreaterThanOrEqual(Math.ceil(BULK / RESTORE_CHUNK));
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      await there.close();
      await here.close();
    }
  }, 120_000);

  it('refuses a damaged backup with the words the main process uses', async () => {
    const damaged = backupText.replace('"uid":"bulk-000007"', '"uid":7');
    const errors: (string | null)[] = [];
    for (const worker of [true, false]) {
      const t = await core(worker);
      try {
        const preview = await planFrom(t, damaged);
        expect(preview.state).toBe('failed');
        errors.push(preview.error);
      } finally {
        await t.close();
      }
    }
    expect(errors[0]).toMatch(/damaged at “history\.\d+\.uid”/);
    expect(errors[0]).toEqual(errors[1]);
  }, 60_000);

  it.each([
    ['in the worker', true],
    ['on the main thread', false],
  ])(
    'stops between chunks on Cancel, leaving the history as it was (%s)',
    async (_, worker) => {
      const t = await core(worker);
      try {
        // A play of the backup already here stays: only what the restore added goes.
        await t.value('tracking.restore', { plays: [bulk[0] as PlayView] });
        const before = await history(t);
        const preview = await planFrom(t, backupText);
        expect(preview.state).toBe('ready');
        const cancelled = new Promise<void>((resolve) => {
          const off = t.core.events.on('import.progress', (p) => {
            if (p.jobId !== preview.jobId || p.done === 0) return;
            off();
            void t.value('import.cancel', { jobId: preview.jobId }).then(() => {
              resolve();
            });
          });
        });
        await t.value('import.apply', { jobId: preview.jobId, targets: ALL });
        await cancelled;
        const job = await until(t, preview.jobId, ['cancelled', 'done', 'failed']);
        expect(job.state).toBe('cancelled');
        expect(await history(t)).toEqual(before);
        // The same job applied again restores everything.
        await t.value('import.apply', { jobId: preview.jobId, targets: ALL });
        const done = await until(t, preview.jobId, ['done', 'failed']);
        expect(done.state).toBe('done');
        expect(await history(t)).toHaveLength(BULK);
      } finally {
        await t.close();
      }
    },
    120_000,
  );
});

async function restore(t: TestCore) {
  const preview = await planFrom(t, backupText);
  expect(preview.state).toBe('ready');
  await t.value('import.apply', { jobId: preview.jobId, targets: ALL });
  const done = await until(t, preview.jobId, ['done', 'failed', 'cancelled']);
  expect(done.error).toBeNull();
  return { ...done, preview };
}
