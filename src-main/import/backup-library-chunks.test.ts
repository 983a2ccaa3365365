import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIBRARY_CHUNK, restoreLibrary } from './backup-restore';
import { tempProfile, type Profile } from './testing/profile';

/*
 * A backup's library is written on the main process: a chunk of items per transaction, with the
 * event loop's turn between chunks, so restoring thousands of watchlist items onto an empty
 * library never holds every window for the seconds one transaction (and disk flush) per item took.
 */
const NOW = Date.UTC(2026, 0, 15, 12);

describe('a backup’s library restored in chunks', () => {
  let p: Profile;
  beforeEach(() => {
    p = tempProfile(NOW);
  });
  afterEach(() => {
    p.close();
  });

  const films = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({ mediaType: 'movie' as const, mediaId: from + i }));

  it('writes a chunk per transaction, lets other work in between, and keeps every item', async () => {
    const watchlist = films(1, 2 * LIBRARY_CHUNK + 50);
    const writes: number[] = [];
    let depth = 0;
    const between: Array<{ depth: number; finished: boolean }> = [];
    let finished = false;
    let turns = 0;
    const restoring = restoreLibrary(
      {
        library: {
          watchlist,
          favorites: films(5_000, 20),
          ratings: [],
          lists: [{ name: 'Noir', description: '', movieIds: [7, 8, 9] }],
        },
        settings: {},
      },
      {
        ...p.backup,
        write: (fn) => {
          depth += 1;
          const before = p.library.collection({ collection: 'watchlist', mediaType: 'movie' }).items
            .length;
          try {
            return p.db.transaction(fn)();
          } finally {
            depth -= 1;
            writes.push(
              p.library.collection({ collection: 'watchlist', mediaType: 'movie' }).items.length -
                before,
            );
          }
        },
        turn: () => {
          turns += 1;
          return Promise.resolve();
        },
      },
      () => undefined,
    );
    // Work queued now (a window's call) runs before the restore has finished, between chunks.
    void restoring.then(() => (finished = true));
    const other = (): void => {
      between.push({ depth, finished });
      if (between.length < 3) setImmediate(other);
    };
    setImmediate(other);
    const result = await restoring;
    expect(result.library).toEqual({ added: watchlist.length + 20, alreadyPresent: 0, failed: 0 });
    expect(result.lists).toEqual({ added: 3, alreadyPresent: 0, failed: 0 });
    // 270 library items: three chunks (the last with the favourites), then the list's chunk.
    expect(writes).toEqual([LIBRARY_CHUNK, LIBRARY_CHUNK, 50, 0]);
    expect(turns).toBe(writes.length);
    expect(between.some((b) => !b.finished)).toBe(true);
    expect(between.every((b) => b.depth === 0)).toBe(true);
    expect(
      p.library
        .collection({ collection: 'watchlist', mediaType: 'movie' })
        .items.map((i) => i.mediaId),
    ).toHaveLength(watchlist.length);
    const [list] = p.library.lists().lists;
    expect(
      list
        ? p.library
            .list(list.id)
            .items.map((i) => i.mediaId)
            .sort()
        : [],
    ).toEqual([7, 8, 9]);
  });
});
