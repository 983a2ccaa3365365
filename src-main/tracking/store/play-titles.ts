import type Database from 'better-sqlite3';

/** What the library knows of a title that has plays: its name and poster, and whether TMDB removed it. */
export interface PlayTitle {
  mediaType: 'movie' | 'tv';
  id: number;
  title: string | null;
  posterPath: string | null;
  gone: boolean;
}

/** An episode's name and still, once its season is kept. */
export interface PlayEpisode {
  seriesId: number;
  season: number;
  episode: number;
  name: string | null;
  stillPath: string | null;
}

export interface PlayTitlesQuery {
  movieIds: readonly number[];
  seriesIds: readonly number[];
  episodes: readonly { seriesId: number; season: number; episode: number }[];
}

type Raw<T> = Omit<T, 'gone'> & { gone: number };

// The tracking domain's own copy comes first (refreshed from TMDB), then the library's summary,
// then the facts Stats keeps; all three live in the library, so the answer holds offline.
const FILM_SQL = `SELECT 'movie' AS mediaType, @id AS id,
  coalesce(f.title, s.title, t.title) AS title,
  coalesce(f.poster_path, s.poster_path, t.poster_path) AS posterPath,
  coalesce(f.gone, 0) OR coalesce(t.gone, 0) AS gone
  FROM (SELECT 1) LEFT JOIN tracked_films f ON f.movie_id = @id
  LEFT JOIN item_summaries s ON s.media_type = 'movie' AND s.media_id = @id
  LEFT JOIN title_facts t ON t.media_type = 'movie' AND t.media_id = @id`;
const SERIES_SQL = `SELECT 'tv' AS mediaType, @id AS id,
  coalesce(r.name, s.title, t.title) AS title,
  coalesce(r.poster_path, s.poster_path, t.poster_path) AS posterPath,
  coalesce(r.gone, 0) OR coalesce(t.gone, 0) AS gone
  FROM (SELECT 1) LEFT JOIN tracked_series r ON r.series_id = @id
  LEFT JOIN item_summaries s ON s.media_type = 'tv' AND s.media_id = @id
  LEFT JOIN title_facts t ON t.media_type = 'tv' AND t.media_id = @id`;
const EPISODE_SQL = `SELECT series_id AS seriesId, season_number AS season,
  episode_number AS episode, nullif(name, '') AS name, still_path AS stillPath
  FROM series_episodes WHERE series_id = ? AND season_number = ? AND episode_number = ?`;

/**
 * The names and posters of a page of plays, read from the library in one pass per page: each id
 * once, by primary key, whatever the number of plays that share it.
 */
export function createPlayTitles(
  db: Database.Database,
): (query: PlayTitlesQuery) => { titles: PlayTitle[]; episodes: PlayEpisode[] } {
  const film = db.prepare<{ id: number }, Raw<PlayTitle>>(FILM_SQL);
  const series = db.prepare<{ id: number }, Raw<PlayTitle>>(SERIES_SQL);
  const episode = db.prepare<[number, number, number], PlayEpisode>(EPISODE_SQL);
  const read = (
    statement: Database.Statement<{ id: number }, Raw<PlayTitle>>,
    id: number,
  ): PlayTitle | null => {
    const row = statement.get({ id });
    return row ? { ...row, gone: row.gone === 1 } : null;
  };
  return (query) => {
    const titles: PlayTitle[] = [];
    for (const id of new Set(query.movieIds)) {
      const row = read(film, id);
      if (row) titles.push(row);
    }
    for (const id of new Set(query.seriesIds)) {
      const row = read(series, id);
      if (row) titles.push(row);
    }
    const episodes: PlayEpisode[] = [];
    const seen = new Set<string>();
    for (const e of query.episodes) {
      const key = `${e.seriesId}/${e.season}/${e.episode}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const row = episode.get(e.seriesId, e.season, e.episode);
      if (row) episodes.push(row);
    }
    return { titles, episodes };
  };
}
