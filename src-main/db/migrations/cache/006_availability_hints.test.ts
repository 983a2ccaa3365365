import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../migrate';
import { cacheMigrations } from '.';

describe('cache migration 006_availability_hints', () => {
  let db: Database.Database;
  afterEach(() => db.close());

  it('adds the hints of discover pages to a version-5 cache, keeping its index', () => {
    db = new Database(':memory:');
    migrate(db, cacheMigrations.slice(0, 5));
    db.prepare("INSERT INTO availability_seen (kind, id, seen_at) VALUES ('movie', 1, 1)").run();
    expect(migrate(db, cacheMigrations)).toMatchObject({
      from: 5,
      to: 6,
      applied: ['006_availability_hints'],
    });
    expect(db.prepare('SELECT count(*) FROM availability_seen').pluck().get()).toBe(1);
    const insert = db.prepare(
      `INSERT INTO availability_hint (kind, id, region, providers, offers, seen_at)
       VALUES (?, 2, 'US', '8|9', 'flatrate', 1)`,
    );
    insert.run('movie');
    expect(() => insert.run('person')).toThrow(/CHECK/);
  });
});
