import { createChangePath } from '../changes/change-path';
import { createChangeStore } from '../changes/store/changes';
import { keyFromSecret } from '../sync/folder/crypto';
import { createSyncFolder } from '../sync/folder/folder';
import { createMerge } from '../sync/merge/merge';
import { createMergeStore } from '../sync/merge/store/merge-store';
import {
  summarize,
  type FolderReadJob,
  type FolderReadMerged,
  type MergeSummary,
} from '../sync/merge/work';
import { createTrackingStore } from '../tracking/store';
import type { JobContext, JobControl } from './registry';

export interface SyncMergeJob {
  /** Changes read from other computers' files, unchecked: the merge checks each. */
  changes: unknown[];
  now: number;
  /** How long one transaction may take (BUDGET_MS unless given). */
  budgetMs?: number;
  /** The plays the first transaction takes (FIRST_CHUNK unless given). */
  chunkSize?: number;
  /** The most plays one transaction takes (the merge's own cap unless given). */
  maxChunk?: number;
}

/**
 * How long one of the merge's transactions may take here. The window never waits on it, but a
 * write the main process makes meanwhile (a play marked) waits for the lock, so a chunk stays
 * short; long enough that commits are few: each copies every page it touched into the
 * write-ahead log, and the indexes keyed by random ids (change id, play uid) are touched all over,
 * so a commit costs about the same for 1,000 plays as for 5,000. Measured for 50,000 plays on a
 * loaded machine: 120 ms chunks took 19.5 s (7.2 s of processor time), 400 ms chunks with the
 * cache below 11.8 s (5.3 s).
 */
const BUDGET_MS = 250;
/**
 * A first sync's chunks (a library that holds no other computer's change yet): longer, so that
 * commits are fewer still. A play marked meanwhile may wait up to a chunk for the lock. Measured
 * for 100,000 plays on a loaded two-core machine, with each chunk's plays written in the order of
 * their key: 250 ms chunks took 10.6 s (9.3 s of processor time), 1 s chunks 8.3 s (7.1 s),
 * one transaction about as long.
 */
const FIRST_SYNC_BUDGET_MS = 1_000;
/**
 * The most plays a first sync's chunk takes: up to this, the chunks grow while each takes less
 * than half the budget. Measured for 100,000 plays: chunks of at most 5,000 (22 commits) took
 * 5.9–6.5 s, of at most 25,000 (10 commits) 4.6–4.7 s; more does not shorten it.
 */
const FIRST_SYNC_MAX_CHUNK = 25_000;
/** A first sync's first chunk (about 0.4 s for 10,000 plays): 6 commits instead of 10. */
const FIRST_SYNC_CHUNK = 10_000;
const FIRST_CHUNK = 2_000;
/**
 * The page cache while a merge runs (KiB): a chunk's pages stay in memory until its commit instead
 * of being written out and read back mid-transaction. Given back after the job.
 */
const MERGE_CACHE_KIB = 64 * 1024;

/**
 * Changes from other computers merged on the worker's connection (`createMerge`, the same rules
 * as on the main process): a chunk per transaction, a cancel check between chunks and a progress
 * report after each commit, which the main process answers by announcing the chunk's changes.
 * The change path here shares the log with the main process's.
 */
export async function syncMergeJob(
  context: JobContext,
  input: SyncMergeJob,
  control: JobControl,
): Promise<MergeSummary> {
  const db = context.library;
  const cache = db.pragma('cache_size', { simple: true }) as number;
  db.pragma(`cache_size = -${String(MERGE_CACHE_KIB)}`);
  try {
    return await mergeHere(context, input, control);
  } finally {
    db.pragma(`cache_size = ${String(cache)}`);
  }
}

/**
 * The folder read here and what it found merged (a first sync's large snapshot): its files are
 * opened, decrypted, unpacked and parsed on this thread, with the same reader and the same
 * refusals as on the main process, and only then merged, as `syncMergeJob` merges. A file
 * refused is in the read's problems and none of its changes is merged. The read goes back without
 * its changes: the main process needs the cursor, the devices and the problems.
 */
export async function syncReadJob(
  context: JobContext,
  input: FolderReadJob & { now: number },
  control: JobControl,
): Promise<FolderReadMerged> {
  const folder = createSyncFolder({
    root: input.root,
    device: input.device,
    name: '',
    key: keyFromSecret(Buffer.from(input.secret, 'base64')),
    clock: () => input.now,
    nextNumber: input.nextNumber,
  });
  const read = await folder.read(input.cursor);
  control.checkpoint();
  const skip = new Set([input.device, ...input.skip]);
  const fresh = read.changes.filter((change) => !skip.has(change.device));
  read.changes = [];
  const first = !createMergeStore(context.library).othersKnown(input.device);
  const merged =
    fresh.length === 0
      ? summarize({ adopted: [], known: 0, refused: [] })
      : await syncMergeJob(
          context,
          {
            changes: fresh,
            now: input.now,
            ...(first
              ? {
                  budgetMs: FIRST_SYNC_BUDGET_MS,
                  chunkSize: FIRST_SYNC_CHUNK,
                  maxChunk: FIRST_SYNC_MAX_CHUNK,
                }
              : {}),
          },
          control,
        );
  return { read, merged };
}

async function mergeHere(
  context: JobContext,
  input: SyncMergeJob,
  control: JobControl,
): Promise<MergeSummary> {
  const db = context.library;
  const clock = (): number => input.now;
  const merge = createMerge({
    changes: createChangePath({ store: createChangeStore(db), clock, shared: true }),
    store: createMergeStore(db),
    tracking: createTrackingStore(db),
    clock,
    chunkSize: input.chunkSize ?? FIRST_CHUNK,
    budgetMs: input.budgetMs ?? BUDGET_MS,
    ...(input.maxChunk === undefined ? {} : { maxChunk: input.maxChunk }),
    pause: () => {
      control.checkpoint();
      return Promise.resolve();
    },
  });
  return summarize(
    await merge.merge(input.changes, (done, total) => {
      control.progress(done, total);
    }),
  );
}
