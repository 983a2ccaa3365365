import { z } from 'zod';
import {
  appendedAccountStates,
  appendedPart,
  appendedContentRatings,
  appendedWatchProviders,
} from './appended';
import { company, productionCountry, spokenLanguage } from './common';
import { credits } from './credits';
import { episodeFields } from './episode';
import { network } from './episodeGroup';
import { gender, imagePath, int, isoDate, isoDateOrEmpty, tmdbId } from './fields';
import { genre } from './genres';
import { titleImages } from './images';
import { paged } from './paging';
import { titleTranslations } from './translations';
import { tvSummary } from './tv';
import { videos } from './videos';

/** A creator of a series. */
export const creator = z.looseObject({
  id: tmdbId,
  name: z.string(),
  profile_path: imagePath,
  // Absent in series details recorded before TMDB added them.
  credit_id: z.string().optional(),
  gender: gender.optional(),
});

/** The last or next episode of a series. Older responses omit `episode_type` and `show_id`. */
export const airingEpisode = z.looseObject({
  ...episodeFields,
  episode_type: z.string().optional(),
  show_id: int.optional(),
});

/** A season as listed in series details. Older responses omit the texts and the vote. */
export const seasonSummary = z.looseObject({
  air_date: isoDate.nullable(),
  episode_count: int,
  id: tmdbId,
  name: z.string().optional(),
  overview: z.string().optional(),
  poster_path: imagePath,
  season_number: int,
  vote_average: z.number().optional(),
});
export type SeasonSummary = z.infer<typeof seasonSummary>;

/**
 * GET /3/tv/{series_id}, with the objects `append_to_response` may add. `adult`, the airing
 * episodes, production countries, spoken languages and the tagline are absent in details recorded
 * before TMDB added them.
 */
export const tvDetails = z.looseObject({
  adult: z.boolean().optional(),
  backdrop_path: imagePath,
  created_by: z.array(creator),
  episode_run_time: z.array(int),
  first_air_date: isoDateOrEmpty,
  genres: z.array(genre),
  homepage: z.string(),
  id: tmdbId,
  in_production: z.boolean(),
  languages: z.array(z.string()),
  last_air_date: isoDate.nullable(),
  last_episode_to_air: airingEpisode.nullable().optional(),
  name: z.string(),
  networks: z.array(network),
  next_episode_to_air: airingEpisode.nullable().optional(),
  number_of_episodes: int,
  number_of_seasons: int,
  origin_country: z.array(z.string()),
  original_language: z.string(),
  original_name: z.string(),
  overview: z.string(),
  popularity: z.number(),
  poster_path: imagePath,
  production_companies: z.array(company),
  production_countries: z.array(productionCountry).optional(),
  seasons: z.array(seasonSummary),
  spoken_languages: z.array(spokenLanguage).optional(),
  status: z.string(),
  tagline: z.string().optional(),
  type: z.string(),
  vote_average: z.number(),
  vote_count: int,
  credits: appendedPart(credits),
  images: appendedPart(titleImages),
  videos: appendedPart(videos),
  recommendations: appendedPart(paged(tvSummary)),
  similar: appendedPart(paged(tvSummary)),
  'watch/providers': appendedPart(appendedWatchProviders),
  content_ratings: appendedPart(appendedContentRatings),
  translations: appendedPart(titleTranslations),
  account_states: appendedAccountStates.optional(),
});
export type TvDetails = z.infer<typeof tvDetails>;
