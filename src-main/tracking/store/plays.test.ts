import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import { libraryMigrations } from '../../db/migrations/library';
import type { Play } from '../types';
import { createTrackingStore, type TrackingStore } from './index';

const T0 = Date.UTC(2026, 0, 10, 12);

const episode = (uid: string, seriesId: number, ep: number, watchedAt: number | null): Play => ({
  uid,
  mediaType: 'episode',
  mediaId: seriesId,
  season: 1,
  episode: ep,
  watchedAt,
  source: 'marquee',
  createdAt: T0,
});
const movie = (uid: string, watchedAt: number): Play => ({
  uid,
  mediaType: 'movie',
  mediaId: 550,
  season: null,
  episode: null,
  watchedAt,
  source: 'marquee',
  createdAt: T0,
});

/*
 * Plays inserted with counters moved by what was added give the same library as plays inserted
 * with counters recounted: series counters, play totals, minutes.
 */
describe('inserting plays with the series counters moved instead of recounted', () => {
  const dbs: Database.Database[] = [];
  afterEach(() => {
    for (const db of dbs.splice(0)) db.close();
  });
  const library = (): { db: Database.Database; store: TrackingStore } => {
    const db = new Database(':memory:');
    migrate(db, libraryMigrations);
    dbs.push(db);
    return { db, store: createTrackingStore(db) };
  };
  const everything = (db: Database.Database): unknown => ({
    series: db.prepare('SELECT * FROM tracked_series ORDER BY series_id').all(),
    plays: db.prepare('SELECT * FROM watch_plays ORDER BY uid').all(),
    totals: db.prepare('SELECT * FROM play_totals ORDER BY media_type, media_id').all(),
  });

  it('gives the counters a recount gives, batch after batch, with repeats and unknown dates', () => {
    const batches: Play[][] = [
      [episode('a', 1, 1, T0), episode('b', 1, 2, null), movie('m', T0 + 5)],
      [episode('c', 1, 1, T0 - 10), episode('d', 2, 1, null), episode('a', 1, 1, T0)],
      [episode('e', 2, 2, T0 + 20), episode('f', 1, 3, T0 + 30), episode('g', 3, 1, null)],
      [],
    ];
    const recounted = library();
    const moved = library();
    // A series followed before anything was watched already has its row.
    recounted.store.series.ensure(3, T0);
    moved.store.series.ensure(3, T0);
    batches.forEach((batch, i) => {
      const now = T0 + i;
      const a = recounted.store.plays.insert(batch, now);
      const b = moved.store.plays.insertCounting(batch, now);
      expect(b).toEqual(a);
      expect(everything(moved.db)).toEqual(everything(recounted.db));
    });
    // And after removals, which recount.
    recounted.store.plays.removeUids(['a', 'e'], T0 + 9);
    moved.store.plays.removeUids(['a', 'e'], T0 + 9);
    moved.store.plays.insertCounting([episode('h', 2, 3, T0 - 99)], T0 + 10);
    recounted.store.plays.insert([episode('h', 2, 3, T0 - 99)], T0 + 10);
    expect(everything(moved.db)).toEqual(everything(recounted.db));
    expect(moved.store.series.get(1)).toMatchObject({ playCount: 3, lastWatchedAt: T0 + 30 });
  });
});
