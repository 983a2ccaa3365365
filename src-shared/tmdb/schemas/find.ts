import { z } from 'zod';
import { episodeFields } from './episode';
import { typedMovieSummary } from './movie';
import { typedPersonSummary } from './person';
import { typedTvSummary } from './tv';

/** Where an external id comes from (GET /3/find/{external_id}?external_source=...). */
export const externalSource = z.enum([
  'imdb_id',
  'facebook_id',
  'instagram_id',
  'tvdb_id',
  'tiktok_id',
  'twitter_id',
  'wikidata_id',
  'youtube_id',
]);
export type ExternalSource = z.infer<typeof externalSource>;

/** GET /3/find/{external_id}: matches by kind. Seasons and episodes are kept loosely typed. */
export const findResults = z.looseObject({
  movie_results: z.array(typedMovieSummary),
  person_results: z.array(typedPersonSummary),
  tv_results: z.array(typedTvSummary),
  // An announced episode has no air date yet (`null`), as in an episode group.
  tv_episode_results: z.array(
    z.looseObject({
      ...episodeFields,
      air_date: episodeFields.air_date.nullable(),
      episode_type: z.string().optional(),
    }),
  ),
  tv_season_results: z.array(
    z.looseObject({ id: episodeFields.id, season_number: episodeFields.season_number }),
  ),
});
export type FindResults = z.infer<typeof findResults>;
