import type { FolderRead, SyncFolder } from './folder/folder';
import { unreadBytes } from './folder/pending';
import type { MergeSummary, SyncMerge } from './merge/work';

/**
 * Files of other computers are read on this thread up to this many bytes not yet read, and on
 * the worker from it, where they are merged too (`SyncMerge.readAndMerge`): a first sync's
 * snapshot of 100,000 plays (7 MB) held this thread for 150–680 ms to decrypt, unpack and parse,
 * and its changes took as long again to copy to the worker. A segment of 10 changes is about
 * 1 KB, and a merge goes to the worker from 200 changes (about 15 KB of a segment).
 */
export const READ_ELSEWHERE_FROM = 16 * 1024;

export interface ReadAndMergeDeps {
  target: SyncFolder;
  merge: SyncMerge;
  /** The folder, and its key's secret (base64): what the worker needs to read it. */
  root: string | null;
  secret: string | null;
  /** This computer's id: its own changes are never taken from another's files. */
  device: string;
  cursor: unknown;
  /** Computers forgotten here: their changes are not merged. */
  skip: readonly string[];
  /** READ_ELSEWHERE_FROM unless given. */
  threshold?: number | undefined;
  /** Before a merge here begins, with how many changes it takes. */
  onStart: (total: number) => void;
  onProgress: (done: number, total: number) => void;
}

/**
 * Reads the other computers' new files and merges them: here when few bytes are new, on the
 * worker when many are (and there is one). Either way each file is refused or taken whole, and a
 * read that fails or a merge that fails leaves the cursor where it was (the caller keeps it).
 */
export async function readAndMerge(
  deps: ReadAndMergeDeps,
): Promise<{ read: FolderRead; merged: MergeSummary | null }> {
  const { target, merge, root, secret, device } = deps;
  if (root !== null && secret !== null && merge.readAndMerge) {
    const bytes = await unreadBytes(root, device, deps.cursor);
    const there =
      bytes >= (deps.threshold ?? READ_ELSEWHERE_FROM)
        ? await merge.readAndMerge(
            {
              root,
              device,
              secret,
              nextNumber: target.nextNumber(),
              cursor: deps.cursor,
              skip: [...deps.skip],
            },
            deps.onProgress,
          )
        : null;
    if (there !== null) return there;
  }
  const read = await target.read(deps.cursor);
  if (!read.available) return { read, merged: null };
  const skip = new Set([device, ...deps.skip]);
  const fresh = read.changes.filter((change) => !skip.has(change.device));
  if (fresh.length === 0) return { read, merged: null };
  deps.onStart(fresh.length);
  return { read, merged: await merge.merge(fresh, deps.onProgress) };
}
