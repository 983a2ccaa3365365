import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '../base/testing/memory-logger';
import { createChangeStore } from '../changes/store/changes';
import { openDatabases, CACHE_FILE, LIBRARY_FILE, type Databases } from '../db/databases';
import { createImportJobStore } from '../import/store/jobs';
import { STOPPED_MESSAGE } from './protocol';
import { createJobRunner, type JobRunner } from './runner';
import { buildWorker, type BuiltWorker } from './testing/build-worker';
import type { heavyJobs } from './jobs';
import type { testJobs } from './testing/test-jobs';

/**
 * A restore whose worker dies between chunks leaves whole chunks written; the undo the main
 * process then runs removes exactly the backup's plays those chunks added.
 */
type Jobs = typeof heavyJobs & typeof testJobs;
const NOW = Date.UTC(2026, 0, 15, 12);
const PLAYS = 9_000;

let built: BuiltWorker;
beforeAll(async () => {
  built = await buildWorker(path.join(import.meta.dirname, 'testing', 'test-entry.ts'));
});
afterAll(() => {
  built.remove();
});

let dir: string;
let dbs: Databases;
let runner: JobRunner<Jobs>;
const log = memoryLogger();

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-undo-'));
  dbs = await openDatabases(dir, { clock: () => NOW, log });
  runner = createJobRunner<Jobs>({
    entry: built.file,
    setup: { cacheFile: path.join(dir, CACHE_FILE), libraryFile: path.join(dir, LIBRARY_FILE) },
    log,
  });
});
afterEach(async () => {
  await runner.close();
  dbs.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

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
    dbs.library?.prepare('SELECT uid FROM watch_plays ORDER BY uid').pluck().all() as string[]
  ).filter((uid) => typeof uid === 'string');

describe('a restore whose worker dies', () => {
  it('is undone: the backup’s plays it added go, the plays already here stay', async () => {
    const library = dbs.library;
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
    await runner.run('backup.restore', { jobId: 'earlier', now: NOW, timeZone: 'UTC' });
    const before = ['b-0', 'own'];
    expect(uidsHere()).toEqual(before);
    const since = createChangeStore(library).newest().seq;

    await expect(
      runner.run('test.restoreThenDie', {
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
      runner.run('backup.undo', { jobId: 'job', since, now: NOW, timeZone: 'UTC' }),
    ).resolves.toEqual({ removed: written - before.length });
    expect(uidsHere()).toEqual(before);
  }, 60_000);
});
