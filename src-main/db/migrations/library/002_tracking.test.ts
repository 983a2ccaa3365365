import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../migrate';
import { library001 } from './001_initial';
import { library002 } from './002_tracking';

describe('library migration 002_tracking', () => {
  let db: Database.Database;
  afterEach(() => db.close());

  it('adds the tracking tables to a version 1 library and keeps its rows', () => {
    db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, [library001]);
    db.prepare(
      "INSERT INTO collection_entries (collection, media_type, media_id, added_at) VALUES ('watchlist', 'tv', 1399, 1)",
    ).run();

    expect(migrate(db, [library001, library002])).toEqual({
      from: 1,
      to: 2,
      applied: ['002_tracking'],
    });
    expect(db.prepare('SELECT count(*) FROM collection_entries').pluck().get()).toBe(1);
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .pluck()
      .all();
    expect(tables).toEqual(
      expect.arrayContaining([
        'watch_plays',
        'tracked_series',
        'series_seasons',
        'series_episodes',
        'tracked_films',
        'film_releases',
        'inbox',
      ]),
    );
  });

  it('keeps plays well formed: a film has no episode numbers, an episode has both, dates may be unknown', () => {
    db = new Database(':memory:');
    migrate(db, [library001, library002]);
    const play = db.prepare(
      'INSERT INTO watch_plays (uid, media_type, media_id, season_number, episode_number, watched_at, source, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1)',
    );
    play.run('a', 'movie', 550, -1, -1, null, 'letterboxd');
    play.run('b', 'episode', 1399, 1, 1, 5, 'marquee');
    expect(() => play.run('c', 'movie', 550, 1, 1, 5, 'marquee')).toThrow(/CHECK/);
    expect(() => play.run('d', 'episode', 1399, -1, -1, 5, 'marquee')).toThrow(/CHECK/);
    expect(() => play.run('e', 'episode', 1399, 1, 2, 5, 'netflix')).toThrow(/CHECK/);
    expect(() => play.run('a', 'movie', 551, -1, -1, 5, 'marquee')).toThrow(/UNIQUE|PRIMARY/);
  });

  it('never makes the same inbox item twice and bounds the enumerations', () => {
    db = new Database(':memory:');
    migrate(db, [library001, library002]);
    const item = db.prepare(
      "INSERT INTO inbox (dedupe_key, kind, media_id, title, body, occurred_at, created_at) VALUES (?, 'episode', 1, 't', 'b', '2025-01-01', 1)",
    );
    item.run('episode:1:1:1');
    expect(() => item.run('episode:1:1:1')).toThrow(/UNIQUE/);
    expect(
      db
        .prepare(
          "INSERT OR IGNORE INTO inbox (dedupe_key, kind, media_id, title, body, occurred_at, created_at) VALUES ('episode:1:1:1', 'episode', 1, 't', 'b', '2025-01-01', 2)",
        )
        .run().changes,
    ).toBe(0);
    expect(() =>
      db
        .prepare(
          "INSERT INTO tracked_series (series_id, follow, created_at, updated_at) VALUES (1, 'maybe', 1, 1)",
        )
        .run(),
    ).toThrow(/CHECK/);
    expect(() =>
      db
        .prepare(
          "INSERT INTO film_releases (movie_id, region, type, date) VALUES (1, 'US', 7, '2025-01-01')",
        )
        .run(),
    ).toThrow(/CHECK/);
  });

  it('serves the calendar and Up Next from indexes', () => {
    db = new Database(':memory:');
    migrate(db, [library001, library002]);
    const plan = (sql: string): string =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>)
        .map((r) => r.detail)
        .join('\n');
    expect(
      plan(
        "SELECT series_id, season_number, episode_number, name, still_path FROM series_episodes WHERE air_date BETWEEN '2025-01-01' AND '2025-03-01'",
      ),
    ).toMatch(/COVERING INDEX episodes_by_air_date/);
    expect(
      plan(
        "SELECT date FROM film_releases WHERE region = 'US' AND date BETWEEN '2025-01-01' AND '2025-03-01'",
      ),
    ).toMatch(/releases_by_date/);
    expect(
      plan(
        "SELECT count(*) FROM watch_plays WHERE media_type = 'episode' AND media_id = 1 AND season_number = 1 AND episode_number = 2",
      ),
    ).toMatch(/plays_by_item/);
  });
});
