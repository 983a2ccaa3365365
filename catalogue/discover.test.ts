import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCatalogue, field, results, type TestClient } from './testing/client';

let client: TestClient;
beforeAll(async () => {
  client = await openCatalogue({ seed: 9 });
});
afterAll(async () => {
  await client.catalogue.close();
});

const discover = async (query: string): Promise<Record<string, unknown>[]> =>
  results((await client.get(`/3/discover/movie?${query}`)).body);

describe('discover movie', () => {
  it('sorts by popularity, most popular first, without media_type', async () => {
    const list = await discover('');
    const popularity = list.map((r) => r.popularity as number);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    expect(list[0]?.media_type).toBeUndefined();
  });

  it('joins genres with a comma as AND and with a pipe as OR', async () => {
    const both = await discover('with_genres=28,12');
    for (const r of both) expect(r.genre_ids).toEqual(expect.arrayContaining([28, 12]));
    const either = await discover('with_genres=28|12');
    for (const r of either)
      expect((r.genre_ids as number[]).some((g) => g === 28 || g === 12)).toBe(true);
    const total = async (q: string): Promise<number> =>
      field((await client.get(`/3/discover/movie?${q}`)).body, 'total_results') as number;
    expect(await total('with_genres=28|12')).toBeGreaterThan(await total('with_genres=28,12'));
  });

  it('filters by release dates, year, votes and original language', async () => {
    for (const r of await discover(
      'primary_release_date.gte=2010-01-01&primary_release_date.lte=2012-12-31',
    )) {
      expect(String(r.release_date) >= '2010-01-01' && String(r.release_date) <= '2012-12-31').toBe(
        true,
      );
    }
    for (const r of await discover('primary_release_year=2019'))
      expect(String(r.release_date)).toMatch(/^2019-/);
    for (const r of await discover('vote_average.gte=7&vote_average.lte=8&vote_count.gte=100')) {
      expect(r.vote_average as number).toBeGreaterThanOrEqual(7);
      expect(r.vote_average as number).toBeLessThanOrEqual(8);
      expect(r.vote_count as number).toBeGreaterThanOrEqual(100);
    }
    const french = await discover('with_original_language=fr');
    expect(french.length).toBeGreaterThan(0);
    for (const r of french) expect(r.original_language).toBe('fr');
  });

  it('filters by watch provider in a region, matching the title providers', async () => {
    const list = await discover('with_watch_providers=1899&watch_region=US');
    expect(list.length).toBeGreaterThan(0);
    const first = list[0];
    const providers = await client.get(`/3/movie/${String(first?.id)}/watch/providers`);
    const us = field(providers.body, 'results', 'US', 'flatrate') as { provider_id: number }[];
    expect(us.map((p) => p.provider_id)).toContain(1899);
    // Max is not offered in Japan, so nothing matches there.
    expect(await discover('with_watch_providers=1899&watch_region=JP')).toEqual([]);
  });

  it('sorts by the other keys in both directions', async () => {
    const dates = (await discover('sort_by=primary_release_date.asc')).map((r) =>
      String(r.release_date),
    );
    expect(dates).toEqual([...dates].sort());
    const votes = (await discover('sort_by=vote_average.desc')).map(
      (r) => r.vote_average as number,
    );
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
    const titles = (await discover('sort_by=title.asc')).map((r) => String(r.title));
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    expect((await discover('sort_by=revenue.desc')).length).toBe(20);
  });

  it('hides adult titles unless include_adult=true', async () => {
    const all = client.catalogue.data.movies.filter((m) => m.adult).length;
    expect(all).toBeGreaterThan(0);
    const without = field((await client.get('/3/discover/movie')).body, 'total_results') as number;
    const withAdult = field(
      (await client.get('/3/discover/movie?include_adult=true')).body,
      'total_results',
    ) as number;
    expect(withAdult - without).toBe(all);
  });

  it('translates results with the language query', async () => {
    const en = await discover('sort_by=popularity.desc');
    const fr = await discover('sort_by=popularity.desc&language=fr-FR');
    expect(fr.map((r) => r.id)).toEqual(en.map((r) => r.id));
    expect(fr.map((r) => r.overview)).not.toEqual(en.map((r) => r.overview));
  });

  it('refuses a malformed filter with 422', async () => {
    expect((await client.get('/3/discover/movie?with_genres=action')).status).toBe(422);
    expect((await client.get('/3/discover/movie?sort_by=nonsense')).status).toBe(422);
  });
});
