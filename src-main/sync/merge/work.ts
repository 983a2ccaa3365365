import type { ChangePath } from '../../changes/change-path';
import type { FolderRead } from '../folder/folder';
import { weight, type Merge, type MergeResult } from './merge';

/** A merge as sync needs to hear of it: counts, not the changes (they stay in the library). */
export interface MergeSummary {
  /** Changes stored and applied now. */
  adopted: number;
  /** Of those, how many each device made. */
  byDevice: Record<string, number>;
  /** Changes known here already. */
  known: number;
  refused: MergeResult['refused'];
}

export const summarize = (result: MergeResult): MergeSummary => {
  const byDevice: Record<string, number> = {};
  for (const change of result.adopted) byDevice[change.device] = (byDevice[change.device] ?? 0) + 1;
  return { adopted: result.adopted.length, byDevice, known: result.known, refused: result.refused };
};

/**
 * One batch merged on the worker's connection: each chunk committed there, `onProgress` heard after
 * each commit.
 */
export type MergeElsewhere = (
  changes: readonly unknown[],
  onProgress: (done: number, total: number) => void,
) => Promise<MergeSummary>;

/**
 * What the worker needs to read the folder itself: the files are opened, decrypted, unpacked,
 * parsed and merged there, and no change crosses between the threads.
 */
export interface FolderReadJob {
  root: string;
  /** This computer's id: its own changes are never taken from another's files. */
  device: string;
  /** The folder key's 32 bytes (base64), as the keychain keeps them. */
  secret: string;
  /** This computer's next file number: the read lists its own missing files from it. */
  nextNumber: number;
  cursor: unknown;
  /** Computers forgotten here: their changes are not merged. */
  skip: string[];
}

/** A read of the folder made elsewhere: what it found (its changes left out) and their merge. */
export interface FolderReadMerged {
  read: FolderRead;
  merged: MergeSummary;
}

/** The worker's read and merge of the folder; progress counts the changes merged. */
export type ReadElsewhere = (
  job: FolderReadJob,
  onProgress: (done: number, total: number) => void,
) => Promise<FolderReadMerged>;

export interface SyncMerge {
  /** As `Merge.merge`, answered with counts. Merges run one after the other. */
  merge(
    changes: readonly unknown[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<MergeSummary>;
  /**
   * Reads the folder and merges what is new on the worker, announcing each chunk as `merge` does;
   * null when there is no worker (the caller reads here).
   */
  readAndMerge?(
    job: FolderReadJob,
    onProgress?: (done: number, total: number) => void,
  ): Promise<FolderReadMerged | null>;
}

export interface SyncMergeDeps {
  /** The merge on this thread: small passes, and every pass when there is no worker. */
  local: Merge;
  /** This process's change path: it announces what the worker stored. */
  changes: ChangePath;
  /** The worker's merge, when there is a worker. */
  elsewhere: () => MergeElsewhere | null;
  /** The worker's read of the folder and merge, when there is a worker. */
  readElsewhere?: () => ReadElsewhere | null;
  /** From how much work (plays, uids, items) a merge goes to the worker. */
  threshold?: number;
  /** How much work one message to the worker carries (its copy is made on this thread). */
  batch?: number;
}

/**
 * A small pass costs less here than a message to the worker and back; a large one runs there,
 * where a chunk's transaction holds no window's call. Measured over a 20,000-play history on a
 * loaded two-core machine (wall ms here / on the worker; longest stall here / there): 10 changes
 * 4–11 / 9–15 (stall 3–10 / 1–2); 100: 17–21 / 32–36 (16–20 / 1–4); 300: 75–99 / 67–73
 * (26–43 / 4); 1,000: 237–315 / 194–216 (54–69 / 5–6). From 200 the worker is as fast and
 * the main thread's stalls would near 50 ms here.
 */
export const ELSEWHERE_FROM = 200;
/** A message of 1,000 plays is copied in about 10 ms of this thread (5,000 took 40–100 ms). */
const BATCH = 1_000;

const add = (into: MergeSummary, part: MergeSummary): void => {
  into.adopted += part.adopted;
  into.known += part.known;
  into.refused.push(...part.refused);
  for (const [device, n] of Object.entries(part.byDevice))
    into.byDevice[device] = (into.byDevice[device] ?? 0) + n;
};

/**
 * Chooses where a merge runs. On the worker, the changes go in batches, one job each; this
 * process follows the worker's commits and announces each chunk's changes once it is committed
 * (`ChangePath.follow`), so Up Next, the inbox, the stats and the window hear of them exactly as
 * of changes made here. Changes a failed batch left committed are announced too; the pass fails,
 * and reading the files again finds the rest (a change stored twice is stored once).
 */
export function createSyncMerge(deps: SyncMergeDeps): SyncMerge {
  const threshold = deps.threshold ?? ELSEWHERE_FROM;
  const batchWork = deps.batch ?? BATCH;
  let queue: Promise<unknown> = Promise.resolve();

  async function elsewhere(
    run: MergeElsewhere,
    input: readonly unknown[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<MergeSummary> {
    const summary: MergeSummary = { adopted: 0, byDevice: {}, known: 0, refused: [] };
    const follow = deps.changes.follow();
    try {
      for (let from = 0; from < input.length;) {
        let to = from;
        for (let load = 0; to < input.length && (to === from || load < batchWork); to += 1)
          load += weight(input[to]);
        const start = from;
        add(
          summary,
          await run(input.slice(from, to), (done) => {
            follow.catchUp().catch(() => 0);
            onProgress?.(start + done, input.length);
          }),
        );
        from = to;
      }
    } finally {
      await follow.announce();
    }
    return summary;
  }

  async function run(
    input: readonly unknown[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<MergeSummary> {
    const worker = deps.elsewhere();
    let work = 0;
    for (const item of input) if ((work += weight(item)) >= threshold) break;
    if (worker !== null && work >= threshold) return elsewhere(worker, input, onProgress);
    return summarize(await deps.local.merge(input, onProgress));
  }

  /** The worker reads and merges; this process announces each chunk it commits. */
  async function readThere(
    job: FolderReadJob,
    onProgress?: (done: number, total: number) => void,
  ): Promise<FolderReadMerged | null> {
    const worker = deps.readElsewhere?.() ?? null;
    if (worker === null) return null;
    const follow = deps.changes.follow();
    try {
      return await worker(job, (done, total) => {
        follow.catchUp().catch(() => 0);
        onProgress?.(done, total);
      });
    } finally {
      await follow.announce();
    }
  }

  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work);
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    merge: (input, onProgress) => serial(() => run(input, onProgress)),
    readAndMerge: (job, onProgress) => serial(() => readThere(job, onProgress)),
  };
}
