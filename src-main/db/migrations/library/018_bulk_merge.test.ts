import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createTrackingStore } from '../../../tracking/store';
import type { Play } from '../../../tracking/types';
import { migrate } from '../../migrate';
import { libraryMigrations } from '.';

const T0 = Date.UTC(2026, 0, 10, 12);

const episode = (uid: string, seriesId: number, n: number): Play => ({
  uid,
  mediaType: 'episode',
  mediaId: seriesId,
  season: 1,
  episode: n,
  watchedAt: T0 + n,
  source: 'marquee',
  createdAt: T0 + n,
});

/** A stored progress summary for each series, and a stored stats answer. */
function cached(db: Database.Database, series: readonly number[]): void {
  for (const id of series)
    db.prepare(
      'INSERT OR REPLACE INTO progress_summaries (series_id, include_specials, summary) VALUES (?, 0, ?)',
    ).run(id, '{}');
  db.prepare(
    "INSERT OR REPLACE INTO stats_answers (channel, input, day, answer) VALUES ('stats.overview', '{}', '2026-01-10', '{}')",
  ).run();
}
const summaries = (db: Database.Database): unknown =>
  db.prepare('SELECT series_id FROM progress_summaries ORDER BY series_id').pluck().all();
const answers = (db: Database.Database): unknown =>
  db.prepare('SELECT count(*) FROM stats_answers').pluck().get();

describe('library migration 018_bulk_merge', () => {
  const dbs: Database.Database[] = [];
  afterEach(() => {
    for (const db of dbs.splice(0)) db.close();
  });
  const library = (): Database.Database => {
    const db = new Database(':memory:');
    dbs.push(db);
    migrate(
      db,
      libraryMigrations.filter((m) => m.version < 18),
    );
    db.prepare(
      `INSERT INTO changes (id, hlc, device, domain, kind, entity, data)
       VALUES ('c1', '0000000000001-000000', 'd', 'tracking', 'series.follow', 'series:5', '{}'),
              ('c2', '0000000000002-000000', 'd', 'tracking', 'plays.add', 'series:5', '{}')`,
    ).run();
    expect(migrate(db, libraryMigrations).applied).toContain('018_bulk_merge');
    return db;
  };

  it('drops a series’ summary and the stats’ answers for one play, as before', () => {
    const db = library();
    cached(db, [1, 2]);
    createTrackingStore(db).plays.insertCounting([episode('a', 1, 1)], T0);
    expect(summaries(db)).toEqual([2]);
    expect(answers(db)).toBe(0);
  });

  it('drops them once for a bulk of plays: those of its series, and every answer', () => {
    const db = library();
    cached(db, [1, 2, 3]);
    const plays = Array.from({ length: 40 }, (_, i) => episode(`p${String(i)}`, 1 + (i % 2), i));
    createTrackingStore(db).plays.insertCounting(plays, T0);
    expect(summaries(db)).toEqual([3]);
    expect(answers(db)).toBe(0);
    expect(db.prepare('SELECT count(*) FROM plays_in_bulk').pluck().get()).toBe(0);

    // Plays all known already: nothing inserted, nothing dropped.
    cached(db, [1, 2]);
    createTrackingStore(db).plays.insertCounting(plays, T0);
    expect(summaries(db)).toEqual([1, 2, 3]);
    expect(answers(db)).toBe(1);
  });

  it('reads plays by time through the indexes that lead with it, without plays_by_time', () => {
    const db = library();
    const names = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'watch_plays'")
      .pluck()
      .all();
    expect(names).not.toContain('plays_by_time');
    const plan = db
      .prepare(
        'EXPLAIN QUERY PLAN SELECT * FROM watch_plays WHERE watched_at >= 1 AND watched_at < 5',
      )
      .all() as Array<{ detail: string }>;
    expect(plan.map((r) => r.detail).join('\n')).toMatch(/USING (COVERING )?INDEX plays_/);
  });

  it('finds a register’s newest change by the registers’ index, which holds no plays', () => {
    const db = library();
    const plan = (
      db
        .prepare(
          `EXPLAIN QUERY PLAN SELECT hlc, device, id FROM changes
           WHERE entity = 'series:5' AND kind = 'series.follow'
             AND kind NOT IN ('plays.add', 'plays.remove')
           ORDER BY hlc DESC, device DESC, id DESC LIMIT 1`,
        )
        .all() as Array<{ detail: string }>
    )
      .map((r) => r.detail)
      .join('\n');
    expect(plan).toMatch(/USING COVERING INDEX changes_by_register/);
    const indexed = db
      .prepare(
        `SELECT id FROM changes INDEXED BY changes_by_register
         WHERE entity = 'series:5' AND kind NOT IN ('plays.add', 'plays.remove')`,
      )
      .pluck()
      .all();
    expect(indexed).toEqual(['c1']);
  });
});
