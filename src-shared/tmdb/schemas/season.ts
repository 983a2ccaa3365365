import { z } from 'zod';
import { tolerantArray } from './tolerant';
import { appendedAccountStates } from './appended';
import { castMember, credits, crewMember } from './credits';
import { network } from './episodeGroup';
import { imagePath, int, isoDate, tmdbId } from './fields';
import { stillImages } from './images';
import { seasonTranslations } from './translations';
import { videos } from './videos';

/**
 * An episode of a season, with its crew and guest stars. Older responses omit `episode_type`,
 * `runtime` and `show_id`, and send `production_code: null`.
 */
export const seasonEpisode = z.looseObject({
  air_date: isoDate.nullable(),
  episode_number: int,
  episode_type: z.string().optional(),
  id: tmdbId,
  name: z.string(),
  overview: z.string(),
  production_code: z.string().nullable(),
  runtime: int.nullable().optional(),
  season_number: int,
  show_id: int.optional(),
  still_path: imagePath,
  vote_average: z.number(),
  vote_count: int,
  crew: tolerantArray(crewMember),
  guest_stars: tolerantArray(castMember),
});
export type SeasonEpisode = z.infer<typeof seasonEpisode>;

/** GET /3/tv/{series_id}/season/{season_number}. */
export const seasonDetails = z.looseObject({
  _id: z.string().optional(),
  air_date: isoDate.nullable(),
  episodes: tolerantArray(seasonEpisode),
  id: tmdbId,
  name: z.string(),
  overview: z.string(),
  poster_path: imagePath,
  season_number: int,
  vote_average: z.number().optional(),
  networks: z.array(network).optional(),
  credits: credits.optional(),
  images: stillImages.optional(),
  videos: videos.optional(),
  translations: seasonTranslations.omit({ id: true }).optional(),
  account_states: z.looseObject({ results: z.array(appendedAccountStates) }).optional(),
});
export type SeasonDetails = z.infer<typeof seasonDetails>;
