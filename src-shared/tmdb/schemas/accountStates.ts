import { z } from 'zod';
import { tmdbId } from './fields';

/** TMDB sends `rated: false` when unrated, else `{ value }` (0.5..10). */
export const ratedState = z.union([z.literal(false), z.looseObject({ value: z.number() })]);
export type RatedState = z.infer<typeof ratedState>;

/** GET /3/movie/{id}/account_states and /3/tv/{id}/account_states. */
export const accountStates = z.looseObject({
  id: tmdbId,
  favorite: z.boolean(),
  rated: ratedState,
  watchlist: z.boolean(),
});
export type AccountStates = z.infer<typeof accountStates>;

/** An episode's account state carries only its rating. */
export const episodeAccountStates = z.looseObject({
  id: tmdbId,
  rated: ratedState,
});
export type EpisodeAccountStates = z.infer<typeof episodeAccountStates>;
