import { z } from 'zod';
import { mediaTypeMovieOrTv } from './accountItems';

/**
 * Bodies of user writes. TMDB answers them with a status response: status_code 1 (success),
 * 12 (updated), 13 (deleted), 21 (entry already exists / not present, for list add and remove).
 */

/** POST /3/account/{account_id}/watchlist. */
export const watchlistBody = z.object({
  media_type: mediaTypeMovieOrTv,
  media_id: z.number().int().positive(),
  watchlist: z.boolean(),
});
export type WatchlistBody = z.infer<typeof watchlistBody>;

/** POST /3/account/{account_id}/favorite. */
export const favoriteBody = z.object({
  media_type: mediaTypeMovieOrTv,
  media_id: z.number().int().positive(),
  favorite: z.boolean(),
});
export type FavoriteBody = z.infer<typeof favoriteBody>;

/** POST .../rating: 0.5 to 10 in steps of 0.5, as TMDB accepts. */
export const ratingBody = z.object({
  value: z
    .number()
    .min(0.5)
    .max(10)
    .refine((v) => Number.isInteger(v * 2), 'a rating is a multiple of 0.5'),
});
export type RatingBody = z.infer<typeof ratingBody>;
