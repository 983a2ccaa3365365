import { defineEndpoints, noParams } from '../define';
import { collectionParams, detailsQuery, languageQuery, movieParams, pagedQuery } from '../queries';
import {
  collectionDetails,
  movieDetails,
  movieSummary,
  paged,
  releaseDates,
  titleWatchProviders,
} from '../schemas';

/** Film pages and what hangs off them. */
export const moviesEndpoints = defineEndpoints({
  // session_optional: `append_to_response=account_states` needs the session when there is one.
  'GET /3/movie/{movie_id}': {
    params: movieParams,
    query: detailsQuery,
    body: undefined,
    response: movieDetails,
    auth: 'session_optional',
    success: [200],
    idempotent: true,
    cache: 'details',
  },
  'GET /3/movie/{movie_id}/release_dates': {
    params: movieParams,
    query: noParams,
    body: undefined,
    response: releaseDates,
    auth: 'app',
    success: [200],
    idempotent: true,
    cache: 'details',
  },
  'GET /3/movie/{movie_id}/recommendations': {
    params: movieParams,
    query: pagedQuery,
    body: undefined,
    response: paged(movieSummary),
    auth: 'app',
    success: [200],
    idempotent: true,
    cache: 'listing',
  },
  'GET /3/movie/{movie_id}/similar': {
    params: movieParams,
    query: pagedQuery,
    body: undefined,
    response: paged(movieSummary),
    auth: 'app',
    success: [200],
    idempotent: true,
    cache: 'listing',
  },
  'GET /3/movie/{movie_id}/watch/providers': {
    params: movieParams,
    query: noParams,
    body: undefined,
    response: titleWatchProviders,
    auth: 'app',
    success: [200],
    idempotent: true,
    cache: 'reference',
  },
  'GET /3/collection/{collection_id}': {
    params: collectionParams,
    query: languageQuery,
    body: undefined,
    response: collectionDetails,
    auth: 'app',
    success: [200],
    idempotent: true,
    cache: 'details',
  },
});
