import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '../base/testing/memory-logger';
import { createChangePath, type ChangePath } from '../changes/change-path';
import { createChangeStore } from '../changes/store/changes';
import type { Change } from '../changes/types';
import { openDatabases, CACHE_FILE, LIBRARY_FILE, type Databases } from '../db/databases';
import { createMerge } from '../sync/merge/merge';
import { createMergeStore } from '../sync/merge/store/merge-store';
import { T0, device, trackingData, type Device } from '../sync/merge/testing/devices';
import { createSyncMerge, type SyncMerge } from '../sync/merge/work';
import { createTrackingStore } from '../tracking/store';
import type { HeavyJobs } from './jobs';
import { createJobRunner, type JobRun, type JobRunner } from './runner';
import { buildWorker, type BuiltWorker } from './testing/build-worker';

/*
 * A large merge from another computer runs in the worker, on its own connection, a chunk per
 * commit; the main process announces each chunk's changes as it commits, so its listeners hear
 * every change once, as they would of a merge made here, and the library is the one a merge here
 * gives. Small merges stay here.
 */
let built: BuiltWorker;
beforeAll(async () => {
  built = await buildWorker(path.join(import.meta.dirname, 'entry.ts'));
});
afterAll(() => {
  built.remove();
});

let dir: string;
let dbs: Databases;
let runner: JobRunner<HeavyJobs>;
let ran: JobRun[];
let changes: ChangePath;
let source: Device;
let reference: Device;
const log = memoryLogger();

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-sync-merge-'));
  dbs = await openDatabases(dir, { clock: () => T0, log });
  ran = [];
  runner = createJobRunner<HeavyJobs>({
    entry: built.file,
    setup: { cacheFile: path.join(dir, CACHE_FILE), libraryFile: path.join(dir, LIBRARY_FILE) },
    log,
    observe: (run) => ran.push(run),
  });
  const db = dbs.library;
  if (!db) throw new Error('no library');
  changes = createChangePath({ store: createChangeStore(db), clock: () => T0 + 60_000 });
  source = device('a');
  reference = device('ref', { now: T0 + 60_000 });
  for (let i = 0; i < 400; i += 1) {
    source.clock.now = T0 + i * 60_000;
    source.tracking.mark({ scope: 'episode', seriesId: 1 + (i % 5), season: 1, episode: i });
  }
  source.tracking.setFollow(2, 'follow');
});
afterEach(async () => {
  await runner.close();
  dbs.close();
  source.close();
  reference.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The tracking data, but the inbox: the reference library made its own items, this one none. */
const history = (db: Parameters<typeof trackingData>[0]): unknown => {
  const { inbox: _inbox, ...rest } = trackingData(db) as Record<string, unknown>;
  return rest;
};

const syncMerge = (threshold: number): SyncMerge => {
  const db = dbs.library;
  if (!db) throw new Error('no library');
  const clock = (): number => T0 + 60_000;
  return createSyncMerge({
    local: createMerge({
      changes,
      store: createMergeStore(db),
      tracking: createTrackingStore(db),
      clock,
    }),
    changes,
    elsewhere: () => (input, onProgress) =>
      runner.run(
        'sync.merge',
        { changes: [...input], now: clock() },
        {
          onProgress: (p) => {
            onProgress(p.done, p.total);
          },
        },
      ),
    threshold,
    batch: 150,
  });
};

describe('a large merge in the worker', () => {
  it('stores what a merge here stores, and announces each change here once, in order', async () => {
    const heard: Change[] = [];
    changes.onCommitted((change) => heard.push(change));
    const progress: number[] = [];
    const input = source.own();
    const summary = await syncMerge(100).merge(input, (done) => progress.push(done));

    expect(summary).toMatchObject({ adopted: 401, known: 0, refused: [] });
    expect(summary.byDevice).toEqual({ [source.changes.device()]: 401 });
    expect(ran.map((r) => r.kind)).toEqual(['sync.merge', 'sync.merge', 'sync.merge']);
    expect(ran.every((r) => !r.isMainThread)).toBe(true);
    expect(progress.at(-1)).toBe(401);
    expect(progress).toEqual([...progress].sort((x, y) => x - y));

    await reference.receive(input);
    const db = dbs.library;
    if (!db) throw new Error('no library');
    expect(history(db)).toEqual(history(reference.db));
    expect(heard.map((c) => c.id)).toEqual(input.map((c) => c.id));
    expect(new Set(heard.map((c) => c.seq)).size).toBe(401);

    // Read again: nothing new, nothing announced.
    heard.length = 0;
    expect(await syncMerge(100).merge(input)).toMatchObject({ adopted: 0, known: 401 });
    expect(heard).toEqual([]);
  });

  it('keeps a small merge here, and merges every one here when there is no worker', async () => {
    const input = source.own();
    expect((await syncMerge(100).merge(input.slice(0, 20))).adopted).toBe(20);
    expect(ran).toEqual([]);
    const db = dbs.library;
    if (!db) throw new Error('no library');
    const alone = createSyncMerge({
      local: createMerge({
        changes,
        store: createMergeStore(db),
        tracking: createTrackingStore(db),
        clock: () => T0,
      }),
      changes,
      elsewhere: () => null,
      threshold: 1,
    });
    expect((await alone.merge(input)).adopted).toBe(381);
    expect(ran).toEqual([]);
    await reference.receive(input);
    expect(history(db)).toEqual(history(reference.db));
  });
});
