import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../migrate';
import { cache001 } from './001_initial';

describe('cache migration 001_initial', () => {
  let db: Database.Database;
  afterEach(() => db.close());

  const match = (q: string): number[] =>
    db
      .prepare('SELECT rowid FROM search_fts WHERE search_fts MATCH ? ORDER BY rowid')
      .pluck()
      .all(q) as number[];

  it('creates the tables and keeps the search index in step with titles and people', () => {
    db = new Database(':memory:');
    expect(migrate(db, [cache001]).to).toBe(1);
    db.prepare(
      "INSERT INTO titles (kind, id, title, original_title, seen_at) VALUES ('movie', 10, 'Amélie', 'Le Fabuleux Destin', 1)",
    ).run();
    db.prepare(
      "INSERT INTO titles (kind, id, title, seen_at) VALUES ('tv', 10, 'Amelia', 1)",
    ).run();
    db.prepare(
      "INSERT INTO people (id, name, also_known_as, seen_at) VALUES (10, 'Audrey Tautou', '[\"オドレイ・トトゥ\"]', 1)",
    ).run();

    // Diacritics are folded, both kinds with the same TMDB id get their own index row.
    expect(match('amelie')).toEqual([40]);
    expect(match('fabuleux')).toEqual([40]);
    expect(match('amelia')).toEqual([41]);
    expect(match('tautou')).toEqual([42]);

    db.prepare("UPDATE titles SET title = 'Amelie Returns' WHERE kind = 'movie' AND id = 10").run();
    expect(match('returns')).toEqual([40]);
    db.prepare("DELETE FROM titles WHERE kind = 'tv'").run();
    expect(match('amelia')).toEqual([]);
  });

  it('rejects a title of an unknown kind', () => {
    db = new Database(':memory:');
    migrate(db, [cache001]);
    expect(() =>
      db.prepare("INSERT INTO titles (kind, id, title, seen_at) VALUES ('game', 1, 'x', 1)").run(),
    ).toThrow(/CHECK/);
  });
});
