import type { ChangePath } from '../changes/change-path';
import type { SharedChange } from '../changes/types';
import { namesIn } from './folder/folder-fs';
import { weight } from './merge/merge';
import { deviceDirOf, parseFileName } from './folder/names';

/**
 * How many of this computer's files in the folder carry a number this library has not reached
 * (`next` is the number its next file takes): this library did not write them. Another
 * installation with the same device id did (a data folder copied to a second place on the same
 * computer, which keeps its id), or this one did before its library was restored from an older
 * backup. A compaction merges their changes back either way; only the first keeps happening.
 */
export async function ownFilesNotWritten(
  root: string,
  device: string,
  next: number,
): Promise<number> {
  const names = await namesIn(deviceDirOf(root, device)).catch(() => []);
  return names.filter((name) => {
    const parsed = parseFileName(name);
    return (parsed.kind === 'segment' || parsed.kind === 'snapshot') && parsed.number >= next;
  }).length;
}

/** About how many plays (or other changes) one segment of this computer's holds. */
export const SEGMENT_WORK = 5_000;
/** Pages of the log are sized so that reading one holds the event loop about this long (ms). */
const PAGE_BUDGET_MS = 10;
const PAGE = { first: 16, most: 2_000 };

const nextTurn = (): Promise<void> =>
  new Promise((resolve) => {
    setImmediate(resolve);
  });

/**
 * What this computer's files carry after `from` (`ChangePath.sharedSince`), read page by page with
 * a pause between (a change may hold a thousand plays, so pages are sized by the time the last one
 * took), until they hold `work` plays or changes; `last` is the sequence number reading ended at.
 */
export async function ownPages(
  changes: Pick<ChangePath, 'sharedSince'>,
  from: number,
  work: number,
): Promise<{ changes: SharedChange[]; last: number }> {
  const out: SharedChange[] = [];
  let last = from;
  let load = 0;
  let size = PAGE.first;
  while (load < work) {
    const started = performance.now();
    const page = changes.sharedSince(last, size);
    for (const { seq, ...change } of page) {
      last = seq;
      out.push(change);
      load += weight(change);
    }
    if (page.length < size) break;
    const ms = performance.now() - started;
    if (ms > PAGE_BUDGET_MS) size = Math.max(1, Math.floor(size / 2));
    else if (ms < PAGE_BUDGET_MS / 3) size = Math.min(PAGE.most, size * 2);
    await nextTurn();
  }
  return { changes: out, last };
}
