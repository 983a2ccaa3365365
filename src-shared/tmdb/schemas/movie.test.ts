import { describe, expect, it } from 'vitest';
import { movieSummary, typedMovieSummary } from './movie';

const fightClub = {
  adult: false,
  backdrop_path: '/hZkgoQYus5vegHoetLkCJzb17zJ.jpg',
  genre_ids: [18, 53],
  id: 550,
  original_language: 'en',
  original_title: 'Fight Club',
  overview: 'A ticking-time-bomb insomniac…',
  popularity: 61.4,
  poster_path: null,
  release_date: '1999-10-15',
  title: 'Fight Club',
  video: false,
  vote_average: 8.4,
  vote_count: 26280,
};

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`).join('\n');
}

describe('movieSummary', () => {
  it('accepts a discover item without media_type, and null image paths', () => {
    expect(movieSummary.parse(fightClub).poster_path).toBeNull();
  });

  it.each([
    ['id', '550'],
    ['vote_average', '7'],
    ['adult', 1],
    ['genre_ids', ['x']],
    ['vote_count', 1.5],
    ['release_date', '15/10/1999'],
    ['media_type', 'tv'],
  ])('rejects %s = %j', (field, value) => {
    const result = movieSummary.safeParse({ ...fightClub, [field]: value });
    expect(result.success).toBe(false);
    expect(messages(result)).toContain(field);
  });

  it('rejects a missing id with a message naming it', () => {
    const { id: _id, ...withoutId } = fightClub;
    const result = movieSummary.safeParse(withoutId);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('"id"');
  });

  it('accepts an empty release date (an unreleased film) but not null', () => {
    expect(movieSummary.safeParse({ ...fightClub, release_date: '' }).success).toBe(true);
    expect(movieSummary.safeParse({ ...fightClub, release_date: null }).success).toBe(false);
  });

  it('keeps keys TMDB adds later', () => {
    const parsed = movieSummary.parse({ ...fightClub, softcore: false, new_field: { a: 1 } });
    expect(parsed).toMatchObject({ softcore: false, new_field: { a: 1 } });
  });

  it('requires media_type "movie" where the seed says it is present', () => {
    expect(typedMovieSummary.safeParse(fightClub).success).toBe(false);
    expect(typedMovieSummary.parse({ ...fightClub, media_type: 'movie' }).media_type).toBe('movie');
  });
});
