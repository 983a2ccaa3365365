import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { titleWatchProviders } from '../src-shared/tmdb/schemas/watchProviders';
import { daysUntilArrival, rotatingOn, rotationOf, ROTATION_DAYS } from './data/provider-clock';
import { openCatalogue, type TestClient } from './testing/client';

const START = Date.parse('2026-06-01T12:00:00Z');
const DAY = 86_400_000;

let client: TestClient;
beforeAll(async () => {
  client = await openCatalogue({ seed: 3, now: () => START, messy: false });
});
afterAll(async () => {
  await client.catalogue.close();
});

const flatrateIds = (body: unknown, region: string): number[] =>
  (titleWatchProviders.parse(body).results[region]?.flatrate ?? []).map((p) => p.provider_id);

/*
 * Providers change with the catalogue's clock: each title's rotating subscription provider streams
 * it for half of every fortnight, so demo mode shows arrivals as its clock moves.
 */
describe('providers that change with the clock', () => {
  it('streams a title on its rotating provider for half of each fortnight', () => {
    const rotation = rotationOf({ id: 603, kind: 'movie' });
    const on = Array.from({ length: ROTATION_DAYS * 2 }, (_, d) => rotatingOn(rotation, d));
    expect(on.filter(Boolean)).toHaveLength(ROTATION_DAYS);
    expect(rotatingOn(rotation, -3)).toBe(rotatingOn(rotation, ROTATION_DAYS - 3));
    const wait = daysUntilArrival(rotation, 0);
    expect(rotatingOn(rotation, wait - 1)).toBe(false);
    expect(rotatingOn(rotation, wait)).toBe(true);
  });

  it('answers the title watch providers of the clock’s day, the same for the same day', async () => {
    const film = client.catalogue.data.movies.find((m) => {
      const r = rotationOf(m);
      return !rotatingOn(r, 0) && r.providerId === 8;
    });
    if (!film) throw new Error('no film arrives on Netflix in this catalogue');
    const path = `/3/movie/${film.id}/watch/providers`;
    const before = await client.get(path);
    expect(flatrateIds(before.body, 'US')).not.toContain(8);
    expect((await client.get(path)).body).toEqual(before.body);
    const days = daysUntilArrival(rotationOf(film), 0);
    client.catalogue.clock.advance(days * DAY);
    try {
      expect(flatrateIds((await client.get(path)).body, 'US')).toContain(8);
      // Appended to the details, the same answer.
      const details = await client.get(`/3/movie/${film.id}?append_to_response=watch/providers`);
      expect(
        flatrateIds((details.body as Record<string, unknown>)['watch/providers'], 'US'),
      ).toContain(8);
    } finally {
      client.catalogue.clock.set(START);
    }
  });

  it('lists series providers per region as films’ are', async () => {
    const answer = await client.get('/3/watch/providers/tv?watch_region=US');
    const names = (answer.body as { results: Array<{ provider_name: string }> }).results.map(
      (p) => p.provider_name,
    );
    expect(names).toContain('Netflix');
    expect(names).toContain('Hulu');
  });
});
