import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCatalogue, field, results, type TestClient } from './testing/client';
import { routeCoverage } from './router';
import { handlerGroups, handlers } from './handlers';
import { endpointGroups } from '../src-shared/tmdb/endpoints';
import { fromTvdbEpisodeId, tvdbEpisodeId } from './data/tv-details';
import { imageSizesByKind } from '../src-shared/tmdb/image-sizes';

let client: TestClient;
beforeAll(async () => {
  client = await openCatalogue({ seed: 11 });
});
afterAll(async () => {
  await client.catalogue.close();
});

const INVALID_KEY = {
  success: false,
  status_code: 7,
  status_message: 'Invalid API key: You must be granted a valid key.',
};
const NOT_FOUND = {
  success: false,
  status_code: 34,
  status_message: 'The resource you requested could not be found.',
};
const INVALID_PAGE = {
  success: false,
  status_code: 22,
  status_message:
    'Invalid page: Pages start at 1 and max at 500. They are expected to be an integer.',
};

describe('credentials', () => {
  it('refuses a request without a token with status 7', async () => {
    const answer = await client.get('/3/configuration/countries', { token: null });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(INVALID_KEY);
  });

  it('refuses a wrong bearer token', async () => {
    expect((await client.get('/3/configuration/jobs', { token: 'not-the-token' })).status).toBe(
      401,
    );
  });

  it('accepts the token as api_key instead of the header', async () => {
    const answer = await client.get(
      `/3/configuration/jobs?api_key=${client.catalogue.accessToken}`,
      { token: null },
    );
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.body)).toBe(true);
  });

  it('refuses an unknown session with status 3', async () => {
    const answer = await client.get('/3/account?session_id=0123456789abcdef');
    expect(answer.status).toBe(401);
    expect(field(answer.body, 'status_code')).toBe(3);
  });
});

describe('routing', () => {
  it('answers an unknown path and an unknown id with 404 status 34', async () => {
    expect((await client.get('/3/no/such/thing')).body).toEqual(NOT_FOUND);
    const missing = await client.get('/3/movie/101');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(NOT_FOUND);
    expect((await client.get('/3/movie/abc')).status).toBe(404);
  });

  it('has a handler for every endpoint-table entry and an entry for every handler', () => {
    expect(routeCoverage(handlers)).toEqual({ missingHandlers: [], missingEntries: [] });
  });

  it('answers each group of the endpoint table in the handler file of the same name', () => {
    for (const [group, entries] of Object.entries(endpointGroups)) {
      const answered = Object.keys(handlerGroups[group as keyof typeof endpointGroups]);
      expect(answered.sort(), group).toEqual(Object.keys(entries).sort());
    }
  });

  it('serves the configuration with its own image host', async () => {
    const config = await client.get('/3/configuration');
    expect(field(config.body, 'images', 'secure_base_url')).toBe(`${client.catalogue.imageBase}/`);
    expect(field(config.body, 'images', 'poster_sizes')).toContain('w500');
  });

  it('lists the image sizes of the shared TMDB constant, kind by kind', async () => {
    const images = field((await client.get('/3/configuration')).body, 'images');
    for (const [kind, sizes] of Object.entries(imageSizesByKind))
      expect(field(images, `${kind}_sizes`), kind).toEqual(sizes);
  });
});

describe('paging', () => {
  it('pages by 20 with totals', async () => {
    const first = await client.get('/3/tv/top_rated');
    expect(results(first.body)).toHaveLength(20);
    const totalResults = field(first.body, 'total_results') as number;
    expect(field(first.body, 'total_pages')).toBe(Math.ceil(totalResults / 20));
    const second = await client.get('/3/tv/top_rated?page=2');
    expect(results(second.body)[0]?.id).not.toBe(results(first.body)[0]?.id);
  });

  it.each(['0', '501', 'x', '-1'])('refuses page=%s with status 22', async (page) => {
    const answer = await client.get(`/3/discover/movie?page=${page}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(INVALID_PAGE);
  });

  it('gives an empty page past the end, and page 500 is allowed', async () => {
    const answer = await client.get('/3/tv/top_rated?page=500');
    expect(answer.status).toBe(200);
    expect(results(answer.body)).toEqual([]);
  });
});

describe('listings and details', () => {
  it('orders trending by day and by week differently', async () => {
    const day = results((await client.get('/3/trending/tv/day')).body).map((r) => r.id);
    const week = results((await client.get('/3/trending/tv/week')).body).map((r) => r.id);
    expect(day).toHaveLength(20);
    expect(day).not.toEqual(week);
    expect(results((await client.get('/3/trending/tv/week')).body)[0]?.media_type).toBe('tv');
    expect((await client.get('/3/trending/tv/month')).status).toBe(404);
  });

  it('translates titles and overviews with the language query', async () => {
    const movie = client.catalogue.data.movies.find(
      (m) => m.originalLanguage === 'en' && m.suffix === '' && m.words.pattern === 0,
    );
    expect(movie).toBeDefined();
    const en = await client.get(`/3/movie/${movie?.id}`);
    const de = await client.get(`/3/movie/${movie?.id}?language=de`);
    expect(field(en.body, 'title')).toMatch(/^The /);
    expect(field(de.body, 'title')).toMatch(/^Der /);
    expect(field(de.body, 'overview')).not.toBe(field(en.body, 'overview'));
    expect(field(de.body, 'original_title')).toBe(field(en.body, 'original_title'));
  });

  it('appends credits, release dates, providers and recommendations when asked', async () => {
    const movie = client.catalogue.data.movies[10];
    const answer = await client.get(
      `/3/movie/${movie?.id}?append_to_response=credits,release_dates,watch/providers,recommendations,videos,images,translations`,
    );
    const body = answer.body as Record<string, unknown>;
    expect(field(body, 'credits', 'cast', 0, 'character')).toEqual(expect.any(String));
    expect(field(body, 'credits', 'crew', 0, 'job')).toBe('Director');
    expect(field(body, 'release_dates', 'results', 0, 'release_dates', 0, 'type')).toEqual(
      expect.any(Number),
    );
    expect(body['watch/providers']).toBeDefined();
    expect(results(body.recommendations)[0]?.media_type).toBe('movie');
    expect(body.account_states).toBeUndefined();
  });

  it('gives a person their combined credits, consistent with the titles', async () => {
    const movie = client.catalogue.data.movies[5];
    const castMember = field(
      (await client.get(`/3/movie/${movie?.id}?append_to_response=credits`)).body,
      'credits',
      'cast',
      0,
      'id',
    );
    const person = await client.get(
      `/3/person/${String(castMember)}?append_to_response=combined_credits`,
    );
    const cast = field(person.body, 'combined_credits', 'cast') as { id: number }[];
    expect(cast.map((c) => c.id)).toContain(movie?.id);
  });

  it('finds a film by its IMDb id and a series by its TVDB id', async () => {
    const movie = client.catalogue.data.movies[77];
    const details = await client.get(`/3/movie/${movie?.id}`);
    const found = await client.get(
      `/3/find/${String(field(details.body, 'imdb_id'))}?external_source=imdb_id`,
    );
    expect(field(found.body, 'movie_results', 0, 'id')).toBe(movie?.id);
    const series = client.catalogue.data.tv[3];
    const byTvdb = await client.get(`/3/find/70003?external_source=tvdb_id`);
    expect(field(byTvdb.body, 'tv_results', 0, 'id')).toBe(series?.id);
  });

  it('finds an episode by its TheTVDB id, under its TMDB season and number', async () => {
    const series = client.catalogue.data.tv[3];
    const found = await client.get(`/3/find/${tvdbEpisodeId(3, 1, 2)}?external_source=tvdb_id`);
    expect(field(found.body, 'tv_episode_results', 0, 'show_id')).toBe(series?.id);
    expect(field(found.body, 'tv_episode_results', 0, 'season_number')).toBe(1);
    expect(field(found.body, 'tv_episode_results', 0, 'episode_number')).toBe(2);
    const none = await client.get(`/3/find/${tvdbEpisodeId(3, 1, 31)}?external_source=tvdb_id`);
    expect(field(none.body, 'tv_episode_results')).toEqual([]);
    // The last season and episode numbers the catalogue makes read back as themselves.
    expect(fromTvdbEpisodeId(tvdbEpisodeId(12, 7, 25))).toEqual({
      seriesIndex: 12,
      season: 7,
      episode: 25,
    });
  });

  it('serves the newest person bare, as TMDB does', async () => {
    const latest = await client.get('/3/person/latest');
    expect(field(latest.body, 'profile_path')).toBeNull();
    expect(field(latest.body, 'birthday')).toBeNull();
    expect(field(latest.body, 'id')).toBe(client.catalogue.data.latestPerson.id);
  });

  it('resolves an episode group listed for a series, and refuses a forged id', async () => {
    const series = client.catalogue.data.tv[4];
    const groups = await client.get(`/3/tv/${series?.id}/episode_groups`);
    const id = field(groups.body, 'results', 0, 'id') as string;
    const group = await client.get(`/3/tv/episode_group/${id}`);
    expect(field(group.body, 'groups', 0, 'episodes', 0, 'order')).toBe(0);
    expect(field(group.body, 'episode_count')).toBe(
      field(groups.body, 'results', 0, 'episode_count'),
    );
    expect((await client.get(`/3/tv/episode_group/${id.slice(0, -1)}0`)).status).toBe(404);
  });
});

describe('start-up', () => {
  it('refuses a catalogue size it cannot serve, with a clear message', async () => {
    await expect(openCatalogue({ titles: 5 })).rejects.toThrow(
      /titles must be a whole number within 20\.\.1000000/,
    );
  });

  it('answers another method on a known path with 405', async () => {
    const answer = await client.send('DELETE', '/3/configuration/jobs');
    expect(answer.status).toBe(405);
  });
});
