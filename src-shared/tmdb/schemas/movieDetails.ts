import { z } from 'zod';
import {
  appendedAccountStates,
  appendedPart,
  appendedReleaseDates,
  appendedWatchProviders,
} from './appended';
import { collectionRef } from './collection';
import { company, productionCountry, spokenLanguage } from './common';
import { credits } from './credits';
import { imagePath, int, isoDateOrEmpty, tmdbId } from './fields';
import { genre } from './genres';
import { titleImages } from './images';
import { movieSummary } from './movie';
import { paged } from './paging';
import { titleTranslations } from './translations';
import { videos } from './videos';

/** GET /3/movie/{movie_id}, with the objects `append_to_response` may add. */
export const movieDetails = z.looseObject({
  adult: z.boolean(),
  backdrop_path: imagePath,
  belongs_to_collection: collectionRef.nullable(),
  budget: int,
  genres: z.array(genre),
  homepage: z.string().nullable(),
  id: tmdbId,
  imdb_id: z.string().nullable(),
  /** Absent (with `video`) in details recorded before TMDB added them. */
  original_language: z.string().optional(),
  original_title: z.string(),
  overview: z.string(),
  popularity: z.number(),
  poster_path: imagePath,
  production_companies: z.array(company),
  production_countries: z.array(productionCountry),
  release_date: isoDateOrEmpty,
  revenue: int,
  runtime: int.nullable(),
  spoken_languages: z.array(spokenLanguage),
  status: z.string(),
  tagline: z.string().nullable(),
  title: z.string(),
  video: z.boolean().optional(),
  vote_average: z.number(),
  vote_count: int,
  origin_country: z.array(z.string()).optional(),
  credits: appendedPart(credits),
  images: appendedPart(titleImages),
  videos: appendedPart(videos),
  recommendations: appendedPart(paged(movieSummary)),
  similar: appendedPart(paged(movieSummary)),
  release_dates: appendedPart(appendedReleaseDates),
  'watch/providers': appendedPart(appendedWatchProviders),
  translations: appendedPart(titleTranslations),
  account_states: appendedAccountStates.optional(),
});
export type MovieDetails = z.infer<typeof movieDetails>;
