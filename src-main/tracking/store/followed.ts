/**
 * The follow rule in SQL, over `tracked_series AS t`: an explicit Unfollow wins; otherwise a series
 * is followed when the user followed it, watched any episode of it, or has it on the watchlist or
 * favourites (the library's mirror of the account, read here and never written).
 */
export const FOLLOWED_SQL = `(t.follow = 'follow' OR (t.follow = 'none' AND (t.play_count > 0 OR EXISTS (
  SELECT 1 FROM collection_entries c
  WHERE c.collection IN ('watchlist', 'favorite') AND c.media_type = 'tv' AND c.media_id = t.series_id
    AND c.season_number = -1 AND c.episode_number = -1))))`;

/** A film is followed while it is on the watchlist (`tracked_films AS f`). */
export const FILM_FOLLOWED_SQL = `EXISTS (
  SELECT 1 FROM collection_entries c
  WHERE c.collection = 'watchlist' AND c.media_type = 'movie' AND c.media_id = f.movie_id
    AND c.season_number = -1 AND c.episode_number = -1)`;
