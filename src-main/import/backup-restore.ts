import type { UserLibrary } from '../library/user-library';
import type { Preferences } from '../changes/preferences';
import type { SettingsStore } from '../settings/settings-store';
import type { Tracking } from '../tracking/tracking';
import type { Play } from '../tracking/types';
import { libraryDiff, settingsChange, type LibraryDiff } from './backup-merge';
import type { Backup } from './backup-schema';
import { splitPlays } from './play-times';

/**
 * The watch history of a backup, restored in chunks: each chunk of plays is one transaction
 * (one `plays.add`), so another writer waits at most one chunk for the library, and between
 * chunks the restore may be stopped. Stopped, it removes the plays it added (one `plays.remove`
 * per chunk, recorded like any removal), so the history is as it was before it began.
 *
 * Why "remove what was added" rather than writing into a staging table and swapping: the swap
 * would be one transaction of every play, holding the library's write lock for seconds while
 * the main process's own writes wait on it; chunks keep each hold short, and the removal
 * travels to other computers as the change it is.
 */

/**
 * Plays per transaction, each chunk a few milliseconds of writing. Each is also one recorded
 * change, which the main process reads and announces when the restore ran in the worker: a
 * chunk of a few hundred plays keeps each of those reads (and its garbage) small, and another
 * writer's wait for the library short.
 */
export const RESTORE_CHUNK = 500;

export interface HistoryRestored {
  added: number;
  alreadyPresent: number;
  failed: number;
}

export interface RestoreHistoryDeps {
  tracking: Pick<Tracking, 'restore' | 'removePlays'>;
  clock: () => number;
  /**
   * Called after each committed chunk (plays handled so far, of how many): it may wait (to let
   * other work in) and may throw to stop the restore, which then removes what it added.
   */
  between: (done: number, total: number) => void | Promise<void>;
  chunk?: number;
}

export async function restoreHistory(
  history: Backup['history'],
  deps: RestoreHistoryDeps,
): Promise<HistoryRestored> {
  const size = Math.max(1, deps.chunk ?? RESTORE_CHUNK);
  const { usable, refused } = splitPlays(history, deps.clock());
  const plays: Play[] = usable.map((p) => ({ ...p }));
  const addedUids: string[] = [];
  try {
    for (let i = 0; i < plays.length; i += size) {
      const { restored } = deps.tracking.restore(plays.slice(i, i + size));
      for (const p of restored) addedUids.push(p.uid);
      await deps.between(Math.min(i + size, plays.length), plays.length);
    }
  } catch (error) {
    undoPlays(deps.tracking, addedUids, size);
    throw error;
  }
  return {
    added: addedUids.length,
    alreadyPresent: plays.length - addedUids.length,
    failed: refused.length,
  };
}

/** Removes the plays a stopped restore added, a chunk per transaction. */
function undoPlays(
  tracking: Pick<Tracking, 'removePlays'>,
  uids: readonly string[],
  size: number,
): void {
  for (let i = 0; i < uids.length; i += size) tracking.removePlays(uids.slice(i, i + size));
}

/** A backup's series settings and inbox, through tracking's own writes (each a recorded change). */
export function restoreTracking(
  backup: Pick<Backup, 'series' | 'inbox'>,
  tracking: Pick<Tracking, 'restoreSeries' | 'restoreInbox'>,
): void {
  tracking.restoreSeries(backup.series);
  tracking.restoreInbox(backup.inbox);
}

type Counts = { added: number; alreadyPresent: number; failed: number };

/**
 * Library items written per transaction. Each item alone was a transaction and a disk flush on
 * the main thread (0.9 ms per commit on this disk): 5,000 watchlist items held it for about 4.5 s.
 */
export const LIBRARY_CHUNK = 100;

/** Items compared with the library per turn of the event loop (each is a few indexed reads). */
const DIFF_SLICE = 500;

/** `libraryDiff`, a slice of items at a time: 5,000 items compared at once held the main process. */
async function diffInSlices(
  backup: Pick<Backup, 'library'>,
  library: UserLibrary,
): Promise<LibraryDiff> {
  const { watchlist, favorites, ratings, lists } = backup.library;
  // New arrays each time: `out` grows its own.
  const none = (): Backup['library'] => ({ watchlist: [], favorites: [], ratings: [], lists: [] });
  const parts: Array<Backup['library']> = [];
  for (let i = 0; i < watchlist.length; i += DIFF_SLICE)
    parts.push({ ...none(), watchlist: watchlist.slice(i, i + DIFF_SLICE) });
  for (let i = 0; i < favorites.length; i += DIFF_SLICE)
    parts.push({ ...none(), favorites: favorites.slice(i, i + DIFF_SLICE) });
  for (let i = 0; i < ratings.length; i += DIFF_SLICE)
    parts.push({ ...none(), ratings: ratings.slice(i, i + DIFF_SLICE) });
  parts.push({ ...none(), lists });
  const out: LibraryDiff = {
    watchlist: [],
    favorites: [],
    ratings: [],
    lists: [],
    present: 0,
    changes: 0,
    listItemsPresent: 0,
  };
  for (const [index, part] of parts.entries()) {
    if (index > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const diff = libraryDiff({ library: part }, library);
    out.watchlist.push(...diff.watchlist);
    out.favorites.push(...diff.favorites);
    out.ratings.push(...diff.ratings);
    out.lists.push(...diff.lists);
    out.present += diff.present;
    out.changes += diff.changes;
    out.listItemsPresent += diff.listItemsPresent;
  }
  return out;
}

export interface RestoreLibraryDeps {
  library: UserLibrary;
  settings: SettingsStore;
  preferences?: Pick<Preferences, 'set'>;
  /** Runs a chunk of items in one transaction (each item keeps its own savepoint). */
  write?: <T>(fn: () => T) => T;
  /** Resolves when a write would not wait for the worker's transaction (see db/write-turn.ts). */
  turn?: () => Promise<void>;
}

/**
 * A backup's library (watchlist, favourites, ratings, lists: TMDB's, through the library and its
 * outbox) and settings, merged into this profile, `LIBRARY_CHUNK` items a transaction with a turn
 * of the event loop between them. `step` hears 1, 2, 3 as each part is done.
 */
export async function restoreLibrary(
  backup: Pick<Backup, 'library' | 'settings' | 'preferences'>,
  deps: RestoreLibraryDeps,
  step: (done: number) => void,
): Promise<{ library: Counts; lists: Counts }> {
  const lib = await diffInSlices(backup, deps.library);
  const libResult = { added: 0, alreadyPresent: lib.present, failed: 0 };
  const attempt = (fn: () => void, into: { added: number; failed: number }): void => {
    try {
      fn();
      into.added += 1;
    } catch {
      into.failed += 1;
    }
  };
  const inChunks = async (ops: ReadonlyArray<() => void>): Promise<void> => {
    for (let i = 0; i < ops.length; i += LIBRARY_CHUNK) {
      // Let the window's calls in between chunks, then write without waiting for the worker.
      if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      await deps.turn?.();
      const chunk = ops.slice(i, i + LIBRARY_CHUNK);
      const run = (): void => {
        for (const op of chunk) op();
      };
      if (deps.write) deps.write(run);
      else run();
    }
  };
  await inChunks([
    ...lib.watchlist.map((r) => () => {
      attempt(() => deps.library.setWatchlist({ ...r, on: true }), libResult);
    }),
    ...lib.favorites.map((r) => () => {
      attempt(() => deps.library.setFavorite({ ...r, on: true }), libResult);
    }),
    ...lib.ratings.map((r) => () => {
      attempt(() => deps.library.rate({ target: r.target, value: r.value }), libResult);
    }),
  ]);
  step(1);

  const listResult = { added: 0, alreadyPresent: lib.listItemsPresent, failed: 0 };
  await inChunks(
    lib.lists.flatMap((list) => {
      let listId = list.listId;
      const create = (): void => {
        if (listId !== null) return;
        try {
          listId = deps.library.createList({ name: list.name, description: list.description }).list
            .id;
        } catch {
          listResult.failed += list.add.length;
        }
      };
      return [
        create,
        ...list.add.map((movieId) => () => {
          // A list that could not be made counted its items as failed already.
          if (listId !== null) {
            const target = listId;
            attempt(() => deps.library.addToList({ listId: target, movieId }), listResult);
          }
        }),
      ];
    }),
  );
  step(2);

  const change = settingsChange(backup, deps.settings.get());
  if (Object.keys(change).length > 0) await deps.settings.set(change);
  // Each is recorded as a write of its own (unchanged ones are not), so sync carries it.
  for (const p of backup.preferences ?? [])
    if (p.value !== undefined) deps.preferences?.set(p.key, p.value);
  step(3);
  return { library: libResult, lists: listResult };
}
