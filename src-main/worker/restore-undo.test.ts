import { describe, expect, it } from 'vitest';
import { createChangeStore } from '../changes/store/changes';
import { createImportJobStore } from '../import/store/jobs';
import { STOPPED_MESSAGE } from './protocol';
import { useTestWorker } from './testing/worker-fixture';

/**
 * A restore whose worker dies between chunks leaves whole chunks written; the undo the main
 * process then runs removes exactly the backup's plays those chunks added.
 */
const NOW = Date.UTC(2026, 0, 15, 12);
const PLAYS = 9_000;

const w = useTestWorker({ prefix: 'marquee-undo-', now: NOW });

const play = (uid: string, i: number) => ({
  uid,
  mediaType: 'movie' as const,
  mediaId: 100 + (i % 50),
  season: null,
  episode: null,
  watchedAt: Date.UTC(2020, 0, 1) + i * 60_000,
  source: 'marquee' as const,
  createdAt: NOW,
});

const uidsHere = (): string[] =>
  (
    w.dbs.library?.prepare('SELECT uid FROM watch_plays ORDER BY uid').pluck().all() as string[]
  ).filter((uid) => typeof uid === 'string');

describe('a restore whose worker dies', () => {
  it('is undone: the backup’s plays it added go, the plays already here stay', async () => {
    const library = w.dbs.library;
    if (!library) throw new Error('no library');
    const doc = {
      format: 'marquee-backup',
      version: 1,
      createdAt: NOW,
      app: { version: '1.0.0' },
      library: { watchlist: [], favorites: [], ratings: [], lists: [] },
      history: Array.from({ length: PLAYS }, (_, i) => play(`b-${String(i)}`, i)),
      series: [],
      inbox: [],
      settings: {},
    };
    const jobs = createImportJobStore(library);
    const store = (id: string, history: ReturnType<typeof play>[]): void => {
      jobs.create({
        id,
        format: 'marquee-backup',
        sourceName: 'backup.json',
        files: ['backup.json'],
        problems: [],
        backup: { ...doc, history },
        now: NOW,
      });
    };
    store('job', doc.history);
    // One play of the backup is here already, and one of this profile's own.
    store('earlier', [play('b-0', 0), play('own', 1)]);
    await w.runner.run('backup.restore', { jobId: 'earlier', now: NOW, timeZone: 'UTC' });
    const before = ['b-0', 'own'];
    expect(uidsHere()).toEqual(before);
    const since = createChangeStore(library).newest().seq;

    await expect(
      w.runner.run('test.restoreThenDie', {
        jobId: 'job',
        now: NOW,
        timeZone: 'UTC',
        dieAfter: 4_000,
      }),
    ).rejects.toThrow(STOPPED_MESSAGE);
    // Whole chunks were written before it died.
    const written = uidsHere().length;
    expect(written).toBeGreaterThan(before.length);
    expect(written).toBeLessThan(PLAYS + 1);

    await expect(
      w.runner.run('backup.undo', { jobId: 'job', since, now: NOW, timeZone: 'UTC' }),
    ).resolves.toEqual({ removed: written - before.length });
    expect(uidsHere()).toEqual(before);
  }, 60_000);
});
