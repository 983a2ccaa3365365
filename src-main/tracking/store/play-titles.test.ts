import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import { libraryMigrations } from '../../db/migrations/library';
import { createPlayTitles } from './play-titles';

describe('the names and posters of a page of plays', () => {
  let db: Database.Database;
  beforeEach(() => {
    db = new Database(':memory:');
    migrate(db, libraryMigrations);
  });
  afterEach(() => {
    db.close();
  });

  it('prefers the tracked copy, falls back to the library summary, and says what TMDB removed', () => {
    db.exec(`
      INSERT INTO tracked_films (movie_id, title, poster_path, gone, created_at, updated_at)
        VALUES (1, 'Tracked', '/t.jpg', 0, 0, 0), (2, NULL, NULL, 1, 0, 0);
      INSERT INTO item_summaries (media_type, media_id, title, poster_path, updated_at)
        VALUES ('movie', 2, 'Summary', '/s.jpg', 0), ('tv', 9, 'Series', '/v.jpg', 0);
      INSERT INTO series_episodes (series_id, season_number, episode_number, name, still_path)
        VALUES (9, 1, 2, 'Pilot part two', '/e.jpg'), (9, 1, 3, '', NULL);
    `);
    const read = createPlayTitles(db);
    const answer = read({
      movieIds: [1, 2, 3, 1],
      seriesIds: [9],
      episodes: [
        { seriesId: 9, season: 1, episode: 2 },
        { seriesId: 9, season: 1, episode: 2 },
        { seriesId: 9, season: 1, episode: 3 },
        { seriesId: 9, season: 4, episode: 1 },
      ],
    });
    expect(answer.titles).toEqual([
      { mediaType: 'movie', id: 1, title: 'Tracked', posterPath: '/t.jpg', gone: false },
      { mediaType: 'movie', id: 2, title: 'Summary', posterPath: '/s.jpg', gone: true },
      { mediaType: 'movie', id: 3, title: null, posterPath: null, gone: false },
      { mediaType: 'tv', id: 9, title: 'Series', posterPath: '/v.jpg', gone: false },
    ]);
    expect(answer.episodes).toEqual([
      { seriesId: 9, season: 1, episode: 2, name: 'Pilot part two', stillPath: '/e.jpg' },
      { seriesId: 9, season: 1, episode: 3, name: null, stillPath: null },
    ]);
  });
});
