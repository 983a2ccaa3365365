import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../migrate';
import { cacheMigrations } from '.';

describe('cache migration 005_availability', () => {
  let db: Database.Database;
  afterEach(() => db.close());

  it('adds the availability index to a version-4 cache, keeping its titles', () => {
    db = new Database(':memory:');
    migrate(db, cacheMigrations.slice(0, 4));
    db.prepare(
      "INSERT INTO titles (kind, id, title, seen_at) VALUES ('movie', 1, 'Kept', 1)",
    ).run();
    expect(migrate(db, cacheMigrations)).toMatchObject({
      from: 4,
      to: 5,
      applied: ['005_availability'],
    });
    expect(db.prepare('SELECT title FROM titles').pluck().get()).toBe('Kept');
    const insert = db.prepare(
      `INSERT INTO availability (kind, id, region, provider_id, offer, seen_at)
       VALUES ('movie', 1, 'US', 8, ?, 1)`,
    );
    insert.run('flatrate');
    // Rentals and purchases are not streaming: the index refuses them.
    expect(() => insert.run('rent')).toThrow(/CHECK/);
    expect(db.prepare('SELECT count(*) FROM availability_seen').pluck().get()).toBe(0);
  });
});
