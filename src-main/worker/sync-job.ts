import { createChangePath } from '../changes/change-path';
import { createChangeStore } from '../changes/store/changes';
import { createMerge } from '../sync/merge/merge';
import { createMergeStore } from '../sync/merge/store/merge-store';
import { summarize, type MergeSummary } from '../sync/merge/work';
import { createTrackingStore } from '../tracking/store';
import type { JobContext, JobControl } from './registry';

export interface SyncMergeJob {
  /** Changes read from other computers' files, unchecked: the merge checks each. */
  changes: unknown[];
  now: number;
}

/**
 * How long one of the merge's transactions may take here. The window never waits on it, but a
 * write the main process makes meanwhile (a play marked) waits for the lock, so a chunk stays
 * short; long enough that commits, each copying the pages it touched into the write-ahead log,
 * are few.
 */
const BUDGET_MS = 120;
const FIRST_CHUNK = 1_000;

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
  const clock = (): number => input.now;
  const merge = createMerge({
    changes: createChangePath({ store: createChangeStore(db), clock, shared: true }),
    store: createMergeStore(db),
    tracking: createTrackingStore(db),
    clock,
    chunkSize: FIRST_CHUNK,
    budgetMs: BUDGET_MS,
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
