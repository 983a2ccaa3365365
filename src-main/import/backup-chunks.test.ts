import { describe, expect, it } from 'vitest';
import type { Play } from '../tracking/types';
import { RESTORE_CHUNK, restoreHistory } from './backup-restore';

/*
 * A backup's history is written a chunk per transaction, each one recorded change: the main
 * process reads and announces each of those changes when the restore ran in the worker, so a
 * chunk stays a few hundred plays, and the chunks together are the history, in order, once.
 */
const NOW = Date.UTC(2026, 0, 15, 12);

const plays = (count: number): Play[] =>
  Array.from({ length: count }, (_, i) => ({
    uid: `p-${String(i).padStart(6, '0')}`,
    mediaType: 'movie' as const,
    mediaId: 100 + (i % 7),
    season: null,
    episode: null,
    watchedAt: Date.UTC(2020, 0, 1) + i * 60_000,
    source: 'marquee' as const,
    createdAt: NOW,
  }));

describe('a backup’s history restored in chunks', () => {
  it('writes at most a few hundred plays per write, every play once and in order', async () => {
    const writes: Play[][] = [];
    const progress: number[] = [];
    const history = plays(2 * RESTORE_CHUNK + 123);
    const result = await restoreHistory(history, {
      tracking: {
        restore: (chunk) => {
          writes.push([...chunk]);
          return { restored: [...chunk], changes: [] };
        },
        removePlays: () => {
          throw new Error('nothing is removed');
        },
      },
      clock: () => NOW,
      between: (done) => {
        progress.push(done);
      },
    });
    expect(RESTORE_CHUNK).toBeLessThanOrEqual(500);
    expect(writes.map((w) => w.length)).toEqual([RESTORE_CHUNK, RESTORE_CHUNK, 123]);
    expect(writes.flat().map((p) => p.uid)).toEqual(history.map((p) => p.uid));
    expect(progress).toEqual([RESTORE_CHUNK, 2 * RESTORE_CHUNK, history.length]);
    expect(result).toEqual({ added: history.length, alreadyPresent: 0, failed: 0 });
  });
});
