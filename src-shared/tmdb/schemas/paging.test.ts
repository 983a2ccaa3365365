import { describe, expect, it } from 'vitest';
import { movieSummary } from './movie';
import { paged } from './paging';
import { tvSummary } from './tv';

const movie = (id: number, patch: Record<string, unknown> = {}): Record<string, unknown> => ({
  adult: false,
  backdrop_path: null,
  genre_ids: [18],
  id,
  original_language: 'en',
  original_title: `Film ${String(id)}`,
  overview: 'A film.',
  popularity: 1,
  poster_path: null,
  release_date: '2020-01-01',
  title: `Film ${String(id)}`,
  video: false,
  vote_average: 7,
  vote_count: 10,
  ...patch,
});

const page = (results: unknown[]): Record<string, unknown> => ({
  page: 1,
  results,
  total_pages: 1,
  total_results: results.length,
});

describe('paged: one bad item never fails the page', () => {
  it('keeps an item whose only fault is a null display string, with that string empty', () => {
    const parsed = paged(movieSummary).parse(
      page([movie(1), movie(2, { title: null, overview: null, original_title: null })]),
    );
    expect(parsed.results.map((m) => m.id)).toEqual([1, 2]);
    expect(parsed.results[1]).toMatchObject({ title: '', overview: '', original_title: '' });
    expect(parsed.skipped ?? 0).toBe(0);
  });

  it('skips an item that cannot be read and says how many were skipped', () => {
    const parsed = paged(movieSummary).parse(
      page([movie(1), movie(2, { id: 'x' }), null, movie(3)]),
    );
    expect(parsed.results.map((m) => m.id)).toEqual([1, 3]);
    expect(parsed.skipped).toBe(2);
  });

  it('keeps the count when a parsed page is checked again (the IPC reply is)', () => {
    const schema = paged(tvSummary);
    const once = schema.parse(page([null, { id: 5 }]));
    expect(once.skipped).toBe(2);
    expect(schema.parse(once).skipped).toBe(2);
  });

  it('still refuses a body that is not a page', () => {
    expect(paged(movieSummary).safeParse({ page: 1 }).success).toBe(false);
    expect(paged(movieSummary).safeParse({ ...page([]), results: null }).success).toBe(false);
  });
});
