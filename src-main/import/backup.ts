import { z } from 'zod';
import { play as playSchema, settings as settingsSchema } from '../../src-shared/ipc/contract';
import type { RestorePlan } from '../../src-shared/ipc/contract/import';
import {
  keptInboxBody,
  keptInboxTitle,
  keptListDescription,
  keptListName,
} from '../../src-shared/text/limits';
import type { SettingsStore } from '../settings/settings-store';
import type { TrackingService } from '../tracking/tracking-service';
import type { Play } from '../tracking/types';
import type { UserLibrary } from '../library/user-library';
import type { BackupStore } from './store/backup';

/**
 * Marquee's backup: one versioned JSON document with the library (watchlist, favourites, ratings,
 * custom lists), the watch history, followed series' settings, the inbox and its read state, and
 * the settings. Never a token, an API key or a session id: none of these sources hold one, and a
 * test scans a signed-in profile's backup for its secrets.
 *
 * Restoring merges: plays by uid, library items by item, lists by name, inbox items by key; the
 * plan (`planRestore`) says what the merge will add and change before anything is written.
 */

const id = z.number().int().positive();
const mediaRef = z.object({ mediaType: z.enum(['movie', 'tv']), mediaId: id });
const ratingTarget = z.discriminatedUnion('mediaType', [
  z.object({ mediaType: z.enum(['movie', 'tv']), mediaId: id }),
  z.object({
    mediaType: z.literal('episode'),
    mediaId: id,
    season: z.number().int().min(0),
    episode: z.number().int().min(1),
  }),
]);

export const backupSchema = z.object({
  format: z.literal('marquee-backup'),
  version: z.literal(1),
  createdAt: z.number().int().min(0),
  app: z.object({ version: z.string().max(100) }),
  library: z.object({
    watchlist: z.array(mediaRef).max(100_000),
    favorites: z.array(mediaRef).max(100_000),
    ratings: z
      .array(
        z.object({
          target: ratingTarget,
          value: z
            .number()
            .min(0.5)
            .max(10)
            .refine((v) => Number.isInteger(v * 2), 'a rating is a multiple of 0.5'),
        }),
      )
      .max(100_000),
    lists: z
      .array(
        z.object({
          // Text as the library keeps it (src-shared/text/limits.ts): what Marquee holds, a
          // backup holds; longer text from an older backup is cut as the library cuts it.
          name: keptListName(),
          description: keptListDescription(),
          movieIds: z.array(id).max(20_000),
        }),
      )
      .max(1_000),
  }),
  history: z.array(playSchema).max(1_000_000),
  series: z
    .array(
      z.object({
        seriesId: id,
        follow: z.enum(['none', 'follow', 'unfollow']),
        includeSpecials: z.boolean(),
        hidden: z.boolean(),
        snoozedUntil: z.number().int().nullable(),
      }),
    )
    .max(100_000),
  inbox: z
    .array(
      z.object({
        key: z.string().min(1).max(300),
        kind: z.enum(['episode', 'release']),
        mediaId: id,
        season: z.number().int().nullable(),
        episode: z.number().int().nullable(),
        releaseType: z.number().int().min(1).max(6).nullable(),
        title: keptInboxTitle(),
        body: keptInboxBody(),
        occurredAt: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        createdAt: z.number().int().min(0),
        readAt: z.number().int().min(0).nullable(),
      }),
    )
    .max(200_000),
  settings: settingsSchema.partial(),
});
export type Backup = z.infer<typeof backupSchema>;

export interface BackupDeps {
  appVersion: string;
  clock: () => number;
  store: BackupStore;
  tracking: TrackingService;
  library: UserLibrary;
  settings: SettingsStore;
}

const byKey = <T>(items: T[], key: (t: T) => string): T[] =>
  items.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
const targetKey = (t: z.infer<typeof ratingTarget>): string =>
  t.mediaType === 'episode'
    ? `episode:${t.mediaId}:${t.season}:${t.episode}`
    : `${t.mediaType}:${t.mediaId}`;

/** Every play, oldest first (pages of the history read). */
function allPlays(tracking: TrackingService): Play[] {
  const out: Play[] = [];
  const page = 20_000;
  for (let offset = 0; ; offset += page) {
    const { plays, total } = tracking.tracking.history({ limit: page, offset });
    out.push(...plays);
    if (plays.length === 0 || offset + page >= total) break;
  }
  return byKey(out, (p) => p.uid);
}

/** The profile as one backup document. */
export function createBackup(deps: BackupDeps): Backup {
  const { library } = deps;
  const refs = (collection: 'watchlist' | 'favorites'): z.infer<typeof mediaRef>[] =>
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
      name: l.name,
      description: l.description,
      movieIds: library
        .list(l.id)
        .items.map((i) => i.mediaId)
        .sort((a, b) => a - b),
    })),
    (l) => l.name,
  );
  return {
    format: 'marquee-backup',
    version: 1,
    createdAt: deps.clock(),
    app: { version: deps.appVersion },
    library: { watchlist: refs('watchlist'), favorites: refs('favorites'), ratings, lists },
    history: allPlays(deps.tracking),
    series: deps.store.seriesSettings(),
    inbox: deps.store.inbox(),
    settings: { ...deps.settings.get() },
  };
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

interface LibraryDiff {
  watchlist: z.infer<typeof mediaRef>[];
  favorites: z.infer<typeof mediaRef>[];
  ratings: Backup['library']['ratings'];
  present: number;
  changes: number;
  lists: { name: string; description: string; listId: string | null; add: number[] }[];
  listItemsPresent: number;
}

function libraryDiff(backup: Backup, library: UserLibrary): LibraryDiff {
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
  const existing = library.lists().lists;
  for (const list of backup.library.lists) {
    const found = existing.find((l) => l.name === list.name);
    const have = new Set(found ? library.list(found.id).items.map((i) => i.mediaId) : []);
    const add = list.movieIds.filter((m) => !have.has(m));
    diff.listItemsPresent += list.movieIds.length - add.length;
    diff.lists.push({
      name: list.name,
      description: list.description,
      listId: found?.id ?? null,
      add,
    });
  }
  return diff;
}

/** What restoring `backup` over this profile will do; nothing is written. */
export function planRestore(backup: Backup, deps: BackupDeps): RestorePlan {
  const known = new Set(allPlays(deps.tracking).map((p) => p.uid));
  const newPlays = backup.history.filter((p) => !known.has(p.uid)).length;
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
  const current = deps.settings.get();
  const settingsChange = Object.entries(backup.settings)
    .filter(([k, v]) => current[k as keyof typeof current] !== v)
    .map(([k]) => k)
    .sort();
  return {
    plays: { add: newPlays, alreadyPresent: backup.history.length - newPlays },
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
    settings: { change: settingsChange },
    createdAt: backup.createdAt,
    appVersion: backup.app.version,
  };
}

export interface RestoreResult {
  history: { added: number; alreadyPresent: number; failed: number };
  library: { added: number; alreadyPresent: number; failed: number };
  lists: { added: number; alreadyPresent: number; failed: number };
}

/**
 * Merges a backup into this profile. Every step is a merge by key, so running it again (after a
 * crash, say) adds nothing twice. Library items that TMDB-bound writes refuse (a guest session)
 * are counted as failed; the rest still lands.
 */
export async function restoreBackup(
  backup: Backup,
  deps: BackupDeps,
  progress: (done: number, total: number) => void,
): Promise<RestoreResult> {
  const total = 5;
  const plays: Play[] = backup.history.map((p) => ({ ...p }));
  const CHUNK = 5_000;
  let added = 0;
  for (let i = 0; i < plays.length; i += CHUNK)
    added += deps.tracking.restore(plays.slice(i, i + CHUNK)).restored;
  progress(1, total);

  const lib = libraryDiff(backup, deps.library);
  const libResult = { added: 0, alreadyPresent: lib.present, failed: 0 };
  const attempt = (fn: () => void, into: { added: number; failed: number }): void => {
    try {
      fn();
      into.added += 1;
    } catch {
      into.failed += 1;
    }
  };
  for (const r of lib.watchlist)
    attempt(() => deps.library.setWatchlist({ ...r, on: true }), libResult);
  for (const r of lib.favorites)
    attempt(() => deps.library.setFavorite({ ...r, on: true }), libResult);
  for (const r of lib.ratings)
    attempt(() => deps.library.rate({ target: r.target, value: r.value }), libResult);
  progress(2, total);

  const listResult = { added: 0, alreadyPresent: lib.listItemsPresent, failed: 0 };
  for (const list of lib.lists) {
    let listId = list.listId;
    if (listId === null) {
      try {
        listId = deps.library.createList({ name: list.name, description: list.description }).list
          .id;
      } catch {
        listResult.failed += list.add.length;
        continue;
      }
    }
    const target = listId;
    for (const movieId of list.add)
      attempt(() => deps.library.addToList({ listId: target, movieId }), listResult);
  }
  progress(3, total);

  deps.store.mergeSeriesSettings(backup.series, deps.clock());
  deps.store.mergeInbox(backup.inbox);
  progress(4, total);

  const current = deps.settings.get();
  const change = Object.fromEntries(
    Object.entries(backup.settings).filter(([k, v]) => current[k as keyof typeof current] !== v),
  );
  if (Object.keys(change).length > 0) await deps.settings.set(change);
  progress(5, total);

  return {
    history: { added, alreadyPresent: plays.length - added, failed: 0 },
    library: libResult,
    lists: listResult,
  };
}
