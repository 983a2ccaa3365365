import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { createChangePath, type ChangePath } from '../../changes/change-path';
import { createChangeStore } from '../../changes/store/changes';
import { connect } from '../../db/connection';
import { migrate } from '../../db/migrate';
import { libraryMigrations } from '../../db/migrations/library';
import type { EpisodeSnapshot, SeriesSnapshot } from '../snapshots';
import { createTrackingStore, type TrackingStore } from '../store';
import { createTracking, type Tracking } from '../tracking';

export interface TempTracking {
  db: Database.Database;
  file: string;
  tracking: Tracking;
  /** The library's write path, which the tracking domain records its changes through. */
  changes: ChangePath;
  clock: { now: number };
  zone: { name: string };
  region: { code: string };
  /** Closes the library and opens it again, as a restart does. */
  reopen(): void;
  cleanup(): void;
}

/** A migrated library.db in a temporary folder with a settable clock, zone and region. */
export function tempTracking(
  options: { now?: number; timeZone?: string; region?: string } = {},
): TempTracking {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-tracking-'));
  const file = path.join(dir, 'library.db');
  const clock = { now: options.now ?? Date.UTC(2025, 2, 10, 12) };
  const zone = { name: options.timeZone ?? 'UTC' };
  const region = { code: options.region ?? 'US' };
  let uid = 0;
  const open = (): { db: Database.Database; tracking: Tracking; changes: ChangePath } => {
    const db = connect(file, 'library');
    migrate(db, libraryMigrations);
    const changes = createChangePath({ store: createChangeStore(db), clock: () => clock.now });
    const tracking = createTracking(createTrackingStore(db), {
      clock: () => clock.now,
      timeZone: () => zone.name,
      region: () => region.code,
      newUid: () => `play-${++uid}`,
      changes,
    });
    return { db, tracking, changes };
  };
  const state = open();
  const temp: TempTracking = {
    db: state.db,
    file,
    tracking: state.tracking,
    changes: state.changes,
    clock,
    zone,
    region,
    reopen() {
      temp.db.close();
      const next = open();
      temp.db = next.db;
      temp.tracking = next.tracking;
      temp.changes = next.changes;
    },
    cleanup() {
      if (temp.db.open) temp.db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return temp;
}

/**
 * Another tracking domain over the same library (as after a restart: nothing in memory), on
 * `store` when a test wraps the library's store to count or hide its reads.
 */
export function domainOver(
  t: TempTracking,
  store: TrackingStore = createTrackingStore(t.db),
): Tracking {
  return createTracking(store, {
    clock: () => t.clock.now,
    timeZone: () => t.zone.name,
    region: () => t.region.code,
    changes: createChangePath({ store: createChangeStore(t.db), clock: () => t.clock.now }),
  });
}

/** Puts a title on the watchlist or favourites, as the library's mirror would. */
export function collect(
  db: Database.Database,
  collection: 'watchlist' | 'favorite',
  mediaType: 'movie' | 'tv',
  mediaId: number,
): void {
  db.prepare(
    'INSERT OR IGNORE INTO collection_entries (collection, media_type, media_id, added_at) VALUES (?, ?, ?, 1)',
  ).run(collection, mediaType, mediaId);
}

export function uncollect(
  db: Database.Database,
  collection: 'watchlist' | 'favorite',
  mediaType: 'movie' | 'tv',
  mediaId: number,
): void {
  db.prepare(
    'DELETE FROM collection_entries WHERE collection = ? AND media_type = ? AND media_id = ?',
  ).run(collection, mediaType, mediaId);
}

export interface SeasonSpec {
  season: number;
  /** One air date (or null) per episode, numbered from 1 unless `numbers` says otherwise. */
  airDates: ReadonlyArray<string | null>;
  numbers?: readonly number[];
}

/** A series as a refresh would bring it back, every listed season with its episodes. */
export function seriesSnapshot(
  id: number,
  seasons: readonly SeasonSpec[],
  details: Partial<Omit<SeriesSnapshot, 'id' | 'seasons' | 'episodes'>> = {},
): SeriesSnapshot {
  const episodes = new Map<number, EpisodeSnapshot[]>();
  for (const spec of seasons) {
    episodes.set(
      spec.season,
      spec.airDates.map((airDate, i) => {
        const episode = spec.numbers?.[i] ?? i + 1;
        return {
          season: spec.season,
          episode,
          id: id * 10_000 + spec.season * 100 + episode,
          name: `Episode ${spec.season}x${episode}`,
          overview: `Overview of ${spec.season}x${episode}`,
          stillPath: `/still-${id}-${spec.season}-${episode}.jpg`,
          airDate,
          runtime: 42,
        };
      }),
    );
  }
  return {
    id,
    name: `Series ${id}`,
    posterPath: `/poster-${id}.jpg`,
    status: 'Returning Series',
    firstAirDate: null,
    lastAirDate: null,
    nextAirDate: null,
    seasons: seasons.map((s) => ({
      season: s.season,
      name: s.season === 0 ? 'Specials' : `Season ${s.season}`,
      episodeCount: s.airDates.length,
      airDate: s.airDates[0] ?? null,
      posterPath: null,
    })),
    episodes,
    ...details,
  };
}

/** `count` weekly air dates from `first`. */
export function weekly(first: string, count: number): string[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(start + i * 7 * 86_400_000).toISOString().slice(0, 10),
  );
}
