import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import { libraryMigrations } from '../../db/migrations/library';
import { createTrackingStore } from './index';

const T0 = Date.UTC(2026, 0, 10, 12);

describe('the watched series, read as raw rows', () => {
  const dbs: Database.Database[] = [];
  afterEach(() => {
    for (const db of dbs.splice(0)) db.close();
  });

  it('gives each series the state a read by id gives, field for field, most recent first', () => {
    const db = new Database(':memory:');
    dbs.push(db);
    migrate(db, libraryMigrations);
    const insert = db.prepare(
      `INSERT INTO tracked_series (series_id, follow, include_specials, hidden, snoozed_until,
         notify_since, play_count, last_watched_at, name, poster_path, status, first_air_date,
         last_air_date, next_air_date, refreshed_at, full_refreshed_at, attempted_at,
         refresh_error, gone, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    // Every column set, to a value no other column holds.
    insert.run(
      ...[7, 'follow', 1, 1, T0 + 1, '2026-01-02', 3, T0 + 2, 'Seven', '/seven.jpg', 'Ended'],
      ...['2020-01-01', '2021-01-01', '2026-02-01', T0 + 3, T0 + 4, T0 + 5, 'timeout', 1, T0, T0],
    );
    // Nulls where they may be, and the other side of every flag.
    insert.run(
      ...[8, 'none', 0, 0, null, null, 1, null, null, null, null],
      ...[null, null, null, null, null, null, null, 0, T0, T0],
    );
    insert.run(
      ...[9, 'unfollow', 0, 0, null, null, 2, T0 + 9, 'Nine', null, 'Returning Series'],
      ...[null, null, null, null, null, null, null, 0, T0, T0],
    );
    // No plays: not watched.
    insert.run(
      ...[10, 'follow', 0, 0, null, null, 0, null, 'Ten', null, null],
      ...[null, null, null, null, null, null, null, 0, T0, T0],
    );
    const store = createTrackingStore(db);

    const watched = store.series.watchedSeries();

    expect(watched.map((s) => s.seriesId)).toEqual([9, 7, 8]);
    const byId = new Map(store.series.many([7, 8, 9]).map((s) => [s.seriesId, s]));
    for (const state of watched) expect(state).toStrictEqual(byId.get(state.seriesId));
    expect(watched[1]).toStrictEqual({
      seriesId: 7,
      follow: 'follow',
      includeSpecials: true,
      hidden: true,
      snoozedUntil: T0 + 1,
      notifySince: '2026-01-02',
      playCount: 3,
      lastWatchedAt: T0 + 2,
      name: 'Seven',
      posterPath: '/seven.jpg',
      status: 'Ended',
      firstAirDate: '2020-01-01',
      lastAirDate: '2021-01-01',
      nextAirDate: '2026-02-01',
      refreshedAt: T0 + 3,
      fullRefreshedAt: T0 + 4,
      attemptedAt: T0 + 5,
      refreshError: 'timeout',
      gone: true,
    });
  });
});
