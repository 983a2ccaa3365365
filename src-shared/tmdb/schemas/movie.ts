import { z } from 'zod';
import { imagePath, int, isoDateOrEmpty, tmdbId } from './fields';

/** Fields of a movie in a list (discover, recommendations, search, known_for, account lists). */
const movieSummaryFields = {
  adult: z.boolean(),
  backdrop_path: imagePath,
  genre_ids: z.array(int),
  id: tmdbId,
  original_language: z.string(),
  original_title: z.string(),
  overview: z.string(),
  popularity: z.number(),
  poster_path: imagePath,
  release_date: isoDateOrEmpty,
  title: z.string(),
  video: z.boolean(),
  vote_average: z.number(),
  vote_count: int,
};

/** A movie summary where `media_type` may or may not be sent (e.g. absent in discover). */
export const movieSummary = z.looseObject({
  ...movieSummaryFields,
  media_type: z.literal('movie').optional(),
});
export type MovieSummary = z.infer<typeof movieSummary>;

/** A movie summary that must say `media_type: "movie"` (multi search, trending, known_for). */
export const typedMovieSummary = z.looseObject({
  ...movieSummaryFields,
  media_type: z.literal('movie'),
});
export type TypedMovieSummary = z.infer<typeof typedMovieSummary>;

/**
 * A movie in multi search results and in a person's `known_for`. Real responses recorded before
 * TMDB completed these items omit `adult`, `popularity`, the image paths and `release_date`, so
 * those are optional here (and only here: movie listings always send them).
 */
export const searchedMovie = typedMovieSummary.extend({
  adult: z.boolean().optional(),
  backdrop_path: imagePath.optional(),
  popularity: z.number().optional(),
  poster_path: imagePath.optional(),
  release_date: isoDateOrEmpty.optional(),
});
export type SearchedMovie = z.infer<typeof searchedMovie>;

export { movieSummaryFields };

/**
 * A movie in a user's collection (watchlist, favourites, ratings, v3 lists). Real responses for
 * these lists omitted `adult`, `genre_ids`, `original_language`, `overview`, `popularity` and `video`
 * before TMDB aligned them with other listings, so those are optional here, and only here.
 */
export const listedMovie = movieSummary.extend({
  adult: z.boolean().optional(),
  genre_ids: z.array(int).optional(),
  original_language: z.string().optional(),
  overview: z.string().optional(),
  popularity: z.number().optional(),
  video: z.boolean().optional(),
});
export type ListedMovie = z.infer<typeof listedMovie>;
