import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../migrate';
import { cache001 } from './001_initial';
import { cache002 } from './002_images';

describe('cache migration 002_images', () => {
  let db: Database.Database;
  afterEach(() => db.close());

  it('adds the image index to a version-1 cache and keeps its rows', () => {
    db = new Database(':memory:');
    migrate(db, [cache001]);
    db.prepare(
      "INSERT INTO http_responses (key, family, body, fetched_at) VALUES ('GET /3/movie/1', 'details', '{\"id\":1}', 5)",
    ).run();
    db.prepare(
      "INSERT INTO titles (kind, id, title, seen_at) VALUES ('movie', 1, 'Kept', 5)",
    ).run();

    expect(migrate(db, [cache001, cache002])).toMatchObject({
      from: 1,
      to: 2,
      applied: ['002_images'],
    });
    expect(db.prepare('SELECT body FROM http_responses').pluck().get()).toBe('{"id":1}');
    expect(db.prepare('SELECT title FROM titles').pluck().get()).toBe('Kept');
    db.prepare(
      "INSERT INTO images (name, size, content_type, bytes, stored_at, last_access) VALUES ('ab/cd', 'w92', 'image/jpeg', 10, 1, 1)",
    ).run();
    expect(() =>
      db
        .prepare(
          "INSERT INTO images (name, size, content_type, bytes, stored_at, last_access) VALUES ('ab/cd', 'w92', 'image/jpeg', 10, 1, 1)",
        )
        .run(),
    ).toThrow(/UNIQUE/);
  });
});
