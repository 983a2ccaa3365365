import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../migrate';
import { library001 } from './001_initial';

describe('library migration 001_initial', () => {
  let db: Database.Database;
  afterEach(() => db.close());

  it('creates the mirror and outbox with the constraints the sync engine relies on', () => {
    db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    expect(migrate(db, [library001]).to).toBe(1);

    const entry = db.prepare(
      'INSERT INTO collection_entries (collection, media_type, media_id, season_number, episode_number, rating, added_at) VALUES (?, ?, ?, ?, ?, ?, 1)',
    );
    entry.run('rated', 'episode', 1399, 1, 1, 8);
    entry.run('rated', 'episode', 1399, 1, 2, 7.5);
    expect(() => entry.run('rated', 'movie', 5, -1, -1, 11)).toThrow(/CHECK/);
    expect(() => entry.run('rated', 'episode', 1399, 1, 1, 6)).toThrow(/UNIQUE|PRIMARY/);

    db.prepare(
      "INSERT INTO lists (id, name, created_at, updated_at) VALUES ('local-1', 'Noir', 1, 1)",
    ).run();
    db.prepare(
      "INSERT INTO list_items (list_id, media_type, media_id, added_at) VALUES ('local-1', 'movie', 5, 1)",
    ).run();
    db.prepare("DELETE FROM lists WHERE id = 'local-1'").run();
    expect(db.prepare('SELECT count(*) FROM list_items').pluck().get()).toBe(0);

    const seq = db
      .prepare("INSERT INTO outbox (item_key, op, queued_at) VALUES ('watchlist:movie:5', '{}', 1)")
      .run();
    expect(seq.lastInsertRowid).toBe(1);
    expect(db.prepare('SELECT status FROM outbox').pluck().get()).toBe('pending');
    expect(() => db.prepare("UPDATE outbox SET status = 'lost'").run()).toThrow(/CHECK/);
  });
});
