import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../migrate';
import { insertPlay, upsertEpisode } from '../../testing/library-rows';
import { libraryMigrations } from '.';

describe('library migration 013_progress_summaries', () => {
  let db: Database.Database;
  beforeEach(() => {
    db = new Database(':memory:');
    migrate(db, libraryMigrations);
  });
  afterEach(() => db.close());

  const keep = (...ids: number[]): void => {
    for (const id of ids)
      db.prepare(
        "INSERT OR REPLACE INTO progress_summaries (series_id, include_specials, summary) VALUES (?, 0, '[]')",
      ).run(id);
  };
  const kept = (): number[] =>
    db.prepare('SELECT series_id FROM progress_summaries ORDER BY 1').pluck().all() as number[];

  it('is reached by the list', () => {
    expect(db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(13);
    expect(kept()).toEqual([]);
  });

  it("drops a series' summary when a play of its episodes is added, removed or moved, and no other", () => {
    keep(1, 2, 3);
    insertPlay(db, 'p1', 'episode', 1, 10, 1, 1);
    expect(kept()).toEqual([2, 3]);
    // A film's play is no series' progress.
    insertPlay(db, 'p2', 'movie', 2, 10);
    expect(kept()).toEqual([2, 3]);
    keep(1);
    db.prepare("DELETE FROM watch_plays WHERE uid = 'p1'").run();
    expect(kept()).toEqual([2, 3]);
    insertPlay(db, 'p3', 'episode', 2, 10, 1, 1);
    keep(1, 2);
    db.prepare("UPDATE watch_plays SET media_id = 3 WHERE uid = 'p3'").run();
    expect(kept()).toEqual([1]);
    keep(2, 3);
    // Its date changing changes no progress.
    db.prepare("UPDATE watch_plays SET watched_at = 20 WHERE uid = 'p3'").run();
    expect(kept()).toEqual([1, 2, 3]);
  });

  it("drops a series' summary when an episode of it is stored, changed or removed", () => {
    keep(1, 2);
    upsertEpisode(db, 1, 1, 1, 42, 'One');
    expect(kept()).toEqual([2]);
    keep(1);
    db.prepare("UPDATE series_episodes SET air_date = '2025-01-01' WHERE series_id = 1").run();
    expect(kept()).toEqual([2]);
    keep(1);
    db.prepare('DELETE FROM series_episodes WHERE series_id = 1').run();
    expect(kept()).toEqual([2]);
  });
});
