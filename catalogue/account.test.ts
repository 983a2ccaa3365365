import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCatalogue, field, results, type TestClient } from './testing/client';

let client: TestClient;
let q: string;
let accountId: number;
beforeAll(async () => {
  // Clean data and an empty demo account: the tests count exactly what they add.
  client = await openCatalogue({ seed: 6, messy: false });
  q = `?session_id=${await client.signIn()}`;
  accountId = field((await client.get(`/3/account${q}`)).body, 'id') as number;
});
afterAll(async () => {
  await client.catalogue.close();
});

describe('watchlist and favourites', () => {
  it('adds, reports and removes items with TMDB status codes', async () => {
    const [a, b] = client.catalogue.data.movies;
    const first = await client.send('POST', `/3/account/${accountId}/watchlist${q}`, {
      media_type: 'movie',
      media_id: a?.id,
      watchlist: true,
    });
    expect(first.status).toBe(201);
    expect(field(first.body, 'status_code')).toBe(1);
    const again = await client.send('POST', `/3/account/${accountId}/watchlist${q}`, {
      media_type: 'movie',
      media_id: a?.id,
      watchlist: true,
    });
    expect(field(again.body, 'status_code')).toBe(12);
    await client.send('POST', `/3/account/${accountId}/watchlist${q}`, {
      media_type: 'movie',
      media_id: b?.id,
      watchlist: true,
    });

    const asc = results(
      (await client.get(`/3/account/${accountId}/watchlist/movies${q}`)).body,
    ).map((r) => r.id);
    expect(asc).toEqual([a?.id, b?.id]);
    const desc = results(
      (await client.get(`/3/account/${accountId}/watchlist/movies${q}&sort_by=created_at.desc`))
        .body,
    ).map((r) => r.id);
    expect(desc).toEqual([b?.id, a?.id]);
    expect(
      field((await client.get(`/3/movie/${a?.id}/account_states${q}`)).body, 'watchlist'),
    ).toBe(true);

    const removed = await client.send('POST', `/3/account/${accountId}/watchlist${q}`, {
      media_type: 'movie',
      media_id: a?.id,
      watchlist: false,
    });
    expect(field(removed.body, 'status_code')).toBe(13);
    expect(
      field(
        (await client.get(`/3/account/${accountId}/watchlist/movies${q}`)).body,
        'total_results',
      ),
    ).toBe(1);
  });

  it('keeps series favourites apart from films', async () => {
    const series = client.catalogue.data.tv[1];
    await client.send('POST', `/3/account/${accountId}/favorite${q}`, {
      media_type: 'tv',
      media_id: series?.id,
      favorite: true,
    });
    expect(results((await client.get(`/3/account/${accountId}/favorite/tv${q}`)).body)[0]?.id).toBe(
      series?.id,
    );
    expect(
      field(
        (await client.get(`/3/account/${accountId}/favorite/movies${q}`)).body,
        'total_results',
      ),
    ).toBe(0);
    expect(
      field(
        (
          await client.get(
            `/3/tv/${series?.id}?append_to_response=account_states${q.replace('?', '&')}`,
          )
        ).body,
        'account_states',
        'favorite',
      ),
    ).toBe(true);
  });

  it("refuses another account's lists and an unknown title", async () => {
    expect((await client.get(`/3/account/${accountId + 1}/watchlist/movies${q}`)).status).toBe(401);
    expect(
      (
        await client.send('POST', `/3/account/${accountId}/watchlist${q}`, {
          media_type: 'movie',
          media_id: 101,
          watchlist: true,
        })
      ).status,
    ).toBe(404);
  });
});

describe('ratings', () => {
  it('rates films, series and episodes, and lists them with the rating', async () => {
    const movie = client.catalogue.data.movies[9];
    const series = client.catalogue.data.tv[2];
    expect(
      (await client.send('POST', `/3/movie/${movie?.id}/rating${q}`, { value: 8.5 })).status,
    ).toBe(201);
    expect(
      field(
        (await client.send('POST', `/3/movie/${movie?.id}/rating${q}`, { value: 9 })).body,
        'status_code',
      ),
    ).toBe(12);
    await client.send('POST', `/3/tv/${series?.id}/rating${q}`, { value: 6 });
    await client.send('POST', `/3/tv/${series?.id}/season/1/episode/2/rating${q}`, { value: 10 });

    expect(
      field(
        (await client.get(`/3/account/${accountId}/rated/movies${q}`)).body,
        'results',
        0,
        'rating',
      ),
    ).toBe(9);
    expect(
      field(
        (await client.get(`/3/account/${accountId}/rated/tv${q}`)).body,
        'results',
        0,
        'rating',
      ),
    ).toBe(6);
    const episode = results(
      (await client.get(`/3/account/${accountId}/rated/tv/episodes${q}`)).body,
    )[0];
    expect(episode).toMatchObject({
      rating: 10,
      season_number: 1,
      episode_number: 2,
      show_id: series?.id,
    });
    expect(
      field((await client.get(`/3/movie/${movie?.id}/account_states${q}`)).body, 'rated'),
    ).toEqual({ value: 9 });
    expect(
      field(
        (await client.get(`/3/tv/${series?.id}/season/1/episode/2/account_states${q}`)).body,
        'rated',
      ),
    ).toEqual({ value: 10 });

    expect(
      field((await client.send('DELETE', `/3/movie/${movie?.id}/rating${q}`)).body, 'status_code'),
    ).toBe(13);
    expect(
      field((await client.get(`/3/movie/${movie?.id}/account_states${q}`)).body, 'rated'),
    ).toBe(false);
  });

  it('refuses a rating that is not a multiple of 0.5 within 0.5..10, keeping the old one', async () => {
    const movie = client.catalogue.data.movies[11];
    await client.send('POST', `/3/movie/${movie?.id}/rating${q}`, { value: 4 });
    for (const value of [0, 10.5, 7.3]) {
      const answer = await client.send('POST', `/3/movie/${movie?.id}/rating${q}`, { value });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    expect(
      field((await client.get(`/3/movie/${movie?.id}/account_states${q}`)).body, 'rated'),
    ).toEqual({ value: 4 });
  });

  it('needs a session or guest session to rate', async () => {
    expect(
      (
        await client.send('POST', `/3/movie/${client.catalogue.data.movies[0]?.id}/rating`, {
          value: 5,
        })
      ).status,
    ).toBe(401);
  });
});
