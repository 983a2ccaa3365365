import { describe, expect, it } from 'vitest';
import { appendedReleaseDates } from './appended';
import { movieDetails } from './movieDetails';
import { releaseDates } from './releaseDates';

const theatrical = {
  certification: 'PG-13',
  descriptors: [],
  iso_639_1: '',
  note: '',
  release_date: '2016-11-10T00:00:00.000Z',
  type: 3,
};

/** A film's details as TMDB sends them, with release dates appended. */
const film = {
  adult: false,
  backdrop_path: null,
  belongs_to_collection: null,
  budget: 0,
  genres: [],
  homepage: null,
  id: 329865,
  imdb_id: null,
  original_title: 'Arrival',
  overview: '',
  popularity: 1,
  poster_path: null,
  production_companies: [],
  production_countries: [],
  release_date: '2016-11-10',
  revenue: 0,
  runtime: 116,
  spoken_languages: [],
  status: 'Released',
  tagline: null,
  title: 'Arrival',
  vote_average: 7.6,
  vote_count: 100,
};

describe('release dates', () => {
  it('leave out a country TMDB sent without a code, and keep the others', () => {
    const parsed = appendedReleaseDates.parse({
      results: [
        { iso_3166_1: null, release_dates: [theatrical] },
        { iso_3166_1: 'US', release_dates: [theatrical] },
      ],
    });
    expect(parsed.results.map((country) => country.iso_3166_1)).toEqual(['US']);
  });

  it('leave out one unreadable release of a country, and keep its readable ones', () => {
    const parsed = releaseDates.parse({
      id: 1,
      results: [{ iso_3166_1: 'GB', release_dates: [{ ...theatrical, type: null }, theatrical] }],
    });
    expect(parsed.results[0]?.release_dates).toHaveLength(1);
  });

  it('never fail the film they are appended to', () => {
    const parsed = movieDetails.safeParse({
      ...film,
      release_dates: { results: [{ iso_3166_1: null, release_dates: [theatrical] }] },
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.title).toBe('Arrival');
    expect(parsed.data?.release_dates?.results).toEqual([]);
  });

  it('that cannot be read at all are left out, and the film still reads', () => {
    const parsed = movieDetails.safeParse({ ...film, release_dates: { results: 'none' } });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.release_dates).toBeUndefined();
  });
});
