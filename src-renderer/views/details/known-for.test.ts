import { describe, expect, it } from 'vitest';
import { knownFor } from './known-for';

describe('knownFor', () => {
  const base = {
    adult: false,
    backdrop_path: null,
    genre_ids: [],
    original_language: 'en',
    overview: '',
    poster_path: null,
    credit_id: 'x',
  };
  const movie = (id: number, popularity: number, extra: object) => ({
    ...base,
    media_type: 'movie' as const,
    id,
    title: `Film ${id}`,
    original_title: `Film ${id}`,
    release_date: '2000-01-01',
    video: false,
    popularity,
    vote_average: 7,
    vote_count: id,
    ...extra,
  });
  const series = {
    ...base,
    media_type: 'tv' as const,
    id: 1,
    name: 'Show',
    original_name: 'Show',
    first_air_date: '',
    origin_country: [],
    popularity: 50,
    vote_average: 8,
    vote_count: 3,
    character: 'Host',
  };

  it('merges roles per title, tells films from series and puts the most popular first', () => {
    const items = knownFor({
      cast: [movie(1, 10, { character: 'Ripley' }), series],
      crew: [
        movie(1, 10, { job: 'Producer', department: 'Production' }),
        movie(2, 10, { job: 'Director' }),
      ],
    });
    expect(items.map((i) => [i.mediaType, i.id, i.roles])).toEqual([
      ['tv', 1, ['as Host']],
      ['movie', 2, ['Director']],
      ['movie', 1, ['as Ripley', 'Producer']],
    ]);
  });
});
