import Database from 'better-sqlite3';
import { createChangePath, type ChangePath } from '../../../changes/change-path';
import { createChangeStore } from '../../../changes/store/changes';
import type { Change, SharedChange } from '../../../changes/types';
import { migrate } from '../../../db/migrate';
import { libraryMigrations } from '../../../db/migrations/library';
import { createTrackingStore, type TrackingStore } from '../../../tracking/store';
import { episodeKey, releaseKey, type NewInboxItem } from '../../../tracking/store/inbox';
import { createTracking, type Tracking } from '../../../tracking/tracking';
import { createMerge, type Merge } from '../merge';
import { createMergeStore } from '../store/merge-store';

export const T0 = Date.UTC(2026, 0, 10, 12);
export const HOUR = 3_600_000;

/** The inbox items every computer made itself (each makes its own, with the same keys). */
export const INBOX_KEYS = [
  episodeKey(1, 1, 1),
  episodeKey(2, 1, 2),
  releaseKey(550, 'US', 3),
] as const;

/** One computer: its own library, clock, change path, tracking domain and merge. */
export interface Device {
  name: string;
  db: Database.Database;
  clock: { now: number };
  changes: ChangePath;
  tracking: Tracking;
  store: TrackingStore;
  merge: Merge;
  /** Every change this computer made itself (what its files hold), oldest first. */
  own(): SharedChange[];
  /** Merges changes from other computers' files, in the order given. */
  receive(changes: readonly SharedChange[]): Promise<Change[]>;
  close(): void;
}

/** A migrated in-memory library with the inbox items every computer has. */
export function device(name: string, options: { now?: number; chunkSize?: number } = {}): Device {
  const db = new Database(':memory:');
  migrate(db, libraryMigrations);
  const clock = { now: options.now ?? T0 };
  let ids = 0;
  let uids = 0;
  const changes = createChangePath({
    store: createChangeStore(db),
    clock: () => clock.now,
    newId: () => `${name}-${String((ids += 1)).padStart(5, '0')}`,
  });
  const store = createTrackingStore(db);
  const tracking = createTracking(store, {
    clock: () => clock.now,
    timeZone: () => 'UTC',
    region: () => 'US',
    newUid: () => `${name}-play-${String((uids += 1))}`,
    changes,
  });
  const item = { title: 'New', body: 'New', occurredAt: '2026-01-01' };
  const episode = (seriesId: number, n: number): NewInboxItem => ({
    ...item,
    dedupeKey: episodeKey(seriesId, 1, n),
    kind: 'episode',
    mediaId: seriesId,
    season: 1,
    episode: n,
    releaseType: null,
  });
  store.inbox.add(
    [
      episode(1, 1),
      episode(2, 2),
      {
        ...item,
        dedupeKey: INBOX_KEYS[2],
        kind: 'release',
        mediaId: 550,
        season: null,
        episode: null,
        releaseType: 3,
      },
    ],
    T0,
  );
  const merge = createMerge({
    changes,
    store: createMergeStore(db),
    tracking: store,
    clock: () => clock.now,
    chunkSize: options.chunkSize ?? 1_000,
    pause: () => Promise.resolve(),
  });
  return {
    name,
    db,
    clock,
    changes,
    tracking,
    store,
    merge,
    own: () => changes.ownSince(0, 10_000).map(({ seq: _seq, ...change }) => change),
    receive: async (list) => (await merge.merge(list)).adopted,
    close: () => {
      db.close();
    },
  };
}

/**
 * Everything a person sees of their tracking data, read with plain SQL: plays by uid, series
 * settings (a row with nothing set is the same as none), which inbox items are read, when, and
 * the preferences that follow the person.
 */
export function trackingData(db: Database.Database): unknown {
  return {
    plays: db
      .prepare(
        `SELECT uid, media_type, media_id, season_number, episode_number, watched_at, source,
           created_at FROM watch_plays ORDER BY uid`,
      )
      .all(),
    series: db
      .prepare(
        `SELECT series_id, follow, include_specials, hidden, snoozed_until, play_count,
           last_watched_at FROM tracked_series
         WHERE follow <> 'none' OR include_specials <> 0 OR hidden <> 0
           OR snoozed_until IS NOT NULL OR play_count <> 0
         ORDER BY series_id`,
      )
      .all(),
    inbox: db.prepare('SELECT dedupe_key, read_at FROM inbox ORDER BY dedupe_key').all(),
    preferences: db.prepare('SELECT key, value FROM preferences ORDER BY key').all(),
  };
}
