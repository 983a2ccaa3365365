import { describe, expect, it } from 'vitest';
import { certificationOf, contentRatingOf, releasesByCountry } from './releases';

describe('releasesByCountry', () => {
  const results = [
    {
      iso_3166_1: 'FR',
      release_dates: [
        { certification: '', iso_639_1: '', release_date: '2016-12-07T00:00:00.000Z', type: 3 },
      ],
    },
    {
      iso_3166_1: 'US',
      release_dates: [
        {
          certification: 'PG-13',
          iso_639_1: '',
          note: '',
          release_date: '2016-11-11T00:00:00.000Z',
          type: 3,
        },
        {
          certification: '',
          iso_639_1: '',
          note: 'Venice',
          release_date: '2016-09-01T00:00:00.000Z',
          type: 1,
        },
      ],
    },
    { iso_3166_1: 'DE', release_dates: [] },
  ];

  it('puts the user’s region first, names release types in words and sorts by date', () => {
    const rows = releasesByCountry(results, 'US');
    expect(rows.map((r) => r.country)).toEqual(['United States', 'France']);
    expect(rows[0]?.releases).toEqual([
      { type: 'Premiere', date: '1 September 2016', certification: null, note: 'Venice' },
      { type: 'Theatrical', date: '11 November 2016', certification: 'PG-13', note: null },
    ]);
  });
});

describe('certificationOf', () => {
  const results = [
    {
      iso_3166_1: 'US',
      release_dates: [
        {
          certification: '',
          iso_639_1: '',
          note: '',
          release_date: '2019-01-01T00:00:00.000Z',
          type: 1,
        },
        {
          certification: 'PG-13',
          iso_639_1: '',
          note: '',
          release_date: '2019-02-01T00:00:00.000Z',
          type: 3,
        },
      ],
    },
    {
      iso_3166_1: 'FR',
      release_dates: [
        {
          certification: ' 12 ',
          iso_639_1: '',
          note: '',
          release_date: '2019-03-01T00:00:00.000Z',
          type: 3,
        },
      ],
    },
  ];

  it('takes the region’s first certification, else the US one, else none', () => {
    expect(certificationOf(results, 'FR')).toBe('12');
    expect(certificationOf(results, 'DE')).toBe('PG-13');
    expect(certificationOf([], 'DE')).toBeNull();
  });
});

describe('contentRatingOf', () => {
  const results = [
    { iso_3166_1: 'US', rating: 'TV-MA', descriptors: [] },
    { iso_3166_1: 'DE', rating: ' 16 ' },
    { iso_3166_1: 'GB', rating: '' },
  ];

  it('takes the region’s rating, else the US one, and never an empty one', () => {
    expect(contentRatingOf(results, 'DE')).toBe('16');
    expect(contentRatingOf(results, 'GB')).toBe('TV-MA');
    expect(contentRatingOf(results, null)).toBe('TV-MA');
    expect(contentRatingOf(results.slice(1), 'JP')).toBeNull();
    expect(contentRatingOf([], 'US')).toBeNull();
  });

  it('takes a 10,000-character "rating" for none, and falls back to the US one', () => {
    const long = [{ iso_3166_1: 'JP', rating: 'x'.repeat(10_000) }, ...results];
    expect(contentRatingOf(long, 'JP')).toBe('TV-MA');
    expect(
      certificationOf(
        [
          {
            iso_3166_1: 'US',
            release_dates: [
              {
                certification: 'y'.repeat(10_000),
                iso_639_1: '',
                note: '',
                release_date: '2019-01-01T00:00:00.000Z',
                type: 3,
              },
            ],
          },
        ],
        'US',
      ),
    ).toBeNull();
  });
});
