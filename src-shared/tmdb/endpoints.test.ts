import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpoints, type EndpointKey } from './endpoints';

/** The agreed keys of the endpoint table: the client, the catalogue server and the UI use these. */
const agreedKeys = [
  'POST /3/list/{list_id}/clear',
  'GET /3/account/{account_id}',
  'GET /3/account',
  'GET /3/person/latest',
  'GET /3/person/popular',
  'GET /3/person/{person_id}/tagged_images',
  'GET /3/movie/{movie_id}/release_dates',
  'GET /3/movie/{movie_id}/recommendations',
  'GET /3/tv/top_rated',
  'GET /3/tv/{series_id}/similar',
  'GET /3/tv/{series_id}/season/{season_number}/episode/{episode_number}/credits',
  'GET /3/tv/{series_id}/season/{season_number}/translations',
  'GET /3/tv/episode_group/{group_id}',
  'GET /3/trending/tv/{time_window}',
  'GET /3/search/multi',
  'GET /3/search/collection',
  'GET /3/discover/movie',
  'GET /3/configuration/countries',
  'GET /3/configuration/jobs',
  'GET /3/authentication/token/new',
  'POST /3/authentication/token/validate_with_login',
  'POST /3/authentication/session/new',
  'GET /3/authentication/guest_session/new',
  'DELETE /3/authentication/session',
  'GET /3/account/{account_id}/watchlist/movies',
  'GET /3/account/{account_id}/watchlist/tv',
  'GET /3/account/{account_id}/favorite/movies',
  'GET /3/account/{account_id}/favorite/tv',
  'GET /3/account/{account_id}/rated/movies',
  'GET /3/account/{account_id}/rated/tv',
  'GET /3/account/{account_id}/rated/tv/episodes',
  'POST /3/account/{account_id}/watchlist',
  'POST /3/account/{account_id}/favorite',
  'GET /3/account/{account_id}/lists',
  'POST /3/list',
  'GET /3/list/{list_id}',
  'GET /3/list/{list_id}/item_status',
  'POST /3/list/{list_id}/add_item',
  'POST /3/list/{list_id}/remove_item',
  'DELETE /3/list/{list_id}',
  'POST /3/movie/{movie_id}/rating',
  'DELETE /3/movie/{movie_id}/rating',
  'POST /3/tv/{series_id}/rating',
  'DELETE /3/tv/{series_id}/rating',
  'POST /3/tv/{series_id}/season/{season_number}/episode/{episode_number}/rating',
  'DELETE /3/tv/{series_id}/season/{season_number}/episode/{episode_number}/rating',
  'GET /3/guest_session/{guest_session_id}/rated/movies',
  'GET /3/guest_session/{guest_session_id}/rated/tv',
  'GET /3/guest_session/{guest_session_id}/rated/tv/episodes',
  'GET /3/movie/{movie_id}/account_states',
  'GET /3/tv/{series_id}/account_states',
  'GET /3/tv/{series_id}/season/{season_number}/episode/{episode_number}/account_states',
  'GET /3/movie/{movie_id}',
  'GET /3/tv/{series_id}',
  'GET /3/tv/{series_id}/season/{season_number}',
  'GET /3/tv/{series_id}/episode_groups',
  'GET /3/person/{person_id}',
  'GET /3/collection/{collection_id}',
  'GET /3/configuration',
  'GET /3/genre/movie/list',
  'GET /3/genre/tv/list',
  'GET /3/movie/{movie_id}/watch/providers',
  'GET /3/tv/{series_id}/watch/providers',
  'GET /3/watch/providers/regions',
  'GET /3/watch/providers/movie',
  'GET /3/find/{external_id}',
  'GET /3/trending/movie/{time_window}',
  'GET /3/trending/person/{time_window}',
  'GET /3/search/movie',
  'GET /3/search/tv',
  'GET /3/search/person',
] as const;

const fixturesIndex = new URL(
  '../shared/tmdb/fixtures/index.json',
  new URL('../../', import.meta.url),
);
const recordedEndpoints = (
  JSON.parse(readFileSync(fixturesIndex, 'utf8')) as { files: { endpoint: string; kind: string }[] }
).files
  .filter((f) => f.kind === 'response')
  .map((f) => f.endpoint);

const entries = Object.entries(endpoints) as [EndpointKey, (typeof endpoints)[EndpointKey]][];

describe('the endpoint table', () => {
  it.each(agreedKeys)('has %s', (key) => {
    expect(Object.keys(endpoints)).toContain(key);
  });

  it('has an entry for every endpoint with a recorded response', () => {
    const missing = [...new Set(recordedEndpoints)].filter((e) => !Object.hasOwn(endpoints, e));
    expect(missing).toEqual([]);
  });

  it('never puts credentials in a query schema', () => {
    for (const [key, def] of entries) {
      const names = 'shape' in def.query ? Object.keys(def.query.shape) : [];
      for (const secret of ['api_key', 'session_id', 'guest_session_id', 'request_token']) {
        expect(names, key).not.toContain(secret);
      }
    }
  });

  it('marks GET and DELETE idempotent, except creating a guest session', () => {
    for (const [key, def] of entries) {
      if (key === 'GET /3/authentication/guest_session/new') expect(def.idempotent).toBe(false);
      else if (def.method !== 'POST') expect(def.idempotent, key).toBe(true);
    }
  });

  it('never retries a POST that makes something new', () => {
    for (const key of [
      'POST /3/authentication/session/new',
      'POST /3/authentication/token/validate_with_login',
      'POST /3/list',
    ] as const) {
      expect(endpoints[key].idempotent, key).toBe(false);
    }
    expect(endpoints['POST /3/account/{account_id}/watchlist'].idempotent).toBe(true);
    expect(endpoints['POST /3/movie/{movie_id}/rating'].idempotent).toBe(true);
  });

  it('never caches auth or writes', () => {
    for (const [key, def] of entries) {
      if (def.method !== 'GET' || key.startsWith('GET /3/authentication/')) {
        expect(def.cache, key).toBe('none');
      }
    }
  });

  it('files each listing under its cache family', () => {
    expect(endpoints['GET /3/configuration'].cache).toBe('reference');
    expect(endpoints['GET /3/movie/{movie_id}'].cache).toBe('details');
    expect(endpoints['GET /3/discover/movie'].cache).toBe('listing');
    expect(endpoints['GET /3/trending/tv/{time_window}'].cache).toBe('trending');
    expect(endpoints['GET /3/search/multi'].cache).toBe('search');
    expect(endpoints['GET /3/account/{account_id}/watchlist/movies'].cache).toBe('account');
    expect(endpoints['GET /3/person/latest'].cache).toBe('live');
  });

  it('expects HTTP 201 from list clear and a session for it', () => {
    const clear = endpoints['POST /3/list/{list_id}/clear'];
    expect(clear.success).toContain(201);
    expect(clear.auth).toBe('session');
  });

  it('lets ratings be made by a user or a guest', () => {
    expect(endpoints['POST /3/tv/{series_id}/rating'].auth).toBe('session_or_guest');
    expect(endpoints['DELETE /3/movie/{movie_id}/rating'].auth).toBe('session_or_guest');
  });
});
