import { defineEndpoints, noParams } from '../define';
import { episodeParams, movieParams, seriesParams } from '../queries';
import { ratingBody, statusResponse } from '../schemas';

/** Ratings of films, series and episodes, by a user session or a guest session. */
export const ratingsEndpoints = defineEndpoints({
  // Idempotent: the body sets the rating to a value; a repeat sets the same value (status 12, updated).
  'POST /3/movie/{movie_id}/rating': {
    params: movieParams,
    query: noParams,
    body: ratingBody,
    response: statusResponse,
    auth: 'session_or_guest',
    success: [200, 201],
    idempotent: true,
    cache: 'none',
  },
  'DELETE /3/movie/{movie_id}/rating': {
    params: movieParams,
    query: noParams,
    body: undefined,
    response: statusResponse,
    auth: 'session_or_guest',
    success: [200],
    idempotent: true,
    cache: 'none',
  },
  // Idempotent: the body sets the rating to a value; a repeat sets the same value (status 12, updated).
  'POST /3/tv/{series_id}/rating': {
    params: seriesParams,
    query: noParams,
    body: ratingBody,
    response: statusResponse,
    auth: 'session_or_guest',
    success: [200, 201],
    idempotent: true,
    cache: 'none',
  },
  'DELETE /3/tv/{series_id}/rating': {
    params: seriesParams,
    query: noParams,
    body: undefined,
    response: statusResponse,
    auth: 'session_or_guest',
    success: [200],
    idempotent: true,
    cache: 'none',
  },
  // Idempotent: the body sets the rating to a value; a repeat sets the same value (status 12, updated).
  'POST /3/tv/{series_id}/season/{season_number}/episode/{episode_number}/rating': {
    params: episodeParams,
    query: noParams,
    body: ratingBody,
    response: statusResponse,
    auth: 'session_or_guest',
    success: [200, 201],
    idempotent: true,
    cache: 'none',
  },
  'DELETE /3/tv/{series_id}/season/{season_number}/episode/{episode_number}/rating': {
    params: episodeParams,
    query: noParams,
    body: undefined,
    response: statusResponse,
    auth: 'session_or_guest',
    success: [200],
    idempotent: true,
    cache: 'none',
  },
});
