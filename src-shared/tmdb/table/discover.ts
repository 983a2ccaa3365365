import { defineEndpoints, noParams } from '../define';
import { discoverMovieQuery, pagedQuery, timeWindowParams } from '../queries';
import {
  movieSummary,
  paged,
  typedMovieSummary,
  typedPersonSummary,
  typedTvSummary,
} from '../schemas';

/** Discovery and trending listings. */
export const discoverEndpoints = defineEndpoints({
  'GET /3/discover/movie': {
    params: noParams,
    query: discoverMovieQuery,
    body: undefined,
    response: paged(movieSummary),
    auth: 'app',
    success: [200],
    idempotent: true,
    cache: 'listing',
  },
  'GET /3/trending/movie/{time_window}': {
    params: timeWindowParams,
    query: pagedQuery,
    body: undefined,
    response: paged(typedMovieSummary),
    auth: 'app',
    success: [200],
    idempotent: true,
    cache: 'trending',
  },
  'GET /3/trending/tv/{time_window}': {
    params: timeWindowParams,
    query: pagedQuery,
    body: undefined,
    response: paged(typedTvSummary),
    auth: 'app',
    success: [200],
    idempotent: true,
    cache: 'trending',
  },
  'GET /3/trending/person/{time_window}': {
    params: timeWindowParams,
    query: pagedQuery,
    body: undefined,
    response: paged(typedPersonSummary),
    auth: 'app',
    success: [200],
    idempotent: true,
    cache: 'trending',
  },
});
