import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../migrate';
import { insertPlay, upsertEpisode, upsertRuntime } from '../../testing/library-rows';
import { libraryMigrations } from '.';

const before = libraryMigrations.filter((m) => m.version < 10);
const through010 = libraryMigrations.filter((m) => m.version <= 10);

const schemaOf = (db: Database.Database): unknown[] =>
  db
    .prepare(
      `SELECT type, name, tbl_name, sql FROM sqlite_master
       WHERE type IN ('index', 'trigger') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'capture_%'
       ORDER BY type, name`,
    )
    .all();

const totals = (db: Database.Database): unknown[] =>
  db.prepare('SELECT * FROM play_totals ORDER BY media_type, media_id').all();

const recomputed = (db: Database.Database): unknown[] =>
  db
    .prepare(
      `SELECT CASE media_type WHEN 'movie' THEN 'movie' ELSE 'tv' END AS media_type, media_id,
         count(*) AS plays, coalesce(sum(minutes), 0) AS minutes,
         count(*) - count(minutes) AS no_runtime,
         count(DISTINCT CASE WHEN media_type = 'episode'
           THEN season_number * 100000 + episode_number END) AS episodes,
         max(watched_at) AS last_at
       FROM watch_plays GROUP BY 1, 2 ORDER BY 1, 2`,
    )
    .all();

function play(db: Database.Database, uid: string, source: string): void {
  db.prepare(
    `INSERT INTO watch_plays (uid, media_type, media_id, watched_at, source, created_at)
     VALUES (?, 'movie', 550, 100, ?, 1)`,
  ).run(uid, source);
}

describe('library migration 010_capture', () => {
  let db: Database.Database;
  afterEach(() => db.close());

  it('keeps every play, index and trigger while the sources widen', () => {
    db = new Database(':memory:');
    migrate(db, before);
    upsertRuntime(db, 'movie', 550, 139);
    upsertEpisode(db, 1399, 1, 1, 55);
    insertPlay(db, 'a', 'movie', 550, 10);
    insertPlay(db, 'b', 'episode', 1399, 20, 1, 1);
    insertPlay(db, 'c', 'episode', 1399, null, 1, 2);
    const rows = db.prepare('SELECT * FROM watch_plays ORDER BY uid').all();
    const schema = schemaOf(db);
    const kept = totals(db);

    expect(migrate(db, through010).applied).toEqual(['010_capture']);
    expect(db.prepare('SELECT * FROM watch_plays ORDER BY uid').all()).toEqual(rows);
    expect(schemaOf(db)).toEqual(schema);
    expect(totals(db)).toEqual(kept);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const info = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'watch_plays'").pluck();
    expect(info.get()).toContain('WITHOUT ROWID');
  });

  it('takes plays captured from media servers, and still refuses an unknown source', () => {
    db = new Database(':memory:');
    migrate(db, libraryMigrations);
    for (const source of ['jellyfin', 'plex', 'kodi', 'emby', 'marquee']) play(db, source, source);
    expect(db.prepare('SELECT count(*) FROM watch_plays').pluck().get()).toBe(5);
    expect(() => {
      play(db, 'x', 'vhs');
    }).toThrow(/CHECK/);
  });

  it('keeps totals and minutes right for plays added, moved and removed after it', () => {
    db = new Database(':memory:');
    migrate(db, before);
    insertPlay(db, 'a', 'movie', 550, 10);
    migrate(db, libraryMigrations);
    upsertRuntime(db, 'movie', 550, 139);
    insertPlay(db, 'b', 'movie', 550, 40);
    upsertEpisode(db, 1399, 1, 1, 50);
    insertPlay(db, 'c', 'episode', 1399, 30, 1, 1);
    insertPlay(db, 'd', 'episode', 1399, 35, 1, 2);
    expect(totals(db)).toEqual(recomputed(db));
    expect(totals(db)[0]).toMatchObject({ media_type: 'movie', plays: 2, minutes: 278 });
    db.prepare("UPDATE watch_plays SET episode_number = 1 WHERE uid = 'd'").run();
    db.prepare("UPDATE watch_plays SET watched_at = 5 WHERE uid = 'b'").run();
    db.prepare("DELETE FROM watch_plays WHERE uid = 'a'").run();
    expect(totals(db)).toEqual(recomputed(db));
    expect(totals(db)[1]).toMatchObject({ media_type: 'tv', plays: 2, episodes: 1 });
  });

  it('makes the capture tables', () => {
    db = new Database(':memory:');
    migrate(db, libraryMigrations);
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'capture_%'")
      .pluck()
      .all();
    expect(tables.sort()).toEqual([
      'capture_ids',
      'capture_links',
      'capture_review',
      'capture_seen',
      'capture_servers',
    ]);
  });
});
