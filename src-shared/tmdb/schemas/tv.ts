import { z } from 'zod';
import { imagePath, int, isoDateOrEmpty, tmdbId } from './fields';

/** Fields of a series in a list (top rated, similar, trending, search, known_for, account lists). */
const tvSummaryFields = {
  /** Absent in series listings recorded before TMDB added it to series. */
  adult: z.boolean().optional(),
  backdrop_path: imagePath,
  /** The seed: "may be an empty string" for a series that has not aired. */
  first_air_date: isoDateOrEmpty,
  genre_ids: z.array(int),
  id: tmdbId,
  name: z.string(),
  origin_country: z.array(z.string()),
  original_language: z.string(),
  original_name: z.string(),
  overview: z.string(),
  popularity: z.number(),
  poster_path: imagePath,
  vote_average: z.number(),
  vote_count: int,
};

/** A series summary where `media_type` may or may not be sent (absent in top rated and similar). */
export const tvSummary = z.looseObject({
  ...tvSummaryFields,
  media_type: z.literal('tv').optional(),
});
export type TvSummary = z.infer<typeof tvSummary>;

/** A series summary that must say `media_type: "tv"` (trending, multi search, known_for). */
export const typedTvSummary = z.looseObject({
  ...tvSummaryFields,
  media_type: z.literal('tv'),
});
export type TypedTvSummary = z.infer<typeof typedTvSummary>;

/**
 * A series in multi search results and in a person's `known_for`. Real responses omit
 * `original_name`, `popularity` and the image paths, and send `first_air_date: null`, on older items.
 */
export const searchedTv = typedTvSummary.extend({
  backdrop_path: imagePath.optional(),
  first_air_date: isoDateOrEmpty.nullable().optional(),
  original_name: z.string().optional(),
  popularity: z.number().optional(),
  poster_path: imagePath.optional(),
});
export type SearchedTv = z.infer<typeof searchedTv>;

export { tvSummaryFields };
