import type { PreferenceSet } from '../../changes/preferences';
import type { Change, SharedChange } from '../../changes/types';
import type {
  InboxRead,
  PlaysAdded,
  PlaysRemoved,
  SeriesFollow,
  SeriesHidden,
  SeriesSnooze,
  SeriesSpecials,
} from '../../tracking/changes';
import type { TrackingStore } from '../../tracking/store';
import { arrivalKey, episodeKey, releaseKey } from '../../tracking/store/inbox';
import type { Play } from '../../tracking/types';
import type { FoldRow, MergeStore, PlayVersion, Version } from './store/merge-store';

/**
 * The effect of a change from another computer on this library, in the transaction that stores it.
 * Every rule depends only on the set of changes known, never on the order they arrived in, so
 * every computer that has seen the same changes holds the same data:
 *
 * - a play is present when the newest change naming its uid (by hlc, then device, then id) added
 *   it: a removal is a tombstone that an older add arriving later does not undo, and an undo that
 *   puts the same play back (a newer add of the same uid) wins over the removal it undoes;
 * - a series setting (`series.follow`, `.specials`, `.hidden`, `.snooze`) is a register: the newest
 *   change of it, by the same order, holds; an older one is stored and has no effect;
 * - an inbox item is read once and for all; its time is that of the first change that read it, and
 *   an item this computer makes later (each makes its own) is made read;
 * - a preference (`preference.set`, the streaming services chosen, a title not wanted) is a
 *   register like a series setting: the newest change of its key holds;
 * - `import.decide` is stored and not applied: an import job, its file and its review belong to
 *   the computer that ran it, and the plays it wrote travel as `plays.add` changes of their own.
 *
 * Plays are written in bulk by `flush`, so series counters are recounted once per chunk. One
 * applier serves one chunk.
 */
export interface Applier {
  /** Brings the version tables up to changes already applied here (this computer's own). */
  fold(rows: readonly FoldRow[]): void;
  /** The effect of one change just stored. */
  apply(change: Change): void;
  /**
   * Reads the stored versions of every play these changes name, in one query, before they are
   * applied (otherwise each is read as its change is applied).
   */
  preload(changes: readonly SharedChange[]): void;
  /** Writes the plays added and removed since the last flush. */
  flush(): void;
}

/** Whether `a` was written after `b` in the order every computer agrees on. */
export const newer = (a: Version, b: Version): boolean =>
  a.hlc !== b.hlc ? a.hlc > b.hlc : a.device !== b.device ? a.device > b.device : a.id > b.id;

const versionOf = (change: Version): Version => ({
  hlc: change.hlc,
  device: change.device,
  id: change.id,
});

const samePlay = (a: Play, b: Play): boolean =>
  a.uid === b.uid &&
  a.mediaType === b.mediaType &&
  a.mediaId === b.mediaId &&
  a.season === b.season &&
  a.episode === b.episode &&
  a.watchedAt === b.watchedAt &&
  a.source === b.source &&
  a.createdAt === b.createdAt;

export function createApplier(deps: {
  store: MergeStore;
  tracking: TrackingStore;
  clock: () => number;
}): Applier {
  const { store, tracking, clock } = deps;
  /** Per uid, what the chunk's newest change of it says: the play, or null when it is removed. */
  let plays = new Map<string, Play | null>();
  /** Per uid, the newest version this chunk recorded, written by `writeVersions`. */
  let versions = new Map<string, PlayVersion>();
  /** Per uid preloaded, its stored version (none when absent: then none is stored). */
  let stored = new Map<string, PlayVersion | undefined>();

  /** Records the change as the newest of each play it names, when it is; says which are. */
  const playChange = (change: Version, uids: readonly string[], removed: boolean): Set<string> => {
    const version = versionOf(change);
    const newest = new Set<string>();
    for (const uid of uids) {
      const known =
        versions.get(uid) ?? (stored.has(uid) ? stored.get(uid) : store.playVersion(uid));
      if (known && !newer(version, known)) continue;
      versions.set(uid, { ...version, removed });
      newest.add(uid);
    }
    return newest;
  };

  /**
   * The chunk's play versions, written in the order of their key: a chunk's thousands of random
   * uids then reach the table's pages in order, each page once, instead of hopping between them.
   */
  const writeVersions = (): void => {
    store.setPlayVersions([...versions].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    versions = new Map();
    stored = new Map();
  };

  const inboxRead = (change: Version, data: InboxRead): void => {
    const version = { ...versionOf(change), readAt: data.readAt };
    for (const item of data.items) {
      const key =
        item.kind === 'episode'
          ? episodeKey(item.mediaId, item.season ?? 0, item.episode ?? 0)
          : item.kind === 'arrival'
            ? arrivalKey(
                item.mediaType ?? 'movie',
                item.mediaId,
                item.region ?? '',
                item.providerId ?? 0,
              )
            : releaseKey(item.mediaId, item.region ?? '', item.releaseType ?? 0);
      const first = store.inboxRead(key);
      if (first && !newer(first, version)) continue;
      store.setInboxRead(key, version);
      store.readInboxItem(key, data.readAt);
    }
  };

  /** Series whose row this chunk made sure of (a chunk of plays names the same few many times). */
  const ensured = new Set<number>();
  const ensureSeries = (ids: Iterable<number>): void => {
    for (const id of ids) {
      if (ensured.has(id)) continue;
      tracking.series.ensure(id, clock());
      ensured.add(id);
    }
  };

  const register = (change: Change): void => {
    const { seriesId } = change.data as { seriesId: number };
    ensureSeries([seriesId]);
    if (store.registerHead(change.entity, change.kind)?.id !== change.id) return;
    const now = clock();
    switch (change.kind) {
      case 'series.follow':
        tracking.series.setFollow(seriesId, (change.data as SeriesFollow).follow, now);
        return;
      case 'series.specials':
        tracking.series.setIncludeSpecials(
          seriesId,
          (change.data as SeriesSpecials).includeSpecials,
          now,
        );
        return;
      case 'series.hidden':
        tracking.series.setHidden(seriesId, (change.data as SeriesHidden).hidden, now);
        return;
      case 'series.snooze':
        tracking.series.setSnoozedUntil(seriesId, (change.data as SeriesSnooze).until, now);
        return;
    }
  };

  return {
    fold(rows) {
      for (const row of rows) {
        if (row.kind === 'plays.add')
          playChange(
            row,
            (row.data as PlaysAdded).plays.map((p) => p.uid),
            false,
          );
        else if (row.kind === 'plays.remove')
          playChange(row, (row.data as PlaysRemoved).uids, true);
        else if (row.kind === 'inbox.read') inboxRead(row, row.data as InboxRead);
      }
      writeVersions();
    },
    preload(changes) {
      const uids: string[] = [];
      for (const change of changes)
        if (change.kind === 'plays.add')
          for (const p of (change.data as PlaysAdded).plays) uids.push(p.uid);
        else if (change.kind === 'plays.remove') uids.push(...(change.data as PlaysRemoved).uids);
      const found = store.playVersions(uids);
      for (const uid of uids) stored.set(uid, found.get(uid));
    },
    apply(change) {
      switch (change.kind) {
        case 'plays.add': {
          const added = (change.data as PlaysAdded).plays;
          ensureSeries(added.filter((p) => p.mediaType === 'episode').map((p) => p.mediaId));
          const newest = playChange(
            change,
            added.map((p) => p.uid),
            false,
          );
          for (const p of added) if (newest.has(p.uid)) plays.set(p.uid, p);
          return;
        }
        case 'plays.remove': {
          const { uids, seriesIds } = change.data as PlaysRemoved;
          ensureSeries(seriesIds);
          for (const uid of playChange(change, uids, true)) plays.set(uid, null);
          return;
        }
        case 'series.follow':
        case 'series.specials':
        case 'series.hidden':
        case 'series.snooze':
          register(change);
          return;
        case 'inbox.read':
          inboxRead(change, change.data as InboxRead);
          return;
        case 'preference.set': {
          if (store.registerHead(change.entity, change.kind)?.id !== change.id) return;
          const { key, value } = change.data as PreferenceSet;
          store.setPreference(key, JSON.stringify(value), clock());
          return;
        }
        default:
          // import.decide: stored, not applied (see above).
          return;
      }
    },
    flush() {
      writeVersions();
      if (plays.size === 0) return;
      const now = clock();
      const gone: string[] = [];
      const added: Play[] = [];
      // One look for the chunk's plays already here, instead of one per play.
      const here = store.storedPlays(
        [...plays].filter(([, play]) => play !== null).map(([uid]) => uid),
      );
      for (const [uid, play] of plays) {
        if (play === null) {
          gone.push(uid);
          continue;
        }
        const stored = here.get(uid);
        if (stored && samePlay(stored, play)) continue;
        // The same play added on two computers (an export imported on both): the newest holds.
        if (stored) gone.push(uid);
        added.push(play);
      }
      plays = new Map();
      // In the order of their key, as the versions above.
      gone.sort();
      added.sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
      tracking.plays.removeUids(gone, now);
      tracking.plays.insertCounting(added, now);
    },
  };
}
