import type { Settings } from '../../src-shared/ipc/contract';
import type { UserLibrary } from '../library/user-library';
import type { Backup, MediaRef } from './backup-schema';

type BackupList = Backup['library']['lists'][number];

/** What merging a backup's library into this profile adds, changes and finds already there. */
export interface LibraryDiff {
  watchlist: MediaRef[];
  favorites: MediaRef[];
  ratings: Backup['library']['ratings'];
  present: number;
  changes: number;
  /** One entry per list of the backup (entries of one list merged); `listId` null: to create. */
  lists: { name: string; description: string; listId: string | null; add: number[] }[];
  listItemsPresent: number;
}

/**
 * A list's identity: its id in the profile that wrote the backup, or, in an older backup without
 * ids, its name and description. Entries with one identity are one list.
 */
const identity = (list: BackupList): string =>
  list.id === undefined ? `text:${JSON.stringify([list.name, list.description])}` : `id:${list.id}`;

interface ListGroup {
  id?: string | undefined;
  name: string;
  description: string;
  movieIds: number[];
  listId: string | null;
}

/**
 * Which of this profile's lists each backup list merges into: the list with its id first (the
 * same list, restored over the profile that wrote it), then an unclaimed list with the same name
 * and description (holding the list's films, first), then one with the same name (a list
 * restored earlier, which got a new id).
 * Each of this profile's lists takes at most one backup list, so two lists of one name stay two.
 */
function matchLists(backup: Pick<Backup, 'library'>, library: UserLibrary): ListGroup[] {
  const groups = new Map<string, ListGroup>();
  for (const list of backup.library.lists) {
    const key = identity(list);
    const group = groups.get(key);
    if (group) group.movieIds.push(...list.movieIds);
    else groups.set(key, { ...list, movieIds: [...list.movieIds], listId: null });
  }
  const existing = library.lists().lists;
  const claimed = new Set<string>();
  const claim = (group: ListGroup, found: { id: string } | undefined): void => {
    if (!found) return;
    group.listId = found.id;
    claimed.add(found.id);
  };
  const all = [...groups.values()];
  for (const g of all)
    if (g.id !== undefined)
      claim(
        g,
        existing.find((l) => l.id === g.id && !claimed.has(l.id)),
      );
  const free = (test: (l: (typeof existing)[number], g: ListGroup) => boolean) => {
    for (const g of all)
      if (g.listId === null)
        claim(
          g,
          existing.find((l) => !claimed.has(l.id) && test(l, g)),
        );
  };
  const items = new Map<string, Set<number>>();
  const holds = (listId: string, movieIds: readonly number[]): boolean => {
    let have = items.get(listId);
    if (!have) {
      have = new Set(library.list(listId).items.map((i) => i.mediaId));
      items.set(listId, have);
    }
    const set = have;
    return movieIds.every((m) => set.has(m));
  };
  const sameText = (l: { name: string; description: string }, g: ListGroup): boolean =>
    l.name === g.name && l.description === g.description;
  // Among lists of one name, the one that already holds the backup list's films is that list.
  free((l, g) => sameText(l, g) && holds(l.id, g.movieIds));
  free(sameText);
  free((l, g) => l.name === g.name);
  return all;
}

export function libraryDiff(backup: Pick<Backup, 'library'>, library: UserLibrary): LibraryDiff {
  const diff: LibraryDiff = {
    watchlist: [],
    favorites: [],
    ratings: [],
    present: 0,
    changes: 0,
    lists: [],
    listItemsPresent: 0,
  };
  for (const r of backup.library.watchlist) {
    if (library.state(r).watchlist) diff.present += 1;
    else diff.watchlist.push(r);
  }
  for (const r of backup.library.favorites) {
    if (library.state(r).favorite) diff.present += 1;
    else diff.favorites.push(r);
  }
  for (const r of backup.library.ratings) {
    const current = library.state(r.target).rating;
    if (current === r.value) diff.present += 1;
    else {
      if (current !== null) diff.changes += 1;
      diff.ratings.push(r);
    }
  }
  for (const group of matchLists(backup, library)) {
    const have = new Set(
      group.listId === null ? [] : library.list(group.listId).items.map((i) => i.mediaId),
    );
    const wanted = [...new Set(group.movieIds)];
    const add = wanted.filter((m) => !have.has(m));
    diff.listItemsPresent += wanted.length - add.length;
    diff.lists.push({
      name: group.name,
      description: group.description,
      listId: group.listId,
      add,
    });
  }
  return diff;
}

/**
 * Settings a backup never switches on by itself: they make Marquee reach the network, which only
 * the user turns on (the preview does not list them either). Switching them off is restored.
 */
const NEVER_SWITCHED_ON: ReadonlySet<string> = new Set<keyof Settings>(['checkForUpdates']);

/** The settings restoring `backup` over `current` changes. */
export function settingsChange(
  backup: Pick<Backup, 'settings'>,
  current: Settings,
): Partial<Settings> {
  return Object.fromEntries(
    Object.entries(backup.settings).filter(
      ([k, v]) => current[k as keyof Settings] !== v && !(v === true && NEVER_SWITCHED_ON.has(k)),
    ),
  );
}
