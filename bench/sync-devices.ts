import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { createChangePath, type ChangePath } from '../src-main/changes/change-path';
import { createChangeStore } from '../src-main/changes/store/changes';
import { createLogger } from '../src-main/base/log';
import { memoryStore } from '../src-main/credentials';
import { connect } from '../src-main/db/connection';
import { migrate } from '../src-main/db/migrate';
import { libraryMigrations } from '../src-main/db/migrations/library';
import { createBackupStore } from '../src-main/import/store/backup';
import { recordBaseline } from '../src-main/sync/baseline';
import { createMerge } from '../src-main/sync/merge/merge';
import { createMergeStore } from '../src-main/sync/merge/store/merge-store';
import {
  createSyncMerge,
  type FolderReadMerged,
  type MergeElsewhere,
  type MergeSummary,
  type ReadElsewhere,
  type SyncMerge,
} from '../src-main/sync/merge/work';
import { createDeviceSync, type DeviceSync } from '../src-main/sync/service';
import type { SharedChange } from '../src-main/sync/types';
import { createTrackingStore } from '../src-main/tracking/store';
import { createTracking, type Tracking } from '../src-main/tracking/tracking';
import type { HeavyJobs } from '../src-main/worker/jobs';
import { createJobRunner } from '../src-main/worker/runner';
import { buildWorker } from '../src-main/worker/testing/build-worker';
import { measureStall } from './stall';
import { createWriteTurns, type WriteTurns } from '../src-main/db/write-turn';

/** Cheap key stretching: the passphrase's own cost is measured by the sync-folder suite. */
export const BENCH_KDF = { N: 2 ** 10, r: 8, p: 1 };
export const PASSPHRASE = 'a passphrase of some length';

/** The merge's time budget per transaction, as the app wires it (src-main/core/devices-wiring). */
const MERGE_BUDGET_MS = 15;

const nextTurn = (): Promise<void> =>
  new Promise((resolve) => {
    setImmediate(resolve);
  });

/** One merge as the bench saw it: how long, its longest stall, and what it adopted. */
export interface MergeRun {
  ms: number;
  /**
   * Processor time of this process meanwhile (user + system, the worker's thread included): what a
   * busy machine inflates least.
   */
  cpuMs: number;
  longestStallMs: number;
  adopted: number;
}

/** One computer: an on-disk library (WAL, as the app opens it), its change path and its sync. */
export interface BenchDevice {
  db: Database.Database;
  changes: ChangePath;
  tracking: Tracking;
  /** Its merge, measured: each run is noted in `merges`. */
  merge: SyncMerge;
  /** Every merge this device ran, in order. */
  merges: MergeRun[];
  /** A device sync over this library (a new one each call; close the previous first). */
  sync(options: { watch: boolean; flushDelayMs?: number; compactAfter?: number }): DeviceSync;
  close(): void;
}

/** The worker's merge and read of the folder, as the app wires them. */
export interface BenchWorker {
  elsewhere: MergeElsewhere;
  readElsewhere: ReadElsewhere;
}

/**
 * `worker`: the worker's merge and folder read, as the app wires them (large ones there, small
 * ones here); without it every read and merge runs on this thread.
 */
export function openDevice(
  dir: string,
  name: string,
  worker: BenchWorker | null = null,
): BenchDevice {
  const db = connect(join(dir, `${name}.db`), 'library');
  migrate(db, libraryMigrations);
  const clock = (): number => Date.now();
  const changeStore = createChangeStore(db);
  const changes = createChangePath({ store: changeStore, clock });
  const store = createTrackingStore(db);
  const tracking = createTracking(store, {
    clock,
    timeZone: () => 'UTC',
    region: () => 'US',
    changes,
  });
  const merges: MergeRun[] = [];
  const inner = createSyncMerge({
    local: createMerge({
      changes,
      store: createMergeStore(db),
      tracking: createTrackingStore(db),
      clock,
      budgetMs: MERGE_BUDGET_MS,
    }),
    changes,
    elsewhere: () => worker?.elsewhere ?? null,
    readElsewhere: () => worker?.readElsewhere ?? null,
  });
  /** Runs `work` and notes it as a merge when it merged (a read on the worker merges too). */
  const measured = async <T>(
    work: () => Promise<T>,
    summary: (result: T) => MergeSummary | null,
  ) => {
    const cpu = process.cpuUsage();
    const run = await measureStall<T>(work);
    const used = process.cpuUsage(cpu);
    const merged = summary(run.result);
    if (merged !== null)
      merges.push({
        ms: run.totalMs,
        cpuMs: (used.user + used.system) / 1000,
        longestStallMs: run.longestMs,
        adopted: merged.adopted,
      });
    return run.result;
  };
  const merge: SyncMerge = {
    merge: (input, onProgress) =>
      measured(
        () => inner.merge(input, onProgress),
        (result) => result,
      ),
    readAndMerge: (job, onProgress) =>
      measured<FolderReadMerged | null>(
        () => inner.readAndMerge?.(job, onProgress) ?? Promise.resolve(null),
        (result) => result?.merged ?? null,
      ),
  };
  const credentials = memoryStore('bench');
  const log = createLogger(() => undefined, 'error');
  const backupStore = createBackupStore(db);
  return {
    db,
    changes,
    tracking,
    merge,
    merges,
    sync: (options) =>
      createDeviceSync({
        changes,
        merge,
        meta: {
          get: (key) => changeStore.meta(key),
          set: (key, value) => {
            changeStore.setMeta(key, value);
          },
        },
        credentials,
        baseline: () =>
          recordBaseline({
            changes,
            store: backupStore,
            plays: (after, limit) => store.plays.page(after, limit),
            pause: nextTurn,
          }),
        clock,
        log,
        emit: () => undefined,
        hostName: name,
        kdf: BENCH_KDF,
        watch: options.watch,
        flushDelayMs: options.flushDelayMs ?? 0,
        ...(options.compactAfter === undefined ? {} : { compactAfter: options.compactAfter }),
      }),
    close: () => {
      db.close();
    },
  };
}

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The app's worker thread (a bundle of src-main/worker/entry.ts, as the shell runs it) over the
 * library `<dir>/<name>.db`, and its sync merge as a device's `elsewhere`.
 */
export async function mergeWorker(
  dir: string,
  name: string,
): Promise<BenchWorker & { turns: WriteTurns; close(): Promise<void> }> {
  const worker = await buildWorker(join(REPO, 'src-main', 'worker', 'entry.ts'));
  // Turns at the write lock, as the app shares them with its worker.
  const turns = createWriteTurns();
  const runner = createJobRunner<HeavyJobs>({
    entry: worker.file,
    setup: {
      cacheFile: join(dir, `${name}-cache.db`),
      libraryFile: join(dir, `${name}.db`),
      turns: turns.buffer,
    },
    log: createLogger(() => undefined, 'error'),
  });
  runner.warm();
  return {
    turns,
    elsewhere: (changes, onProgress) =>
      runner.run(
        'sync.merge',
        { changes: [...changes], now: Date.now() },
        {
          onProgress: (p) => {
            onProgress(p.done, p.total);
          },
        },
      ),
    readElsewhere: (job, onProgress) =>
      runner.run(
        'sync.read',
        { ...job, now: Date.now() },
        {
          onProgress: (p) => {
            onProgress(p.done, p.total);
          },
        },
      ),
    async close() {
      await runner.close();
      worker.remove();
    },
  };
}

/** A deterministic PRNG so every run merges the same history. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Years of marks made one at a time on another computer: one `plays.add` change per play (the
 * heaviest shape for a merge: as many changes as plays), a few hundred series and some films,
 * ending before `endMs`.
 */
export function markHistory(device: string, count: number, endMs: number): SharedChange[] {
  const random = prng(25);
  let ms = endMs - count * 1_800_000;
  return Array.from({ length: count }, (_, i) => {
    ms += 1 + Math.floor(random() * 3_600_000);
    const movie = i % 10 === 9;
    const mediaId = movie ? 500 + Math.floor(random() * 2_000) : 1000 + Math.floor(random() * 400);
    const play = {
      uid: randomUUID(),
      mediaType: movie ? 'movie' : 'episode',
      mediaId,
      season: movie ? null : 1 + Math.floor(random() * 8),
      episode: movie ? null : 1 + Math.floor(random() * 24),
      watchedAt: ms - 3_600_000,
      source: 'marquee',
      createdAt: ms,
    };
    return {
      id: randomUUID(),
      hlc: `${String(ms).padStart(13, '0')}-000000`,
      device,
      domain: 'tracking',
      kind: 'plays.add',
      entity: `${movie ? 'movie' : 'series'}:${String(mediaId)}`,
      data: { plays: [play] },
    };
  });
}
