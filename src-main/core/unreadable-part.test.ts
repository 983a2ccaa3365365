import { afterEach, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from './testing/core';

type Json = Record<string, unknown>;
const record = (value: unknown): Json =>
  typeof value === 'object' && value !== null ? (value as Json) : {};

/** One unreadable appended part of a film's details never blanks the film. */
describe('a film whose appended parts TMDB sent damaged', () => {
  let t: TestCore | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers with the film, leaving out a release-dates entry without a country', async () => {
    t = await startTestCore();
    const film = t.catalogue.data.movies[2];
    if (!film) throw new Error('the catalogue has no film');
    t.catalogue.faults.set([
      {
        kind: 'corrupt',
        pathPattern: new RegExp(`^/3/movie/${String(film.id)}$`),
        edit: (body) => {
          const details = record(body);
          const releases = record(details.release_dates);
          const results: unknown[] = Array.isArray(releases.results) ? releases.results : [];
          const bad = { iso_3166_1: null, release_dates: [] };
          return { ...details, release_dates: { ...releases, results: [bad, ...results] } };
        },
      },
    ]);
    const details = await t.value('movie.details', { id: film.id });
    expect(details.data.title).toBe(film.title);
    const countries = details.data.release_dates?.results.map((c) => c.iso_3166_1) ?? [];
    expect(countries.length).toBeGreaterThan(0);
    expect(countries).not.toContain(null);
  });

  it('answers with the film when its watch providers cannot be read at all', async () => {
    t = await startTestCore();
    const film = t.catalogue.data.movies[3];
    if (!film) throw new Error('the catalogue has no film');
    t.catalogue.faults.set([
      {
        kind: 'corrupt',
        pathPattern: new RegExp(`^/3/movie/${String(film.id)}$`),
        edit: (body) => ({ ...record(body), 'watch/providers': { results: 'unavailable' } }),
      },
    ]);
    const details = await t.value('movie.details', { id: film.id });
    expect(details.data.title).toBe(film.title);
    expect(details.data['watch/providers']).toBeUndefined();
  });
});
