import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../migrate';
import { insertPlay } from '../../testing/library-rows';
import { libraryMigrations } from '.';

describe('library migration 017_stats_answers', () => {
  let db: Database.Database;
  beforeEach(() => {
    db = new Database(':memory:');
    migrate(
      db,
      libraryMigrations.filter((m) => m.version <= 17),
    );
  });
  afterEach(() => db.close());

  const keep = (): void => {
    db.prepare(
      "INSERT OR REPLACE INTO stats_answers (channel, input, day, answer) VALUES ('stats.years', '[]', '2025-01-01', '{}')",
    ).run();
  };
  const kept = (): number =>
    db.prepare('SELECT count(*) FROM stats_answers').pluck().get() as number;
  /** Runs `sql` with an answer stored before, and says whether the answer is still there. */
  const survives = (sql: string): boolean => {
    keep();
    db.exec(sql);
    return kept() === 1;
  };

  it('is reached by the list', () => {
    expect(db.pragma('user_version', { simple: true })).toBe(17);
    expect(kept()).toBe(0);
  });

  it('drops every stored answer when a play, a fact, a person or a rating changes, and only then', () => {
    keep();
    insertPlay(db, 'p1', 'movie', 5, 10);
    expect(kept()).toBe(0);
    expect(survives("UPDATE watch_plays SET watched_at = 11 WHERE uid = 'p1'")).toBe(false);
    // Set again to what it was (a facts insert sets every play's minutes): nothing changed.
    expect(survives("UPDATE watch_plays SET minutes = minutes WHERE uid = 'p1'")).toBe(true);
    expect(survives("DELETE FROM watch_plays WHERE uid = 'p1'")).toBe(false);
    expect(
      survives(
        "INSERT INTO title_facts (media_type, media_id, attempts, gone) VALUES ('movie', 5, 1, 1)",
      ),
    ).toBe(false);
    expect(survives('UPDATE title_facts SET gone = 0')).toBe(false);
    // A failed fetch notes only when it was tried and why: no answer changes.
    expect(
      survives(
        "UPDATE title_facts SET attempted_at = 5, attempts = attempts + 1, error = 'offline'",
      ),
    ).toBe(true);
    expect(survives('UPDATE title_facts SET fetched_at = 6')).toBe(false);
    expect(
      survives(
        "INSERT INTO title_facts (media_type, media_id, attempted_at, attempts, error) VALUES ('tv', 9, 5, 1, 'offline')",
      ),
    ).toBe(true);
    expect(
      survives(
        "INSERT INTO title_genres (media_type, media_id, genre_id, name) VALUES ('movie', 5, 18, 'Drama')",
      ),
    ).toBe(false);
    expect(
      survives(
        "INSERT INTO title_countries (media_type, media_id, country) VALUES ('movie', 5, 'FR')",
      ),
    ).toBe(false);
    expect(
      survives(
        "INSERT INTO title_people (media_type, media_id, role, person_id, billing) VALUES ('movie', 5, 'cast', 1, 0)",
      ),
    ).toBe(false);
    expect(survives("INSERT INTO people_facts (person_id, name) VALUES (1, 'A')")).toBe(false);
    expect(survives('DELETE FROM title_facts')).toBe(false);
    const entry = (collection: string): string =>
      `INSERT INTO collection_entries (collection, media_type, media_id, rating, added_at) VALUES ('${collection}', 'movie', 5, 7, 1)`;
    expect(survives(entry('watchlist'))).toBe(true);
    expect(survives("DELETE FROM collection_entries WHERE collection = 'watchlist'")).toBe(true);
    expect(survives(entry('rated'))).toBe(false);
    expect(survives("UPDATE collection_entries SET rating = 8 WHERE collection = 'rated'")).toBe(
      false,
    );
    expect(survives("DELETE FROM collection_entries WHERE collection = 'rated'")).toBe(false);
  });

  it("walks the history's page in its own index, without sorting every play", () => {
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT * FROM watch_plays
         ORDER BY watched_at DESC NULLS LAST, created_at DESC, uid LIMIT 50 OFFSET 100`,
      )
      .all() as Array<{ detail: string }>;
    expect(plan.map((r) => r.detail)).toEqual(['SCAN watch_plays USING INDEX plays_by_recency']);
  });
});
