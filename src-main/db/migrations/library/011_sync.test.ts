import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../migrate';
import { libraryMigrations } from './index';

describe('library migration 011_sync', () => {
  let db: Database.Database;
  afterEach(() => {
    db.close();
  });

  const plan = (sql: string): string =>
    (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>)
      .map((r) => r.detail)
      .join('\n');

  it('keeps the change log and finds a register’s newest change, the newest clock and own changes by index', () => {
    db = new Database(':memory:');
    migrate(
      db,
      libraryMigrations.filter((m) => m.version < 11),
    );
    db.prepare(
      `INSERT INTO changes (id, hlc, device, domain, kind, entity, data)
       VALUES ('c1', '0000000000001-000000', 'd', 'tracking', 'series.follow', 'series:5', '{}')`,
    ).run();
    // As 011 left it; 018 narrows the registers' index (its test checks the merge's query).
    expect(
      migrate(
        db,
        libraryMigrations.filter((m) => m.version <= 11),
      ).to,
    ).toBe(11);
    expect(db.prepare('SELECT id FROM changes').all()).toEqual([{ id: 'c1' }]);
    expect(db.prepare('SELECT count(*) AS n FROM sync_play_versions').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM sync_inbox_reads').get()).toEqual({ n: 0 });
    expect(
      plan(
        `SELECT id FROM changes WHERE entity = 'series:5' AND kind = 'series.follow'
         ORDER BY hlc DESC, device DESC, id DESC LIMIT 1`,
      ),
    ).toMatch(/USING COVERING INDEX changes_by_register/);
    expect(plan('SELECT max(hlc) FROM changes')).toMatch(/changes_by_hlc/);
    expect(
      plan("SELECT * FROM changes WHERE device = 'd' AND seq > 0 ORDER BY seq LIMIT 10"),
    ).toMatch(/changes_by_device/);
  });
});
