import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCatalogue, results, type TestClient } from './testing/client';
import { fold, matchesQuery } from './data/fold';

let client: TestClient;
beforeAll(async () => {
  client = await openCatalogue({ seed: 5 });
});
afterAll(async () => {
  await client.catalogue.close();
});

describe('folding', () => {
  it('ignores case and diacritics', () => {
    expect(fold('Amélie à Zürich')).toBe('amelie a zurich');
    expect(fold('Søren Nørgaard')).toBe('soren norgaard');
    expect(matchesQuery(fold('The Silent Lighthouse'), fold('sil light'))).toBe(true);
    expect(matchesQuery(fold('The Silent Lighthouse'), fold('lent house'))).toBe(false);
  });
});

describe('search', () => {
  it('finds "Amélie" when asked for "amelie", most popular first', async () => {
    const answer = await client.get('/3/search/multi?query=AMELIE');
    const list = results(answer.body);
    expect(list.length).toBeGreaterThan(0);
    for (const item of list) {
      const text = fold(
        [item.title, item.name, item.original_title, item.original_name]
          .filter((v) => typeof v === 'string')
          .join(' '),
      );
      if (item.media_type !== 'person') expect(text).toContain('amelie');
    }
    const popularity = list.map((r) => r.popularity as number);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    expect(new Set(list.map((r) => r.media_type)).size).toBeGreaterThan(1);
  });

  it('searches films, series, people and collections separately', async () => {
    const movie = results((await client.get('/3/search/movie?query=harbor')).body)[0];
    expect(String(movie?.title)).toMatch(/harbor/i);
    expect(movie?.media_type).toBeUndefined();
    const person = results((await client.get('/3/search/person?query=zoe')).body)[0];
    expect(fold(String(person?.name))).toContain('zoe');
    const collection = results((await client.get('/3/search/collection?query=collection')).body);
    expect(collection.length).toBeGreaterThan(0);
  });

  it('filters film search by year', async () => {
    const list = results(
      (await client.get('/3/search/movie?query=the&primary_release_year=2020')).body,
    );
    expect(list.length).toBeGreaterThan(0);
    for (const item of list) expect(String(item.release_date)).toMatch(/^2020-/);
  });

  it('answers a search without a query with 422', async () => {
    const answer = await client.get('/3/search/multi');
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ errors: ['query must be provided'] });
  });

  it('finds nothing for nonsense, with zero totals', async () => {
    const answer = await client.get('/3/search/tv?query=zzqxj');
    expect(answer.body).toEqual({ page: 1, results: [], total_pages: 0, total_results: 0 });
  });
});
