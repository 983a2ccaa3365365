import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../src-shared/tmdb/endpoints';
import { openCatalogue, field, type Answer, type TestClient } from './testing/client';
import { commonShape, shapeProblems } from './shape';
import { seasonsOf } from './data/tv-details';
import { groupIdOf } from './data/episode-groups';

/**
 * Conformance with real TMDB: for every endpoint with recorded real responses, the local answer
 * has every key all of those responses have, with a compatible type, and parses with the endpoint
 * table's response schema. The fixtures sit in `../shared/tmdb/fixtures` beside the repository.
 */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const fixturesDir = resolve(repoRoot, '../shared/tmdb/fixtures');

interface FixtureEntry {
  readonly file: string;
  readonly endpoint: string;
  readonly kind: string;
}

function loadFixtures(): Map<string, unknown[]> {
  const byEndpoint = new Map<string, unknown[]>();
  if (!existsSync(fixturesDir)) return byEndpoint;
  const index = JSON.parse(readFileSync(resolve(fixturesDir, 'index.json'), 'utf8')) as {
    files: FixtureEntry[];
  };
  for (const entry of index.files) {
    if (entry.kind !== 'response') continue;
    const body = JSON.parse(readFileSync(resolve(fixturesDir, entry.file), 'utf8')) as unknown;
    byEndpoint.set(entry.endpoint, [...(byEndpoint.get(entry.endpoint) ?? []), body]);
  }
  return byEndpoint;
}

const fixtures = loadFixtures();
const table: Record<
  string,
  | {
      response: { safeParse(v: unknown): { success: boolean; error?: unknown } };
      success: readonly number[];
    }
  | undefined
> = endpoints;

let client: TestClient;
let s: string;
let accountId: number;
let listId: number;

beforeAll(async () => {
  // Clean data: messy data breaks the documented types on purpose (messy.test.ts covers it).
  client = await openCatalogue({ seed: 1, messy: false });
  const sessionId = await client.signIn();
  s = `session_id=${sessionId}`;
  accountId = field((await client.get(`/3/account?${s}`)).body, 'id') as number;
  const { movies } = client.catalogue.data;
  // Give the account something in every collection the fixtures show.
  for (const movie of movies.slice(0, 3)) {
    await client.send('POST', `/3/account/${accountId}/watchlist?${s}`, {
      media_type: 'movie',
      media_id: movie.id,
      watchlist: true,
    });
    await client.send('POST', `/3/account/${accountId}/favorite?${s}`, {
      media_type: 'movie',
      media_id: movie.id,
      favorite: true,
    });
    await client.send('POST', `/3/movie/${movie.id}/rating?${s}`, { value: 7 });
  }
  listId = field(
    (await client.send('POST', `/3/list?${s}`, { name: 'Conformance', description: 'Films' })).body,
    'list_id',
  ) as number;
  for (const movie of movies.slice(0, 2))
    await client.send('POST', `/3/list/${listId}/add_item?${s}`, { media_id: movie.id });
});
afterAll(async () => {
  await client.catalogue.close();
});

/** How to ask the local server for each endpoint that has fixtures. */
function requestFor(key: string): () => Promise<Answer> {
  const data = client.catalogue.data;
  const movie = data.movies.find((m) => m.collection >= 0) ?? data.movies[0];
  const series = data.tv.find((t) => seasonsOf(data, t).length >= 3) ?? data.tv[0];
  const person = data.popularPeople()[0];
  if (!movie || !series || !person) throw new Error('catalogue is empty');
  const get = (path: string) => () => client.get(path);
  const requests: Record<string, () => Promise<Answer>> = {
    'GET /3/account': get(`/3/account?${s}`),
    'GET /3/account/{account_id}': get(`/3/account/${accountId}?${s}`),
    'GET /3/account/{account_id}/favorite/movies': get(
      `/3/account/${accountId}/favorite/movies?${s}`,
    ),
    'GET /3/account/{account_id}/rated/movies': get(`/3/account/${accountId}/rated/movies?${s}`),
    'GET /3/account/{account_id}/watchlist/movies': get(
      `/3/account/${accountId}/watchlist/movies?${s}`,
    ),
    'GET /3/authentication/guest_session/new': get('/3/authentication/guest_session/new'),
    'GET /3/authentication/token/new': get('/3/authentication/token/new'),
    'POST /3/authentication/session/new': async () => {
      const token = field((await client.get('/3/authentication/token/new')).body, 'request_token');
      await client.send('POST', '/3/authentication/token/validate_with_login', {
        username: client.catalogue.demoUser,
        password: client.catalogue.demoPassword,
        request_token: token,
      });
      return client.send('POST', '/3/authentication/session/new', { request_token: token });
    },
    'GET /3/configuration': get('/3/configuration'),
    'GET /3/configuration/countries': get('/3/configuration/countries'),
    'GET /3/configuration/jobs': get('/3/configuration/jobs'),
    'GET /3/discover/movie': get('/3/discover/movie?sort_by=popularity.desc'),
    'GET /3/genre/movie/list': get('/3/genre/movie/list'),
    'GET /3/list/{list_id}': get(`/3/list/${listId}`),
    'POST /3/list/{list_id}/clear': () =>
      client.send('POST', `/3/list/${listId}/clear?confirm=true&${s}`),
    'GET /3/movie/{movie_id}': get(`/3/movie/${movie.id}`),
    'GET /3/movie/{movie_id}/recommendations': get(`/3/movie/${movie.id}/recommendations`),
    'GET /3/movie/{movie_id}/release_dates': get(`/3/movie/${movie.id}/release_dates`),
    'GET /3/person/latest': get('/3/person/latest'),
    'GET /3/person/popular': get('/3/person/popular'),
    'GET /3/person/{person_id}': get(`/3/person/${person.id}`),
    'GET /3/person/{person_id}/tagged_images': get(`/3/person/${person.id}/tagged_images`),
    'GET /3/search/collection': get('/3/search/collection?query=collection'),
    'GET /3/search/multi': get('/3/search/multi?query=the'),
    'GET /3/trending/tv/{time_window}': get('/3/trending/tv/day'),
    'GET /3/tv/episode_group/{group_id}': get(`/3/tv/episode_group/${groupIdOf(data, series, 0)}`),
    'GET /3/tv/top_rated': get('/3/tv/top_rated'),
    'GET /3/tv/{series_id}': get(`/3/tv/${series.id}`),
    'GET /3/tv/{series_id}/season/{season_number}': get(`/3/tv/${series.id}/season/1`),
    'GET /3/tv/{series_id}/season/{season_number}/episode/{episode_number}/credits': get(
      `/3/tv/${series.id}/season/1/episode/1/credits`,
    ),
    'GET /3/tv/{series_id}/season/{season_number}/translations': get(
      `/3/tv/${series.id}/season/1/translations`,
    ),
    'GET /3/tv/{series_id}/similar': get(`/3/tv/${series.id}/similar`),
  };
  const request = requests[key];
  if (!request) throw new Error(`no local request for ${key}`);
  return request;
}

describe.skipIf(fixtures.size === 0)(
  `conformance with real TMDB responses (${fixturesDir})`,
  () => {
    const keys = [...fixtures.keys()].sort();

    it.each(keys)('%s has the structure of the real responses', async (key) => {
      const answer = await requestFor(key)();
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
      const shape = commonShape(fixtures.get(key) ?? []);
      expect(shapeProblems(shape, answer.body)).toEqual([]);
    });

    it.each(keys)(
      '%s parses with the endpoint table and answers a success status it lists',
      async (key) => {
        const entry = table[key];
        expect(entry, `${key} is missing from the endpoint table`).toBeDefined();
        if (!entry) return;
        const answer = await requestFor(key)();
        expect(entry.success).toContain(answer.status);
        const parsed = entry.response.safeParse(answer.body);
        expect(parsed.success, JSON.stringify(parsed.error, null, 1)).toBe(true);
      },
    );
  },
);
