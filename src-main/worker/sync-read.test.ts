import fs from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DevicesStatus } from '../../src-shared/ipc/contract/devices';
import { createLogger } from '../base/log';
import { memoryLogger } from '../base/testing/memory-logger';
import { createChangePath, type ChangePath } from '../changes/change-path';
import { createChangeStore } from '../changes/store/changes';
import type { Change } from '../changes/types';
import { memoryStore } from '../credentials';
import { openDatabases, CACHE_FILE, LIBRARY_FILE, type Databases } from '../db/databases';
import { deviceDirOf } from '../sync/folder/names';
import { joinFolder } from '../sync/folder/setup';
import { cheapKdf, tempFolder, type TempFolder } from '../sync/folder/testing/fixtures';
import { createMerge } from '../sync/merge/merge';
import { createMergeStore } from '../sync/merge/store/merge-store';
import { T0, device, trackingData, type Device } from '../sync/merge/testing/devices';
import { createSyncMerge, type FolderReadJob, type SyncMerge } from '../sync/merge/work';
import { createDeviceSync } from '../sync/service';
import { createTrackingStore } from '../tracking/store';
import { STOPPED_MESSAGE } from './protocol';
import type { heavyJobs } from './jobs';
import { createJobRunner, type JobRun, type JobRunner } from './runner';
import { buildWorker, type BuiltWorker } from './testing/build-worker';
import type { testJobs } from './testing/test-jobs';

/*
 * A first sync's files are read on the worker: opened, decrypted, unpacked, parsed and merged
 * there. The library, the announcements, the cursor and the refusals are those of a read here; a
 * worker that dies half-way fails the pass with a plain sentence and applies nothing.
 */
type Jobs = typeof heavyJobs & typeof testJobs;
const PASSPHRASE = 'correct horse battery staple';
const NOW = T0 + 60_000;

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
let ran: JobRun[];
let changes: ChangePath;
let source: Device;
let reference: Device;
let folder: TempFolder;
let secret: string;
const log = memoryLogger();

const library = () => {
  const db = dbs.library;
  if (!db) throw new Error('no library');
  return db;
};

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-sync-read-'));
  dbs = await openDatabases(dir, { clock: () => T0, log });
  ran = [];
  runner = createJobRunner<Jobs>({
    entry: built.file,
    setup: { cacheFile: path.join(dir, CACHE_FILE), libraryFile: path.join(dir, LIBRARY_FILE) },
    log,
    observe: (run) => ran.push(run),
  });
  changes = createChangePath({ store: createChangeStore(library()), clock: () => NOW });
  source = device('a');
  reference = device('ref', { now: NOW });
  for (let i = 0; i < 300; i += 1) {
    source.clock.now = T0 + i * 60_000;
    source.tracking.mark({ scope: 'episode', seriesId: 1 + (i % 5), season: 1, episode: i });
  }
  source.tracking.setFollow(2, 'follow');
  folder = await tempFolder(PASSPHRASE);
  secret = (await joinFolder(folder.root, PASSPHRASE, { kdf: cheapKdf })).secret.toString('base64');
  // A's history as its service writes it: segments, then more after a snapshot.
  const own = source.own();
  const a = folder.open(source.changes.device());
  await a.write(own.slice(0, 150));
  await a.compact(own.slice(0, 250));
  await a.write(own.slice(250));
});
afterEach(async () => {
  await runner.close();
  dbs.close();
  source.close();
  reference.close();
  await folder.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The tracking data, but the inbox: the reference library made its own items, this one none. */
const history = (db: Parameters<typeof trackingData>[0]): unknown => {
  const { inbox: _inbox, ...rest } = trackingData(db) as Record<string, unknown>;
  return rest;
};

const syncMerge = (kind: 'sync.read' | 'test.readThenDie' = 'sync.read'): SyncMerge =>
  createSyncMerge({
    local: createMerge({
      changes,
      store: createMergeStore(library()),
      tracking: createTrackingStore(library()),
      clock: () => NOW,
    }),
    changes,
    elsewhere: () => null,
    readElsewhere: () => (job, onProgress) =>
      runner.run(
        kind,
        { ...job, now: NOW },
        {
          onProgress: (p) => {
            onProgress(p.done, p.total);
          },
        },
      ),
  });

const job = (): FolderReadJob => ({
  root: folder.root,
  device: changes.device(),
  secret,
  nextNumber: 1,
  cursor: null,
  skip: [],
});

/** A's second segment with one byte changed: refused, whoever reads it. */
const tamper = async (): Promise<void> => {
  const file = path.join(
    deviceDirOf(folder.root, source.changes.device()),
    'seg-000000000003.msync',
  );
  const bytes = await readFile(file);
  bytes[bytes.length - 5] = (bytes[bytes.length - 5] ?? 0) ^ 0x20;
  await writeFile(file, bytes);
};

describe('the folder read on the worker', () => {
  it('merges what a read here merges, with the same cursor, devices and announcements', async () => {
    const heard: Change[] = [];
    changes.onCommitted((change) => heard.push(change));
    const progress: number[] = [];
    const here = await folder.open(changes.device()).read(null);

    const there = await syncMerge().readAndMerge?.(job(), (done) => progress.push(done));
    expect(ran.map((r) => [r.kind, r.isMainThread])).toEqual([['sync.read', false]]);
    expect(there?.merged).toMatchObject({ adopted: 301, known: 0, refused: [] });
    expect(there?.read).toEqual({ ...here, changes: [] });
    expect(progress.at(-1)).toBe(301);

    await reference.receive(source.own());
    expect(history(library())).toEqual(history(reference.db));
    expect(heard.map((c) => c.id).sort()).toEqual(here.changes.map((c) => c.id).sort());
    expect(new Set(heard.map((c) => c.seq)).size).toBe(301);
  });

  it('refuses a tampered file with the sentence a read here gives, and merges none of it', async () => {
    await tamper();
    const here = await folder.open(changes.device()).read(null);
    expect(here.problems).toHaveLength(1);
    const there = await syncMerge().readAndMerge?.(job());
    expect(there?.read.problems).toEqual(here.problems);
    expect(there?.merged.adopted).toBe(here.changes.length);
    const uids = library().prepare('SELECT count(*) FROM watch_plays').pluck().get();
    expect(uids).toBe(250);
  });

  it('a worker that dies while it decodes: the read fails, nothing is applied', async () => {
    const before = history(library());
    await expect(syncMerge('test.readThenDie').readAndMerge?.(job())).rejects.toThrow(
      STOPPED_MESSAGE,
    );
    expect(history(library())).toEqual(before);
    expect(library().prepare('SELECT count(*) FROM changes').pluck().get()).toBe(0);
  });
});

describe('a pass whose folder is read on the worker', () => {
  /** A computer joining the folder: its status after the first pass. */
  const join = async (merge: SyncMerge, from: number): Promise<DevicesStatus> => {
    const store = createChangeStore(library());
    const sync = createDeviceSync({
      changes,
      merge,
      meta: {
        get: (key) => store.meta(key),
        set: (key, value) => {
          store.setMeta(key, value);
        },
      },
      credentials: memoryStore('test'),
      baseline: () => Promise.resolve(),
      clock: () => NOW,
      log: createLogger(() => undefined, 'error'),
      emit: () => undefined,
      hostName: 'Study',
      kdf: cheapKdf,
      watch: false,
      flushDelayMs: 0,
      readElsewhereFrom: from,
    });
    try {
      return await sync.setup({ folder: folder.root, passphrase: PASSPHRASE, name: 'Study' });
    } finally {
      await sync.close();
    }
  };

  it('shows a hostile file as a read here does, and the library holds only sound files', async () => {
    await tamper();
    const there = await join(syncMerge(), 0);
    expect(ran.map((r) => r.kind)).toEqual(['sync.read']);
    expect(library().prepare('SELECT count(*) FROM watch_plays').pluck().get()).toBe(250);
    // The same computer read here instead (its cursor forgotten): the same words.
    dbs.close();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir);
    dbs = await openDatabases(dir, { clock: () => T0, log });
    changes = createChangePath({ store: createChangeStore(library()), clock: () => NOW });
    const here = await join(syncMerge(), Number.POSITIVE_INFINITY);
    expect(ran).toHaveLength(1);
    expect(there.message).toBe(here.message);
    expect(there.problems).toEqual(here.problems);
    expect(there.problems).toHaveLength(1);
  });

  it('a worker that dies half-way fails the pass with a plain sentence', async () => {
    const status = await join(syncMerge('test.readThenDie'), 0);
    expect(status.message).toBe(STOPPED_MESSAGE);
    expect(library().prepare('SELECT count(*) FROM watch_plays').pluck().get()).toBe(0);
  });
});
