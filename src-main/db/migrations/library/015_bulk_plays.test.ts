import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createTrackingStore } from '../../../tracking/store';
import type { Play } from '../../../tracking/types';
import { migrate } from '../../migrate';
import { insertPlay, upsertEpisode, upsertRuntime } from '../../testing/library-rows';
import { libraryMigrations } from '.';

const T0 = Date.UTC(2026, 0, 10, 12);

/** Every table a play's triggers keep, as plain rows. */
const derived = (db: Database.Database): unknown => ({
  plays: db.prepare('SELECT * FROM watch_plays ORDER BY uid').all(),
  totals: db.prepare('SELECT * FROM play_totals ORDER BY media_type, media_id').all(),
  series: db.prepare('SELECT * FROM tracked_series ORDER BY series_id').all(),
  bulk: db.prepare('SELECT count(*) FROM plays_in_bulk').pluck().get(),
});

const library = (): Database.Database => {
  const db = new Database(':memory:');
  migrate(db, libraryMigrations);
  return db;
};

/** A few films and series, some with runtimes known, one episode with its own. */
function facts(db: Database.Database): void {
  upsertRuntime(db, 'movie', 1, 120);
  upsertRuntime(db, 'movie', 2, 0);
  upsertRuntime(db, 'tv', 10, 45);
  upsertEpisode(db, 10, 1, 2, 61);
  upsertEpisode(db, 11, 1, 1, 30);
}

const play = fc.record({
  movie: fc.boolean(),
  id: fc.integer({ min: 0, max: 2 }),
  s: fc.integer({ min: 1, max: 2 }),
  e: fc.integer({ min: 1, max: 3 }),
  at: fc.option(fc.integer({ min: 0, max: 1_000 }), { nil: null }),
});

describe('library migration 015_bulk_plays', () => {
  const dbs: Database.Database[] = [];
  afterEach(() => {
    for (const db of dbs.splice(0)) db.close();
  });

  it('keeps the minutes and totals triggers for one play, and an older library’s totals', () => {
    const db = new Database(':memory:');
    dbs.push(db);
    migrate(
      db,
      libraryMigrations.filter((m) => m.version < 15),
    );
    facts(db);
    insertPlay(db, 'a', 'episode', 10, 5, 1, 2);
    const totals = db.prepare('SELECT * FROM play_totals').all();
    expect(migrate(db, libraryMigrations).applied).toContain('015_bulk_plays');
    expect(db.prepare('SELECT * FROM play_totals').all()).toEqual(totals);
    insertPlay(db, 'b', 'movie', 1, 7);
    expect(db.prepare('SELECT minutes FROM watch_plays WHERE uid = ?').pluck().get('b')).toBe(120);
    expect(
      db
        .prepare("SELECT plays, minutes, last_at FROM play_totals WHERE media_type = 'movie'")
        .get(),
    ).toEqual({ plays: 1, minutes: 120, last_at: 7 });
  });

  it('gives plays written in bulk the minutes, totals and counters of plays written one by one', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.array(play, { maxLength: 8 }),
            fc.array(play, { minLength: 16, maxLength: 40 }),
          ),
          { maxLength: 5 },
        ),
        (batches) => {
          const bulk = library();
          const single = library();
          dbs.push(bulk, single);
          facts(bulk);
          facts(single);
          const bulkStore = createTrackingStore(bulk);
          const singleStore = createTrackingStore(single);
          let n = 0;
          batches.forEach((batch, i) => {
            const plays: Play[] = batch.map((p) => ({
              uid: `p${String((n += 1) % 30)}`,
              mediaType: p.movie ? 'movie' : 'episode',
              mediaId: p.movie ? p.id : 10 + p.id,
              season: p.movie ? null : p.s,
              episode: p.movie ? null : p.e,
              watchedAt: p.at,
              source: 'marquee',
              createdAt: T0,
            }));
            const now = T0 + i;
            // Many at once (in bulk from 16 on), and the same plays one at a time.
            const a = bulkStore.plays.insertCounting(plays, now);
            const b = plays.flatMap((p) => singleStore.plays.insert([p], now));
            expect(a).toEqual(b);
            expect(derived(bulk)).toEqual(derived(single));
            // A refresh's runtime arriving later moves both the same way.
            upsertRuntime(bulk, 'tv', 11, 20 + i);
            upsertRuntime(single, 'tv', 11, 20 + i);
          });
          expect(derived(bulk)).toEqual(derived(single));
          bulk.close();
          single.close();
          dbs.splice(0);
        },
      ),
      { numRuns: 150 },
    );
  });
});
