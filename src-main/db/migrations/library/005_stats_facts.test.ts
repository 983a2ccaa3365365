import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../migrate';
import { insertPlay, upsertEpisode, upsertRuntime } from '../../testing/library-rows';
import { libraryMigrations } from '.';

const before = libraryMigrations.filter((m) => m.version < 5);

describe('library migration 005_stats_facts', () => {
  let db: Database.Database;
  afterEach(() => db.close());

  const play = (uid: string, type: 'movie' | 'episode', id: number, s = -1, e = -1): void => {
    insertPlay(db, uid, type, id, 1, s, e);
  };
  const minutes = (uid: string): number | null =>
    db.prepare('SELECT minutes FROM watch_plays WHERE uid = ?').pluck().get(uid) as number | null;
  const episode = (series: number, s: number, e: number, runtime: number | null): void => {
    upsertEpisode(db, series, s, e, runtime);
  };
  const facts = (type: 'movie' | 'tv', id: number, runtime: number | null): void => {
    upsertRuntime(db, type, id, runtime);
  };

  it('keeps the plays of an older library and counts the episode runtimes it already had', () => {
    db = new Database(':memory:');
    migrate(db, before);
    episode(1399, 1, 1, 55);
    play('a', 'episode', 1399, 1, 1);
    play('b', 'movie', 550);
    const result = migrate(db, libraryMigrations);
    expect(result.applied).toContain('005_stats_facts');
    expect(db.prepare('SELECT count(*) FROM watch_plays').pluck().get()).toBe(2);
    expect(minutes('a')).toBe(55);
    // A film's runtime is not known until its facts are fetched.
    expect(minutes('b')).toBeNull();
  });

  it('keeps each play’s minutes in step as plays, episodes and facts arrive and change', () => {
    db = new Database(':memory:');
    migrate(db, libraryMigrations);
    play('film', 'movie', 550);
    expect(minutes('film')).toBeNull();
    facts('movie', 550, 139);
    expect(minutes('film')).toBe(139);
    facts('movie', 550, 0); // TMDB's "unknown"
    expect(minutes('film')).toBeNull();

    play('ep', 'episode', 1399, 1, 2);
    facts('tv', 1399, 50);
    expect(minutes('ep')).toBe(50); // the series' typical runtime stands in
    episode(1399, 1, 2, 61);
    expect(minutes('ep')).toBe(61);
    db.prepare('UPDATE series_episodes SET runtime = 58 WHERE series_id = 1399').run();
    expect(minutes('ep')).toBe(58);
    db.prepare('DELETE FROM series_episodes WHERE series_id = 1399').run();
    expect(minutes('ep')).toBe(50);
    play('ep2', 'episode', 1399, 1, 3);
    expect(minutes('ep2')).toBe(50);
    facts('tv', 1399, 44);
    expect([minutes('ep'), minutes('ep2')]).toEqual([44, 44]);
  });

  it('answers the stats from indexes that hold every column they read', () => {
    db = new Database(':memory:');
    migrate(db, libraryMigrations);
    const plan = (sql: string): string =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>)
        .map((r) => r.detail)
        .join('; ');
    expect(
      plan(
        'SELECT count(*), sum(minutes) FROM watch_plays WHERE watched_at >= 1 AND watched_at < 2',
      ),
    ).toMatch(/COVERING INDEX plays_for_stats/);
    expect(
      plan(
        'SELECT media_type, media_id, count(*), sum(minutes), max(watched_at) FROM watch_plays INDEXED BY plays_by_item GROUP BY media_type, media_id',
      ),
    ).toMatch(/COVERING INDEX plays_by_item/);
    // Tracking's own reads keep their index.
    expect(
      plan(
        "SELECT count(*) FROM watch_plays WHERE media_type = 'episode' AND media_id = 1 AND season_number = 1 AND episode_number = 2",
      ),
    ).toMatch(/plays_by_item/);
  });

  it('remembers a vanished title and bounds the roles of people', () => {
    db = new Database(':memory:');
    migrate(db, libraryMigrations);
    expect(() =>
      db
        .prepare(
          "INSERT INTO title_people (media_type, media_id, role, person_id) VALUES ('movie', 1, 'writer', 2)",
        )
        .run(),
    ).toThrow(/CHECK/);
    expect(() =>
      db
        .prepare("INSERT INTO title_facts (media_type, media_id, gone) VALUES ('movie', 1, 2)")
        .run(),
    ).toThrow(/CHECK/);
  });
});
