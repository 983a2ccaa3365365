import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints';

const discover = endpoints['GET /3/discover/movie'].query;
const trendingParams = endpoints['GET /3/trending/tv/{time_window}'].params;

describe('query schemas', () => {
  it('parse numbers from the client and digit strings from a URL to the same value', () => {
    const fromClient = discover.parse({ page: 2, 'vote_average.gte': 7.5, include_adult: false });
    const fromUrl = discover.parse({
      page: '2',
      'vote_average.gte': '7.5',
      include_adult: 'false',
    });
    expect(fromUrl).toEqual(fromClient);
    expect(fromClient).toEqual({ page: 2, 'vote_average.gte': 7.5, include_adult: false });
  });

  it.each([0, 501, '0', '501', 1.5, 'two'])('rejects page %j', (page) => {
    expect(endpoints['GET /3/person/popular'].query.safeParse({ page }).success).toBe(false);
  });

  it('accepts pages 1 and 500', () => {
    expect(endpoints['GET /3/tv/top_rated'].query.parse({ page: '500' })).toEqual({ page: 500 });
    expect(endpoints['GET /3/tv/top_rated'].query.parse({ page: 1 })).toEqual({ page: 1 });
  });

  it('rejects a known key of the wrong type and drops unknown keys', () => {
    expect(discover.safeParse({ include_adult: 'yes' }).success).toBe(false);
    expect(discover.safeParse({ sort_by: 'rating' }).success).toBe(false);
    expect(discover.parse({ page: 1, utm_source: 'x' })).toEqual({ page: 1 });
  });

  it('requires search text', () => {
    const search = endpoints['GET /3/search/multi'].query;
    expect(search.safeParse({}).success).toBe(false);
    expect(search.safeParse({ query: '   ' }).success).toBe(false);
    expect(search.parse({ query: 'alien', page: '3' })).toEqual({ query: 'alien', page: 3 });
  });

  it('refuses to clear a list without confirm=true', () => {
    const clear = endpoints['POST /3/list/{list_id}/clear'].query;
    expect(clear.safeParse({}).success).toBe(false);
    expect(clear.safeParse({ confirm: 'false' }).success).toBe(false);
    expect(clear.parse({ confirm: 'true' })).toEqual({ confirm: true });
  });

  it('accepts only known append_to_response names', () => {
    const details = endpoints['GET /3/movie/{movie_id}'].query;
    expect(details.parse({ append_to_response: 'credits,watch/providers' })).toEqual({
      append_to_response: 'credits,watch/providers',
    });
    expect(details.safeParse({ append_to_response: 'credits,../../x' }).success).toBe(false);
  });

  it('needs a known external source for find', () => {
    const find = endpoints['GET /3/find/{external_id}'].query;
    expect(find.safeParse({ external_source: 'imdb_id' }).success).toBe(true);
    expect(find.safeParse({ external_source: 'netflix' }).success).toBe(false);
  });
});

describe('path parameter schemas', () => {
  it('parse ids given as numbers or digit strings', () => {
    const params =
      endpoints['GET /3/tv/{series_id}/season/{season_number}/episode/{episode_number}/credits']
        .params;
    expect(params.parse({ series_id: '1399', season_number: '1', episode_number: 1 })).toEqual({
      series_id: 1399,
      season_number: 1,
      episode_number: 1,
    });
  });

  it.each([-1, '12a', '', 1.5, '../1'])('reject the movie id %j', (movie_id) => {
    expect(endpoints['GET /3/movie/{movie_id}'].params.safeParse({ movie_id }).success).toBe(false);
  });

  it('accept day and week as the trending time window, nothing else', () => {
    expect(trendingParams.parse({ time_window: 'day' })).toEqual({ time_window: 'day' });
    expect(trendingParams.parse({ time_window: 'week' })).toEqual({ time_window: 'week' });
    expect(trendingParams.safeParse({ time_window: 'month' }).success).toBe(false);
    expect(trendingParams.safeParse({ time_window: 'DAY' }).success).toBe(false);
  });

  it('keep episode group ids as strings and refuse path characters', () => {
    const params = endpoints['GET /3/tv/episode_group/{group_id}'].params;
    expect(params.parse({ group_id: '5acf93e60e0a26346d0000ce' })).toEqual({
      group_id: '5acf93e60e0a26346d0000ce',
    });
    expect(params.safeParse({ group_id: '../movie/550' }).success).toBe(false);
  });

  it('take numeric list ids and the hex ids of older lists', () => {
    const params = endpoints['GET /3/list/{list_id}'].params;
    expect(params.parse({ list_id: '8221116' })).toEqual({ list_id: 8221116 });
    expect(params.parse({ list_id: '509ec17b19c2950a0600050d' })).toEqual({
      list_id: '509ec17b19c2950a0600050d',
    });
    expect(params.safeParse({ list_id: 'abc' }).success).toBe(false);
  });
});

describe('request bodies', () => {
  const rating = endpoints['POST /3/movie/{movie_id}/rating'].body;

  it.each([0.5, 7, 8.5, 10])('accept the rating %j', (value) => {
    expect(rating.safeParse({ value }).success).toBe(true);
  });

  it.each([0, 10.5, 7.3, '8'])('reject the rating %j', (value) => {
    expect(rating.safeParse({ value }).success).toBe(false);
  });

  it('accept only films and series on the watchlist', () => {
    const body = endpoints['POST /3/account/{account_id}/watchlist'].body;
    expect(body.safeParse({ media_type: 'movie', media_id: 11, watchlist: true }).success).toBe(
      true,
    );
    expect(body.safeParse({ media_type: 'person', media_id: 11, watchlist: true }).success).toBe(
      false,
    );
    expect(body.safeParse({ media_type: 'tv', media_id: 11, watchlist: 'true' }).success).toBe(
      false,
    );
  });

  it('need a list name', () => {
    expect(endpoints['POST /3/list'].body.safeParse({ name: ' ' }).success).toBe(false);
  });
});
