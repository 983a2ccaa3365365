import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../src-shared/tmdb/endpoints';
import { openCatalogue, field, type Answer, type TestClient } from './testing/client';
import { seasonsOf } from './data/tv-details';
import { groupIdOf } from './data/episode-groups';
import { collectionId } from './data/catalogue';

/**
 * Every entry of the endpoint table, asked of the local server with valid input, answers a status
 * the entry lists and a body its response schema accepts (fixtures or not).
 */
const table: Record<
  string,
  {
    response: { safeParse(v: unknown): { success: boolean; error?: unknown } };
    success: readonly number[];
  }
> = endpoints;

let client: TestClient;
let s: string;
let g: string;
let accountId: number;
let listId: number;

beforeAll(async () => {
  // Clean data: messy data breaks the documented types on purpose (messy.test.ts covers it).
  client = await openCatalogue({ seed: 12, messy: false });
  s = `session_id=${await client.signIn()}`;
  g = field(
    (await client.get('/3/authentication/guest_session/new')).body,
    'guest_session_id',
  ) as string;
  accountId = field((await client.get(`/3/account?${s}`)).body, 'id') as number;
  const { movies, tv } = client.catalogue.data;
  const [movie, series] = [movies[0], tv[0]];
  await client.send('POST', `/3/account/${accountId}/watchlist?${s}`, {
    media_type: 'tv',
    media_id: series?.id,
    watchlist: true,
  });
  await client.send('POST', `/3/account/${accountId}/favorite?${s}`, {
    media_type: 'tv',
    media_id: series?.id,
    favorite: true,
  });
  for (const q of [s, `guest_session_id=${g}`]) {
    await client.send('POST', `/3/movie/${movie?.id}/rating?${q}`, { value: 6.5 });
    await client.send('POST', `/3/tv/${series?.id}/rating?${q}`, { value: 8 });
    await client.send('POST', `/3/tv/${series?.id}/season/1/episode/1/rating?${q}`, { value: 9 });
  }
  listId = field(
    (await client.send('POST', `/3/list?${s}`, { name: 'Sweep' })).body,
    'list_id',
  ) as number;
  await client.send('POST', `/3/list/${listId}/add_item?${s}`, { media_id: movie?.id });
});
afterAll(async () => {
  await client.catalogue.close();
});

function requestFor(key: string): (() => Promise<Answer>) | undefined {
  const data = client.catalogue.data;
  const movie = data.movies.find((m) => m.collection >= 0) ?? data.movies[0];
  const series = data.tv.find((t) => seasonsOf(data, t).length >= 3) ?? data.tv[0];
  const person = data.popularPeople()[0];
  if (!movie || !series || !person) return undefined;
  const get = (path: string) => () => client.get(path);
  const post = (path: string, body?: unknown) => () => client.send('POST', path, body);
  const del = (path: string, body?: unknown) => () => client.send('DELETE', path, body);
  const m = `/3/movie/${movie.id}`;
  const t = `/3/tv/${series.id}`;
  const e = `${t}/season/1/episode/1`;
  const a = `/3/account/${accountId}`;
  const newToken = async (): Promise<string> =>
    field((await client.get('/3/authentication/token/new')).body, 'request_token') as string;
  const login = async (): Promise<string> => {
    const token = await newToken();
    await client.send('POST', '/3/authentication/token/validate_with_login', {
      username: client.catalogue.demoUser,
      password: client.catalogue.demoPassword,
      request_token: token,
    });
    return token;
  };
  const requests: Record<string, () => Promise<Answer>> = {
    'GET /3/configuration/countries': get('/3/configuration/countries'),
    'GET /3/configuration/jobs': get('/3/configuration/jobs'),
    'GET /3/configuration': get('/3/configuration'),
    'GET /3/genre/movie/list': get('/3/genre/movie/list?language=de'),
    'GET /3/genre/tv/list': get('/3/genre/tv/list'),
    'GET /3/watch/providers/regions': get('/3/watch/providers/regions'),
    'GET /3/watch/providers/movie': get('/3/watch/providers/movie?watch_region=US'),
    'GET /3/watch/providers/tv': get('/3/watch/providers/tv?watch_region=GB'),
    'GET /3/authentication/token/new': get('/3/authentication/token/new'),
    'POST /3/authentication/token/validate_with_login': async () => {
      const token = await newToken();
      return client.send('POST', '/3/authentication/token/validate_with_login', {
        username: client.catalogue.demoUser,
        password: client.catalogue.demoPassword,
        request_token: token,
      });
    },
    'POST /3/authentication/session/new': async () =>
      client.send('POST', '/3/authentication/session/new', { request_token: await login() }),
    'GET /3/authentication/guest_session/new': get('/3/authentication/guest_session/new'),
    'DELETE /3/authentication/session': async () => {
      const session = field(
        (
          await client.send('POST', '/3/authentication/session/new', {
            request_token: await login(),
          })
        ).body,
        'session_id',
      );
      return client.send('DELETE', '/3/authentication/session', { session_id: session });
    },
    'GET /3/account': get(`/3/account?${s}`),
    'GET /3/account/{account_id}': get(`${a}?${s}`),
    'GET /3/account/{account_id}/watchlist/movies': get(`${a}/watchlist/movies?${s}`),
    'GET /3/account/{account_id}/watchlist/tv': get(`${a}/watchlist/tv?${s}`),
    'GET /3/account/{account_id}/favorite/movies': get(`${a}/favorite/movies?${s}`),
    'GET /3/account/{account_id}/favorite/tv': get(`${a}/favorite/tv?${s}`),
    'GET /3/account/{account_id}/rated/movies': get(`${a}/rated/movies?${s}`),
    'GET /3/account/{account_id}/rated/tv': get(`${a}/rated/tv?${s}`),
    'GET /3/account/{account_id}/rated/tv/episodes': get(`${a}/rated/tv/episodes?${s}`),
    'POST /3/account/{account_id}/watchlist': post(`${a}/watchlist?${s}`, {
      media_type: 'movie',
      media_id: movie.id,
      watchlist: true,
    }),
    'POST /3/account/{account_id}/favorite': post(`${a}/favorite?${s}`, {
      media_type: 'movie',
      media_id: movie.id,
      favorite: true,
    }),
    'GET /3/account/{account_id}/lists': get(`${a}/lists?${s}`),
    'POST /3/list': post(`/3/list?${s}`, { name: 'Another', description: '', language: 'en' }),
    'GET /3/list/{list_id}': get(`/3/list/${listId}`),
    'GET /3/list/{list_id}/item_status': get(`/3/list/${listId}/item_status?movie_id=${movie.id}`),
    'POST /3/list/{list_id}/add_item': post(`/3/list/${listId}/add_item?${s}`, {
      media_id: data.movies[7]?.id,
    }),
    'POST /3/list/{list_id}/remove_item': post(`/3/list/${listId}/remove_item?${s}`, {
      media_id: movie.id,
    }),
    'POST /3/list/{list_id}/clear': post(`/3/list/${listId}/clear?confirm=true&${s}`),
    'DELETE /3/list/{list_id}': async () => {
      const id = field(
        (await client.send('POST', `/3/list?${s}`, { name: 'Doomed' })).body,
        'list_id',
      ) as number;
      return client.send('DELETE', `/3/list/${id}?${s}`);
    },
    'POST /3/movie/{movie_id}/rating': post(`${m}/rating?${s}`, { value: 7 }),
    'DELETE /3/movie/{movie_id}/rating': del(`${m}/rating?${s}`),
    'POST /3/tv/{series_id}/rating': post(`${t}/rating?${s}`, { value: 7 }),
    'DELETE /3/tv/{series_id}/rating': del(`${t}/rating?${s}`),
    'POST /3/tv/{series_id}/season/{season_number}/episode/{episode_number}/rating': post(
      `${e}/rating?${s}`,
      { value: 7 },
    ),
    'DELETE /3/tv/{series_id}/season/{season_number}/episode/{episode_number}/rating': del(
      `${e}/rating?${s}`,
    ),
    'GET /3/guest_session/{guest_session_id}/rated/movies': get(
      `/3/guest_session/${g}/rated/movies`,
    ),
    'GET /3/guest_session/{guest_session_id}/rated/tv': get(`/3/guest_session/${g}/rated/tv`),
    'GET /3/guest_session/{guest_session_id}/rated/tv/episodes': get(
      `/3/guest_session/${g}/rated/tv/episodes`,
    ),
    'GET /3/movie/{movie_id}/account_states': get(`${m}/account_states?${s}`),
    'GET /3/tv/{series_id}/account_states': get(`${t}/account_states?${s}`),
    'GET /3/tv/{series_id}/season/{season_number}/episode/{episode_number}/account_states': get(
      `${e}/account_states?${s}`,
    ),
    'GET /3/movie/{movie_id}': get(
      `${m}?append_to_response=credits,images,videos,recommendations,similar,release_dates,watch/providers,translations,account_states,external_ids&${s}`,
    ),
    'GET /3/movie/{movie_id}/release_dates': get(`${m}/release_dates`),
    'GET /3/movie/{movie_id}/recommendations': get(`${m}/recommendations?page=2`),
    'GET /3/movie/{movie_id}/similar': get(`${m}/similar`),
    'GET /3/movie/{movie_id}/watch/providers': get(`${m}/watch/providers`),
    'GET /3/tv/{series_id}': get(
      `${t}?append_to_response=credits,images,videos,recommendations,similar,watch/providers,content_ratings,translations,account_states,external_ids&${s}`,
    ),
    'GET /3/tv/{series_id}/season/{season_number}': get(`${t}/season/2?append_to_response=credits`),
    'GET /3/tv/{series_id}/season/{season_number}/translations': get(`${t}/season/1/translations`),
    'GET /3/tv/{series_id}/season/{season_number}/episode/{episode_number}/credits': get(
      `${e}/credits`,
    ),
    'GET /3/tv/{series_id}/similar': get(`${t}/similar`),
    'GET /3/tv/{series_id}/episode_groups': get(`${t}/episode_groups`),
    'GET /3/tv/{series_id}/watch/providers': get(`${t}/watch/providers`),
    'GET /3/tv/episode_group/{group_id}': get(`/3/tv/episode_group/${groupIdOf(data, series, 1)}`),
    'GET /3/tv/top_rated': get('/3/tv/top_rated'),
    'GET /3/trending/tv/{time_window}': get('/3/trending/tv/week'),
    'GET /3/trending/movie/{time_window}': get('/3/trending/movie/day'),
    'GET /3/trending/person/{time_window}': get('/3/trending/person/week'),
    'GET /3/person/latest': get('/3/person/latest'),
    'GET /3/person/popular': get('/3/person/popular?page=3'),
    'GET /3/person/{person_id}': get(
      `/3/person/${person.id}?append_to_response=combined_credits,images,external_ids`,
    ),
    'GET /3/person/{person_id}/tagged_images': get(`/3/person/${person.id}/tagged_images`),
    'GET /3/collection/{collection_id}': get(`/3/collection/${collectionId(movie.collection)}`),
    'GET /3/find/{external_id}': get(
      `/3/find/tt${String(1_000_000 + movie.index * 37)}?external_source=imdb_id`,
    ),
    'GET /3/search/multi': get('/3/search/multi?query=an'),
    'GET /3/search/collection': get('/3/search/collection?query=the'),
    'GET /3/search/movie': get('/3/search/movie?query=the&include_adult=false'),
    'GET /3/search/tv': get('/3/search/tv?query=the&first_air_date_year=2020'),
    'GET /3/search/person': get('/3/search/person?query=ana'),
    'GET /3/discover/movie': get(
      '/3/discover/movie?with_genres=18|35&vote_count.gte=10&language=fr&sort_by=revenue.desc',
    ),
  };
  return requests[key];
}

describe('every endpoint-table entry against the local server', () => {
  const keys = Object.keys(table).sort();

  it.each(keys)('%s', async (key) => {
    const request = requestFor(key);
    expect(request, `no request written for ${key}`).toBeDefined();
    if (!request) return;
    const answer = await request();
    if (key === 'DELETE /3/list/{list_id}') {
      // TMDB's quirk: the list is gone, the answer is 500 / status 11.
      expect(answer.status).toBe(500);
      expect(field(answer.body, 'status_code')).toBe(11);
      return;
    }
    expect(table[key]?.success, JSON.stringify(answer.body)).toContain(answer.status);
    const parsed = table[key]?.response.safeParse(answer.body);
    expect(parsed?.success, JSON.stringify(parsed?.error, null, 1)).toBe(true);
  });
});
