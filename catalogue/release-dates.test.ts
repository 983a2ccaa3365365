import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCatalogue, field, results, type TestClient } from './testing/client';
import { dayFromIso, isoDay } from './data/days';

/** Release dates by region, relative to the catalogue's clock. */
const START = Date.parse('2026-09-15T08:00:00Z');

interface Release {
  type: number;
  release_date: string;
}
interface Country {
  iso_3166_1: string;
  release_dates: Release[];
}

let client: TestClient;
let q: string;
beforeAll(async () => {
  client = await openCatalogue({ seed: 14, now: () => START });
  q = `session_id=${await client.signIn()}`;
});
afterAll(async () => {
  await client.catalogue.close();
});

const releasesOf = async (id: number): Promise<Country[]> =>
  field((await client.get(`/3/movie/${id}/release_dates`)).body, 'results') as Country[];

describe('release dates', () => {
  it('gives each soon film a theatrical, digital and physical date in every region', async () => {
    const today = client.catalogue.clock.today();
    const { upcomingFilms } = client.catalogue.data.picks;
    expect(upcomingFilms.length).toBeGreaterThanOrEqual(3);
    for (const id of upcomingFilms) {
      const details = (await client.get(`/3/movie/${id}`)).body;
      const release = String(field(details, 'release_date'));
      expect(release > today && release <= isoDay(dayFromIso(today) + 30)).toBe(true);
      const countries = await releasesOf(id);
      expect(countries.length).toBeGreaterThan(0);
      for (const country of countries) {
        const byType = new Map(country.release_dates.map((r) => [r.type, r.release_date]));
        const theatrical = byType.get(3) ?? '';
        expect(theatrical > today, `${id} ${country.iso_3166_1}`).toBe(true);
        expect(byType.get(4) ?? '').toMatch(/^\d{4}-\d{2}-\d{2}T/);
        expect((byType.get(4) ?? '') > theatrical).toBe(true);
        expect((byType.get(5) ?? '') > theatrical).toBe(true);
      }
      // The home country's theatrical date is the film's release date.
      expect(countries[0]?.release_dates.find((r) => r.type === 3)?.release_date.slice(0, 10)).toBe(
        release,
      );
    }
  });

  it('puts soon films on the demo account watchlist', async () => {
    const account = field((await client.get(`/3/account?${q}`)).body, 'id') as number;
    const watchlist = results(
      (await client.get(`/3/account/${account}/watchlist/movies?${q}`)).body,
    ).map((r) => r.id);
    const soon = watchlist.filter((id) =>
      client.catalogue.data.picks.upcomingFilms.includes(Number(id)),
    );
    expect(soon).toHaveLength(3);
  });

  it('gives every released film a theatrical date in every region', async () => {
    const today = client.catalogue.clock.today();
    const films = client.catalogue.data.movies.filter((m) => m.date < today).slice(0, 40);
    for (const film of films) {
      for (const country of await releasesOf(film.id)) {
        const types = country.release_dates.map((r) => r.type);
        expect(types).toContain(3);
        expect(types.every((t) => t >= 1 && t <= 6)).toBe(true);
      }
    }
  });
});

describe('content ratings', () => {
  it('rates each series in its home country first, in that country’s system, now and then blank', async () => {
    const series = client.catalogue.data.tv.slice(0, 60);
    let blank = 0;
    for (const show of series) {
      const details = (await client.get(`/3/tv/${show.id}?append_to_response=content_ratings`))
        .body;
      const ratings = field(field(details, 'content_ratings'), 'results') as Array<{
        iso_3166_1: string;
        rating: string;
      }>;
      expect(ratings[0]?.iso_3166_1).toBe((field(details, 'origin_country') as string[])[0]);
      expect(new Set(ratings.map((r) => r.iso_3166_1)).size).toBe(ratings.length);
      const us = ratings.find((r) => r.iso_3166_1 === 'US');
      if (us?.rating) expect(['TV-Y', 'TV-G', 'TV-PG', 'TV-14', 'TV-MA']).toContain(us.rating);
      blank += ratings.filter((r) => r.rating === '').length;
    }
    expect(blank).toBeGreaterThan(0);
    // Not asked for, not sent.
    const plain = (await client.get(`/3/tv/${series[0]?.id ?? 0}`)).body as Record<string, unknown>;
    expect(plain.content_ratings).toBeUndefined();
  });
});
