import type { ChangePath } from '../../changes/change-path';
import type { Change, SharedChange } from '../../changes/types';
import type { TrackingStore } from '../../tracking/store';
import { createApplier } from './apply';
import type { MergeStore } from './store/merge-store';
import { checkChange } from './validate';

export interface MergeDeps {
  /** The library's one write path: changes from elsewhere are stored and announced through it. */
  changes: ChangePath;
  store: MergeStore;
  tracking: TrackingStore;
  clock: () => number;
  /** About how many plays, uids or inbox items one transaction applies (250 by default). */
  chunkSize?: number;
  /**
   * When given, how long one transaction may take (ms): the chunk size halves after a chunk that
   * took longer and grows after one that took less than half, so a slow disk or a busy computer
   * still gets answers between chunks. Measured with `now` (performance.now by default).
   */
  budgetMs?: number;
  /**
   * The most plays, uids or inbox items a chunk grows to under `budgetMs` (MAX_CHUNK unless
   * given): each commit copies every page the chunk touched, and the indexes keyed by random ids
   * are touched all over, so fewer, larger chunks write fewer pages in all.
   */
  maxChunk?: number;
  now?: () => number;
  /** Lets the event loop run between two transactions (the next turn, by default). */
  pause?: () => Promise<void>;
}

export interface MergeResult {
  /** Changes stored and applied now, in the order given. */
  adopted: Change[];
  /** Changes known here already (a file read twice, a change listed twice). */
  known: number;
  /** Changes not stored, each with why (a kind this version does not know, unreadable data). */
  refused: Array<{ id: string | null; problem: string }>;
}

export interface Merge {
  /**
   * Stores the changes read from other computers' files and applies each new one, a chunk per
   * transaction with a pause between: each chunk is all or nothing, and the main process answers
   * between chunks. Merges run one after the other.
   */
  merge(
    changes: readonly unknown[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<MergeResult>;
}

const nextTurn = (): Promise<void> =>
  new Promise((resolve) => {
    setImmediate(resolve);
  });

/** How much work a change is: the plays, uids or inbox items it names (1 for anything else). */
export function weight(change: unknown): number {
  const data = (change as { data?: unknown } | null)?.data as {
    plays?: unknown;
    uids?: unknown;
    items?: unknown;
  } | null;
  const list = [data?.plays, data?.uids, data?.items].find(Array.isArray);
  return Math.max(1, list?.length ?? 1);
}

const MIN_CHUNK = 10;
export const MAX_CHUNK = 5_000;

export function createMerge(deps: MergeDeps): Merge {
  const { changes, store, tracking, clock } = deps;
  const initial = Math.max(1, deps.chunkSize ?? 250);
  const pause = deps.pause ?? nextTurn;
  const now = deps.now ?? (() => performance.now());
  const most = Math.max(MIN_CHUNK, deps.maxChunk ?? MAX_CHUNK);
  let size = initial;
  /** The next chunk's size after one took `ms`. */
  const adapt = (ms: number): void => {
    const budget = deps.budgetMs;
    if (budget === undefined) return;
    if (ms > budget) size = Math.max(MIN_CHUNK, Math.floor(size / 2));
    else if (ms < budget / 2) size = Math.min(most, Math.ceil(size * 1.5));
  };
  let queue: Promise<unknown> = Promise.resolve();

  /**
   * Folds changes stored since the last merge (this computer's own) into the version tables, at
   * most `limit` of them; returns whether some are left.
   */
  const fold = (limit: number): boolean => {
    const from = store.folded();
    const rows = store.unfolded(from, limit);
    createApplier({ store, tracking, clock }).fold(rows);
    const full = rows.length === limit;
    store.setFolded(full ? (rows.at(-1)?.seq ?? from) : store.lastSeq());
    return full;
  };

  async function run(
    input: readonly unknown[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<MergeResult> {
    const result: MergeResult = { adopted: [], known: 0, refused: [] };
    // A library whose own history was never folded (the first merge) catches up in steps.
    while (store.transaction(() => fold(size))) await pause();

    let next = 0;
    let valid = 0;
    /** Whether a chunk committed since the last sync of the disk. */
    let unsynced = false;
    while (next < input.length) {
      // Each chunk is checked just before it is applied: checking is work too.
      const chunk: SharedChange[] = [];
      const first = next;
      let load = 0;
      while (next < input.length && next - first < size && (chunk.length === 0 || load < size)) {
        const item = input[next];
        next += 1;
        const checked = checkChange(item);
        if ('change' in checked) {
          chunk.push(checked.change);
          load += weight(checked.change);
          continue;
        }
        const id = (item as { id?: unknown } | null)?.id;
        result.refused.push({ id: typeof id === 'string' ? id : null, problem: checked.problem });
      }
      valid += chunk.length;
      const started = now();
      const write = (): Change[] =>
        changes.write(() => {
          while (fold(size));
          const applier = createApplier({ store, tracking, clock });
          applier.preload(chunk);
          const stored = changes.adopt(chunk, (change) => {
            applier.apply(change);
          });
          applier.flush();
          store.setFolded(store.lastSeq());
          return stored;
        });
      let adopted: Change[] = [];
      if (chunk.length > 0) {
        // The last chunk's commit syncs the disk, and every earlier chunk's with it: one sync per
        // merge instead of one per chunk. A power cut before it loses only changes whose files
        // are read again, as the reader's cursor moves past them only after the merge.
        const last = next >= input.length;
        adopted = last ? write() : store.unsynced(write);
        unsynced = !last;
      }
      adapt(now() - started);
      result.adopted.push(...adopted);
      onProgress?.(next, input.length);
      await pause();
    }
    // The last chunk held nothing valid: a commit of its own makes the earlier ones durable.
    if (unsynced)
      store.transaction(() => {
        store.setFolded(store.lastSeq());
      });
    result.known = valid - result.adopted.length;
    return result;
  }

  return {
    merge(input, onProgress) {
      const next = queue.then(() => run(input, onProgress));
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
