import type { RestorePlan } from '../../src-shared/ipc/contract/import';
import type { Preferences } from '../changes/preferences';
import type { SettingsStore } from '../settings/settings-store';
import { everyPlay } from '../tracking/every-play';
import type { Tracking } from '../tracking/tracking';
import type { TrackingService } from '../tracking/tracking-service';
import type { Play } from '../tracking/types';
import type { UserLibrary } from '../library/user-library';
import { splitPlays } from './play-times';
import {
  restoreHistory,
  restoreLibrary,
  restoreTracking,
  type HistoryRestored,
} from './backup-restore';
import type { BackupStore } from './store/backup';
import { libraryDiff, settingsChange } from './backup-merge';
import { backupSchema, type Backup, type MediaRef } from './backup-schema';

export { backupSchema, type Backup } from './backup-schema';

/**
 * Marquee's backup: one versioned JSON document with the library (watchlist, favourites, ratings,
 * custom lists), the watch history, followed series' settings, the inbox and its read state, and
 * the settings. Never a token, an API key or a session id: none of these sources hold one, and a
 * test scans a signed-in profile's backup for its secrets.
 *
 * Restoring merges: plays by uid, library items by item, lists by identity (backup-merge.ts),
 * inbox items by key; the plan (`planRestore`) says what the merge will add and change before
 * anything is written.
 */

/** What writing a backup reads: the history page by page, the library, the settings. */
export interface BackupReadDeps {
  appVersion: string;
  clock: () => number;
  store: Pick<BackupStore, 'seriesSettings' | 'inbox'> & Partial<Pick<BackupStore, 'preferences'>>;
  tracking: { tracking: Pick<Tracking, 'history'> };
  library: Pick<UserLibrary, 'collection' | 'lists' | 'list'>;
  settings: Pick<SettingsStore, 'get'>;
  /** Hears each page of the history read (plays read so far, of how many); may throw to stop. */
  onPage?: (done: number, total: number) => void;
}

export interface BackupDeps {
  appVersion: string;
  clock: () => number;
  store: BackupStore;
  tracking: TrackingService;
  library: UserLibrary;
  settings: SettingsStore;
  /** Restores the backup's preferences (my services…); without it they are left as they are. */
  preferences?: Pick<Preferences, 'set'>;
}

/** What planning a restore reads: the history, the library, series, inbox and settings. */
export type PlanDeps = Pick<BackupReadDeps, 'clock' | 'tracking' | 'settings'> & {
  store: Pick<BackupStore, 'seriesSettings' | 'inbox'>;
  library: UserLibrary;
};

const byKey = <T>(items: T[], key: (t: T) => string): T[] =>
  items.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
const targetKey = (t: Backup['library']['ratings'][number]['target']): string =>
  t.mediaType === 'episode'
    ? `episode:${t.mediaId}:${t.season}:${t.episode}`
    : `${t.mediaType}:${t.mediaId}`;

/** Every play, oldest first (pages of the history read). */
function allPlays(deps: Pick<BackupReadDeps, 'tracking' | 'onPage'>): Play[] {
  const out = everyPlay(deps.tracking.tracking, {
    pageSize: 20_000,
    ...(deps.onPage ? { onPage: deps.onPage } : {}),
  });
  return byKey(out, (p) => p.uid);
}

/** The profile as one backup document. */
export function createBackup(deps: BackupReadDeps): Backup {
  const { library } = deps;
  const refs = (collection: 'watchlist' | 'favorites'): MediaRef[] =>
    byKey(
      (['movie', 'tv'] as const).flatMap((mediaType) =>
        library
          .collection({ collection, mediaType })
          .items.map((i) => ({ mediaType, mediaId: i.mediaId })),
      ),
      (r) => `${r.mediaType}:${String(r.mediaId).padStart(12, '0')}`,
    );
  const ratings = byKey(
    (['movie', 'tv', 'episode'] as const).flatMap((mediaType) =>
      library
        .collection({ collection: 'rated', mediaType })
        .items.filter((i) => i.rating !== null)
        .map((i) => ({
          target:
            mediaType === 'episode'
              ? {
                  mediaType,
                  mediaId: i.mediaId,
                  season: i.season ?? 0,
                  episode: i.episode ?? 1,
                }
              : { mediaType, mediaId: i.mediaId },
          value: i.rating ?? 0,
        })),
    ),
    (r) => targetKey(r.target),
  );
  const lists = byKey(
    library.lists().lists.map((l) => ({
      id: l.id,
      name: l.name,
      description: l.description,
      movieIds: library
        .list(l.id)
        .items.map((i) => i.mediaId)
        .sort((a, b) => a - b),
    })),
    // By content, not id: two profiles holding the same lists write them in the same order.
    (l) => JSON.stringify([l.name, l.description, l.movieIds]),
  );
  return {
    format: 'marquee-backup',
    version: 1,
    createdAt: deps.clock(),
    app: { version: deps.appVersion },
    library: { watchlist: refs('watchlist'), favorites: refs('favorites'), ratings, lists },
    history: allPlays(deps),
    series: deps.store.seriesSettings(),
    inbox: deps.store.inbox(),
    settings: { ...deps.settings.get() },
    ...(deps.store.preferences ? { preferences: deps.store.preferences() } : {}),
  };
}

/** A backup as the file the user saves. */
export function backupFile(backup: Backup): { fileName: string; text: string } {
  const day = new Date(backup.createdAt).toISOString().slice(0, 10);
  return { fileName: `marquee-backup-${day}.json`, text: `${JSON.stringify(backup, null, 1)}\n` };
}

/** Reads a backup document; a clear message names what is wrong. */
export function parseBackup(value: unknown): Backup {
  if (typeof value === 'object' && value !== null && 'version' in value) {
    const version = value.version;
    if (typeof version === 'number' && version > 1)
      throw new Error(
        `This backup was written by a newer Marquee (backup version ${version}). Update Marquee to restore it.`,
      );
  }
  const parsed = backupSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') ?? '';
    throw new Error(
      `This Marquee backup is damaged${where ? ` at “${where}”` : ''}: ${issue?.message ?? 'it cannot be read'}.`,
    );
  }
  return parsed.data;
}

/** What restoring `backup` over this profile will do; nothing is written. */
export function planRestore(backup: Backup, deps: PlanDeps): RestorePlan {
  const known = new Set(allPlays(deps).map((p) => p.uid));
  const { usable } = splitPlays(backup.history, deps.clock());
  const newPlays = usable.filter((p) => !known.has(p.uid)).length;
  const lib = libraryDiff(backup, deps.library);
  const currentSeries = new Map(deps.store.seriesSettings().map((s) => [s.seriesId, s]));
  const seriesChanges = backup.series.filter((s) => {
    const c = currentSeries.get(s.seriesId);
    return (
      !c ||
      c.follow !== s.follow ||
      c.includeSpecials !== s.includeSpecials ||
      c.hidden !== s.hidden ||
      c.snoozedUntil !== s.snoozedUntil
    );
  }).length;
  const inbox = new Map(deps.store.inbox().map((i) => [i.key, i]));
  const inboxRead = backup.inbox.filter((i) => {
    const c = inbox.get(i.key);
    return i.readAt !== null && (!c || c.readAt === null);
  }).length;
  const settingsChanged = Object.keys(settingsChange(backup, deps.settings.get())).sort();
  return {
    plays: { add: newPlays, alreadyPresent: usable.length - newPlays },
    library: {
      add: lib.watchlist.length + lib.favorites.length + lib.ratings.length - lib.changes,
      change: lib.changes,
      alreadyPresent: lib.present,
    },
    lists: {
      create: lib.lists.filter((l) => l.listId === null).length,
      addItems: lib.lists.reduce((n, l) => n + l.add.length, 0),
      alreadyPresent: lib.listItemsPresent,
    },
    follows: { change: seriesChanges },
    inboxRead,
    settings: { change: settingsChanged },
    createdAt: backup.createdAt,
    appVersion: backup.app.version,
  };
}

export interface RestoreResult {
  history: HistoryRestored;
  library: { added: number; alreadyPresent: number; failed: number };
  lists: { added: number; alreadyPresent: number; failed: number };
}

/** Thrown between chunks of a restore asked to stop; what it added is removed by then. */
export class RestoreStopped extends Error {
  constructor() {
    super('The restore was cancelled; nothing was changed.');
    this.name = 'RestoreStopped';
  }
}

/** Steps of a restore after its plays: series and inbox, library, lists, settings. */
export const STEPS_AFTER_PLAYS = 3;

/**
 * Merges a backup into this profile. Every step is a merge by key, so running it again (after a
 * crash, say) adds nothing twice. The plays go in chunks with a pause between (backup-restore.ts);
 * `stop` is asked between chunks, and once it says so the plays added are removed and the restore
 * throws `RestoreStopped` before anything else is written. Library items that TMDB-bound writes
 * refuse (a guest session) are counted as failed; the rest still lands.
 */
export async function restoreBackup(
  backup: Backup,
  deps: BackupDeps,
  progress: (done: number, total: number) => void,
  stop: () => boolean = () => false,
): Promise<RestoreResult> {
  let plays = 0;
  const history = await restoreHistory(backup.history, {
    tracking: deps.tracking.tracking,
    clock: deps.clock,
    between: async (done, total) => {
      plays = total;
      progress(done, total + STEPS_AFTER_PLAYS);
      // Let the window and other requests in between chunks.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (stop()) throw new RestoreStopped();
    },
  });
  restoreTracking(backup, deps.tracking.tracking);
  const rest = await restoreLibrary(backup, deps, (step) => {
    progress(plays + step, plays + STEPS_AFTER_PLAYS);
  });
  return { history, ...rest };
}
