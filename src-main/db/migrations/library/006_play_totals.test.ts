import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../migrate';
import { insertPlay, upsertEpisode, upsertRuntime } from '../../testing/library-rows';
import { libraryMigrations } from '.';

const before = libraryMigrations.filter((m) => m.version < 6);

interface Totals {
  media_type: string;
  media_id: number;
  plays: number;
  minutes: number;
  no_runtime: number;
  episodes: number;
  last_at: number | null;
}

/** What grouping every play gives: the totals the triggers must keep equal to. */
function recomputed(db: Database.Database): Totals[] {
  return db
    .prepare(
      `SELECT CASE media_type WHEN 'movie' THEN 'movie' ELSE 'tv' END AS media_type, media_id,
         count(*) AS plays, coalesce(sum(minutes), 0) AS minutes,
         count(*) - count(minutes) AS no_runtime,
         count(DISTINCT CASE WHEN media_type = 'episode'
           THEN season_number * 100000 + episode_number END) AS episodes,
         max(watched_at) AS last_at
       FROM watch_plays GROUP BY 1, 2 ORDER BY 1, 2`,
    )
    .all() as Totals[];
}

const kept = (db: Database.Database): Totals[] =>
  db.prepare('SELECT * FROM play_totals ORDER BY media_type, media_id').all() as Totals[];

describe('library migration 006_play_totals', () => {
  let db: Database.Database;
  afterEach(() => db.close());

  const facts = (type: 'movie' | 'tv', id: number, runtime: number | null): void => {
    upsertRuntime(db, type, id, runtime);
  };

  it('totals an older library’s plays, distinct episodes included', () => {
    db = new Database(':memory:');
    migrate(db, before);
    facts('movie', 550, 139);
    insertPlay(db, 'a', 'movie', 550, 10);
    insertPlay(db, 'b', 'movie', 550, 30);
    insertPlay(db, 'c', 'episode', 1399, 20, 1, 1);
    insertPlay(db, 'd', 'episode', 1399, null, 1, 1);
    insertPlay(db, 'e', 'episode', 1399, 5, 1, 2);
    expect(migrate(db, libraryMigrations).applied[0]).toBe('006_play_totals');
    expect(kept(db)).toEqual([
      {
        media_type: 'movie',
        media_id: 550,
        plays: 2,
        minutes: 278,
        no_runtime: 0,
        episodes: 0,
        last_at: 30,
      },
      {
        media_type: 'tv',
        media_id: 1399,
        plays: 3,
        minutes: 0,
        no_runtime: 3,
        episodes: 2,
        last_at: 20,
      },
    ]);
  });

  it('follows plays marked, runtimes arriving, dates edited and plays removed', () => {
    db = new Database(':memory:');
    migrate(db, libraryMigrations);
    insertPlay(db, 'a', 'movie', 550, 10);
    expect(kept(db)).toEqual(recomputed(db));
    facts('movie', 550, 139);
    expect(kept(db)[0]).toMatchObject({ minutes: 139, no_runtime: 0 });
    db.prepare('UPDATE watch_plays SET watched_at = 50 WHERE uid = ?').run('a');
    expect(kept(db)[0]).toMatchObject({ last_at: 50 });
    insertPlay(db, 'b', 'movie', 550, 40);
    db.prepare("DELETE FROM watch_plays WHERE uid = 'a'").run();
    expect(kept(db)).toEqual(recomputed(db));
    expect(kept(db)[0]).toMatchObject({ plays: 1, last_at: 40 });
    db.prepare("DELETE FROM watch_plays WHERE uid = 'b'").run();
    expect(kept(db)).toEqual([]);
  });

  it('stays equal to grouping the plays through any sequence of changes', () => {
    type Op =
      | { op: 'play'; movie: boolean; id: number; s: number; e: number; at: number | null }
      | { op: 'delete'; pick: number }
      | { op: 'date'; pick: number; at: number | null }
      | { op: 'move'; pick: number; e: number }
      | { op: 'runtime'; movie: boolean; id: number; runtime: number | null }
      | { op: 'episode'; id: number; s: number; e: number; runtime: number | null };
    const id = fc.integer({ min: 1, max: 4 });
    const small = fc.integer({ min: 1, max: 3 });
    const at = fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null });
    const runtime = fc.option(fc.integer({ min: 0, max: 200 }), { nil: null });
    const pick = fc.nat();
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ op: fc.constant('play'), movie: fc.boolean(), id, s: small, e: small, at }),
      fc.record({ op: fc.constant('play'), movie: fc.boolean(), id, s: small, e: small, at }),
      fc.record({ op: fc.constant('delete'), pick }),
      fc.record({ op: fc.constant('date'), pick, at }),
      fc.record({ op: fc.constant('move'), pick, e: small }),
      fc.record({ op: fc.constant('runtime'), movie: fc.boolean(), id, runtime }),
      fc.record({ op: fc.constant('episode'), id, s: small, e: small, runtime }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        db = new Database(':memory:');
        migrate(db, libraryMigrations);
        let n = 0;
        const uids = (): string[] =>
          db.prepare('SELECT uid FROM watch_plays ORDER BY uid').pluck().all() as string[];
        for (const o of ops) {
          const all = uids();
          const target = 'pick' in o ? all[o.pick % Math.max(all.length, 1)] : undefined;
          switch (o.op) {
            case 'play':
              if (o.movie) insertPlay(db, `p${String(++n)}`, 'movie', o.id, o.at);
              else insertPlay(db, `p${String(++n)}`, 'episode', o.id, o.at, o.s, o.e);
              break;
            case 'delete':
              if (target) db.prepare('DELETE FROM watch_plays WHERE uid = ?').run(target);
              break;
            case 'date':
              if (target)
                db.prepare('UPDATE watch_plays SET watched_at = ? WHERE uid = ?').run(o.at, target);
              break;
            case 'move':
              if (target)
                db.prepare(
                  "UPDATE watch_plays SET episode_number = ? WHERE uid = ? AND media_type = 'episode'",
                ).run(o.e, target);
              break;
            case 'runtime':
              facts(o.movie ? 'movie' : 'tv', o.id, o.runtime);
              break;
            case 'episode':
              upsertEpisode(db, o.id, o.s, o.e, o.runtime);
              break;
          }
        }
        const same = JSON.stringify(kept(db)) === JSON.stringify(recomputed(db));
        if (!same) expect(kept(db)).toEqual(recomputed(db));
        db.close();
        return same;
      }),
      { numRuns: 300 },
    );
    db = new Database(':memory:');
  });
});
