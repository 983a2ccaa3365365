import { z } from 'zod';
import { appendToResponse } from './schemas/appended';
import { externalSource } from './schemas/find';
import { boolParam, intParam, numberParam, pageParam } from './define';

/**
 * Query and path parameter schemas shared by the endpoint table. Each parses numbers from the
 * client and strings from a URL to the same output, so the client and the local catalogue server
 * read one definition. Unknown query keys are stripped; a known key of the wrong type is rejected.
 */

const language = z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'expected a language like en or en-US');
const region = z.string().regex(/^[A-Z]{2}$/, 'expected an ISO 3166-1 country code like US');
const yearParam = z.union([
  z.number().int().min(1800).max(2200),
  z
    .string()
    .regex(/^\d{4}$/, 'expected a year')
    .transform(Number),
]);
const dateParam = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a YYYY-MM-DD date');

export const languageQuery = z.object({ language: language.optional() });
export const pageQuery = z.object({ page: pageParam.optional() });
export const pagedQuery = z.object({ page: pageParam.optional(), language: language.optional() });
export const detailsQuery = z.object({
  language: language.optional(),
  append_to_response: appendToResponse.optional(),
});

/** Account lists sort by when the item was added. */
export const accountListQuery = pagedQuery.extend({
  sort_by: z.enum(['created_at.asc', 'created_at.desc']).optional(),
});

const searchText = z.string().trim().min(1, 'a search needs some text');

export const multiSearchQuery = z.object({
  query: searchText,
  page: pageParam.optional(),
  include_adult: boolParam.optional(),
  language: language.optional(),
});
export const collectionSearchQuery = multiSearchQuery.extend({ region: region.optional() });
export const movieSearchQuery = multiSearchQuery.extend({
  region: region.optional(),
  year: yearParam.optional(),
  primary_release_year: yearParam.optional(),
});
export const tvSearchQuery = multiSearchQuery.extend({
  first_air_date_year: yearParam.optional(),
  year: yearParam.optional(),
});
export const personSearchQuery = multiSearchQuery;

/** TMDB's discover sorts. */
export const discoverSort = z.enum([
  'popularity.asc',
  'popularity.desc',
  'revenue.asc',
  'revenue.desc',
  'primary_release_date.asc',
  'primary_release_date.desc',
  'title.asc',
  'title.desc',
  'original_title.asc',
  'original_title.desc',
  'vote_average.asc',
  'vote_average.desc',
  'vote_count.asc',
  'vote_count.desc',
]);

/** A comma (and) or pipe (or) separated list of ids, e.g. with_genres=28,12. */
const idList = z.union([
  intParam.transform(String),
  z.string().regex(/^\d+([,|]\d+)*$/, 'expected ids separated by , or |'),
]);

export const discoverMovieQuery = z.object({
  page: pageParam.optional(),
  language: language.optional(),
  region: region.optional(),
  sort_by: discoverSort.optional(),
  include_adult: boolParam.optional(),
  include_video: boolParam.optional(),
  with_genres: idList.optional(),
  without_genres: idList.optional(),
  'primary_release_date.gte': dateParam.optional(),
  'primary_release_date.lte': dateParam.optional(),
  'release_date.gte': dateParam.optional(),
  'release_date.lte': dateParam.optional(),
  primary_release_year: yearParam.optional(),
  year: yearParam.optional(),
  'vote_average.gte': numberParam.optional(),
  'vote_average.lte': numberParam.optional(),
  'vote_count.gte': numberParam.optional(),
  'with_runtime.gte': intParam.optional(),
  'with_runtime.lte': intParam.optional(),
  with_original_language: z
    .string()
    .regex(/^[a-z]{2}$/, 'expected a language code')
    .optional(),
  with_watch_providers: idList.optional(),
  watch_region: region.optional(),
  /** Which offers of those providers count, "|"-separated (any of them). */
  with_watch_monetization_types: z
    .string()
    .regex(
      /^(flatrate|free|ads|rent|buy)(\|(flatrate|free|ads|rent|buy))*$/,
      'expected offer kinds',
    )
    .optional(),
});

export const findQuery = z.object({
  external_source: externalSource,
  language: language.optional(),
});
export const itemStatusQuery = z.object({ movie_id: intParam, language: language.optional() });
export const providerListQuery = z.object({
  language: language.optional(),
  watch_region: region.optional(),
});
/** TMDB refuses to clear a list unless asked with confirm=true. */
export const clearListQuery = z.object({
  confirm: boolParam.refine((v) => v, 'clearing a list needs confirm=true'),
});

// Path parameters.
export const movieParams = z.object({ movie_id: intParam });
export const seriesParams = z.object({ series_id: intParam });
export const seasonParams = z.object({ series_id: intParam, season_number: intParam });
export const episodeParams = z.object({
  series_id: intParam,
  season_number: intParam,
  episode_number: intParam,
});
export const personParams = z.object({ person_id: intParam });
export const collectionParams = z.object({ collection_id: intParam });
export const accountParams = z.object({ account_id: intParam });
/** Lists made before 2018 have hex ids, so a list id is an integer or a 24-character hex string. */
export const listParams = z.object({
  list_id: z.union([intParam, z.string().regex(/^[0-9a-f]{24}$/, 'expected a list id')]),
});
/** Episode group ids are opaque strings (24 hex digits today); only letters and digits may reach the path. */
export const groupParams = z.object({
  group_id: z.string().regex(/^[0-9a-zA-Z]{1,64}$/, 'expected an episode group id'),
});
export const timeWindowParams = z.object({ time_window: z.enum(['day', 'week']) });
export const externalIdParams = z.object({ external_id: z.string().trim().min(1) });
/** A guest session id travels in the path here: it is a secret (redact before logging the URL). */
export const guestSessionParams = z.object({ guest_session_id: z.string().min(1) });
