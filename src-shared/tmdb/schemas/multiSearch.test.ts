import { describe, expect, it } from 'vitest';
import { multiSearchItem, multiSearchPage } from './multiSearch';

const movie = {
  media_type: 'movie',
  adult: false,
  backdrop_path: null,
  genre_ids: [28],
  id: 11,
  original_language: 'en',
  original_title: 'Star Wars',
  overview: 'Princess Leia is captured…',
  popularity: 80.1,
  poster_path: '/6FfCtAuVAW8XJjZ7eWeLibRLWTw.jpg',
  release_date: '1977-05-25',
  title: 'Star Wars',
  video: false,
  vote_average: 8.2,
  vote_count: 20000,
};

const person = {
  media_type: 'person',
  adult: false,
  gender: 2,
  id: 2,
  known_for: [movie],
  known_for_department: 'Acting',
  name: 'Mark Hamill',
  original_name: 'Mark Hamill',
  popularity: 20.3,
  profile_path: null,
};

describe('multiSearchItem', () => {
  it('tells a film from a person by media_type', () => {
    expect(multiSearchItem.parse(movie).media_type).toBe('movie');
    const parsed = multiSearchItem.parse(person);
    expect(parsed.media_type === 'person' && parsed.known_for[0]?.id).toBe(11);
  });

  it('rejects an item without media_type, naming the field', () => {
    const { media_type: _m, ...untyped } = movie;
    const result = multiSearchItem.safeParse(untyped);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('media_type');
  });

  it('rejects an unknown media_type, naming the field and the value', () => {
    const result = multiSearchItem.safeParse({ ...movie, media_type: 'episode' });
    expect(result.error?.issues[0]?.message).toMatch(/media_type "episode"/);
  });

  it('rejects a known_for entry without media_type', () => {
    const { media_type: _m, ...untyped } = movie;
    const result = multiSearchItem.safeParse({ ...person, known_for: [untyped] });
    expect(result.error?.issues[0]?.path).toEqual(['known_for', 0, 'media_type']);
    expect(result.error?.issues[0]?.message).toContain('media_type');
  });

  it('checks fields of the matched kind: a person with a string gender is rejected', () => {
    expect(multiSearchItem.safeParse({ ...person, gender: 'male' }).success).toBe(false);
  });
});

describe('multiSearchPage', () => {
  const page = { page: 1, results: [movie, person], total_pages: 1, total_results: 2 };

  it('parses a page and keeps unknown keys on items', () => {
    const parsed = multiSearchPage.parse({ ...page, results: [{ ...movie, extra: 'kept' }] });
    expect(parsed.results[0]).toMatchObject({ extra: 'kept' });
  });

  it('names page and results when they are missing', () => {
    const { page: _p, ...noPage } = page;
    expect(multiSearchPage.safeParse(noPage).error?.issues[0]?.message).toContain('"page"');
    const { results: _r, ...noResults } = page;
    expect(multiSearchPage.safeParse(noResults).error?.issues[0]?.message).toContain('"results"');
  });

  it('leaves a bad item out of a page and counts it, instead of failing the page', () => {
    const result = multiSearchPage.parse({ ...page, results: [movie, { ...person, id: '2' }] });
    expect(result.results).toHaveLength(1);
    expect(result.skipped).toBe(1);
  });
});
