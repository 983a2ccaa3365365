import { describe, expect, it } from 'vitest';
import { appendedContentRatings } from './appended';
import { tvSummary, typedTvSummary } from './tv';

const breakingBad = {
  adult: false,
  backdrop_path: '/tsRy63Mu5cu8etL1X7ZLyf7UP1M.jpg',
  first_air_date: '2008-01-20',
  genre_ids: [18, 80],
  id: 1396,
  name: 'Breaking Bad',
  origin_country: ['US'],
  original_language: 'en',
  original_name: 'Breaking Bad',
  overview: '',
  popularity: 288.5,
  poster_path: '/ztkUQFLlC19CCMYHW9o1zWhJRNq.jpg',
  vote_average: 8.9,
  vote_count: 12000,
};

describe('tvSummary', () => {
  it('accepts a series that has not aired (empty first_air_date) and an empty overview', () => {
    expect(tvSummary.parse({ ...breakingBad, first_air_date: '' }).first_air_date).toBe('');
  });

  it('rejects first_air_date null: the seed allows only a date or an empty string', () => {
    const result = tvSummary.safeParse({ ...breakingBad, first_air_date: null });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['first_air_date']);
  });

  it.each([
    ['origin_country', 'US'],
    ['genre_ids', ['18']],
    ['popularity', '288.5'],
    ['adult', 'false'],
  ])('rejects %s = %j', (field, value) => {
    expect(tvSummary.safeParse({ ...breakingBad, [field]: value }).success).toBe(false);
  });

  it('rejects a missing id with a message naming it', () => {
    const { id: _id, ...withoutId } = breakingBad;
    expect(tvSummary.safeParse(withoutId).error?.issues[0]?.message).toContain('"id"');
  });

  it('needs media_type "tv" in trending items, and refuses it elsewhere only if wrong', () => {
    expect(typedTvSummary.safeParse(breakingBad).success).toBe(false);
    expect(tvSummary.safeParse({ ...breakingBad, media_type: 'tv' }).success).toBe(true);
    expect(tvSummary.safeParse({ ...breakingBad, media_type: 'movie' }).success).toBe(false);
  });
});

describe('appendedContentRatings', () => {
  it('keeps the readable ratings and leaves out one TMDB sent broken', () => {
    const parsed = appendedContentRatings.parse({
      results: [
        { descriptors: [], iso_3166_1: 'US', rating: 'TV-MA' },
        { iso_3166_1: 'DE', rating: null },
        { iso_3166_1: 'GB', rating: '' },
      ],
    });
    expect(parsed.results.map((r) => [r.iso_3166_1, r.rating])).toEqual([
      ['US', 'TV-MA'],
      ['GB', ''],
    ]);
  });
});
