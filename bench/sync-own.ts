import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBackupStore } from '../src-main/import/store/backup';
import { recordBaseline } from '../src-main/sync/baseline';
import { createTrackingStore, type TrackingStore } from '../src-main/tracking/store';
import type { Play } from '../src-main/tracking/types';
import { measureStall } from './stall';
import { PASSPHRASE, markHistory, openDevice } from './sync-devices';
import type { BenchResult } from './stats';

/**
 * The main process's other costs of a large history of this computer's own: the one-time
 * baseline that records a history kept before the change log (100,000 plays), then the first
 * pass that writes those changes to the folder and compacts them, and a later compaction of them
 * all (each reads every change this computer made, `allOwn`, and writes one snapshot).
 */
const PLAYS = 100_000;
const DAY = 86_400_000;

const nextTurn = (): Promise<void> =>
  new Promise((resolve) => {
    setImmediate(resolve);
  });

/** A library from before the change log: its plays, and not one change recorded. */
function olderHistory(store: TrackingStore): void {
  const plays = markHistory('older', PLAYS, Date.now() - DAY).flatMap(
    (change) => (change.data as { plays: Play[] }).plays,
  );
  for (let i = 0; i < plays.length; i += 5_000)
    store.plays.insert(plays.slice(i, i + 5_000), Date.now());
}

export async function runOwnHistoryBenchmarks(dir: string): Promise<BenchResult[]> {
  const root = await mkdtemp(join(tmpdir(), 'marquee-bench-sync-own-'));
  const c = openDevice(dir, 'c');
  try {
    const store = createTrackingStore(c.db);
    olderHistory(store);

    const baseline = await measureStall(() =>
      recordBaseline({
        changes: c.changes,
        store: createBackupStore(c.db),
        plays: (after, limit) => store.plays.page(after, limit),
        pause: nextTurn,
      }),
    );
    if (baseline.result.plays !== PLAYS) throw new Error('the baseline missed plays');
    c.db.prepare("INSERT INTO change_meta (key, value) VALUES ('sync.baseline', 'done')").run();

    // Its first pass writes those changes to the folder, then compacts them (one file after).
    const sync = c.sync({ watch: false, compactAfter: 1 });
    try {
      const first = await measureStall(() =>
        sync.setup({ folder: root, passphrase: PASSPHRASE, name: 'C' }),
      );
      if (first.result.message !== null) throw new Error(first.result.message);
      // One play later, the next pass compacts the whole history again.
      c.tracking.mark({ scope: 'movie', movieId: 550 });
      const compaction = await measureStall(() => sync.syncNow());
      return [
        {
          name: 'sync: baseline of 100,000 plays kept before the change log',
          unit: 'ms',
          value: baseline.totalMs,
          budget: null,
        },
        {
          name: 'sync: baseline of 100,000 plays, longest stall',
          unit: 'ms',
          value: baseline.longestMs,
          budget: 50,
        },
        {
          name: 'sync: first pass writing and compacting 100,000 own plays, longest stall',
          unit: 'ms',
          value: first.longestMs,
          budget: 50,
        },
        {
          name: 'sync: compaction of 100,000 own plays (allOwn + snapshot), longest stall',
          unit: 'ms',
          value: compaction.longestMs,
          budget: 50,
          note: `the pass took ${String(Math.round(compaction.totalMs))} ms`,
        },
      ];
    } finally {
      await sync.close();
    }
  } finally {
    c.close();
    await rm(root, { recursive: true, force: true });
  }
}
