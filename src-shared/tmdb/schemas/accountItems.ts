import { z } from 'zod';
import { episodeFields } from './episode';
import { listedMovie } from './movie';
import { paged } from './paging';
import { tvSummary } from './tv';

/** Watchlist and favourites hold films and series. */
export const mediaTypeMovieOrTv = z.enum(['movie', 'tv']);
export type MediaTypeMovieOrTv = z.infer<typeof mediaTypeMovieOrTv>;

/** The user's own rating, 0.5..10. */
const rating = z.number().min(0).max(10);

/** A rated film: a listed movie plus the user's `rating`. */
export const ratedMovie = listedMovie.extend({ rating });
export type RatedMovie = z.infer<typeof ratedMovie>;

/** A rated series: a series summary plus the user's `rating`. */
export const ratedTv = tvSummary.extend({ rating });
export type RatedTv = z.infer<typeof ratedTv>;

/** A rated episode: an episode plus the user's `rating`. `episode_type` is absent in this list. */
export const ratedEpisode = z.looseObject({
  ...episodeFields,
  episode_type: z.string().optional(),
  rating,
});
export type RatedEpisode = z.infer<typeof ratedEpisode>;

export const movieListPage = paged(listedMovie);
export const tvListPage = paged(tvSummary);
export const ratedMoviePage = paged(ratedMovie);
export const ratedTvPage = paged(ratedTv);
export const ratedEpisodePage = paged(ratedEpisode);
