import { describe, expect, it } from 'vitest';
import { kindSummary, multiRow, rowsInWindow } from './rows';

describe('search rows', () => {
  it('says what a person is known for', () => {
    const row = multiRow({
      media_type: 'person',
      id: 4,
      name: 'Ann Lee',
      known_for: [
        {
          media_type: 'movie',
          id: 1,
          title: 'Moon',
          original_title: 'Moon',
          overview: '',
          genre_ids: [],
          original_language: 'en',
          video: false,
          vote_average: 7,
          vote_count: 3,
        },
        {
          media_type: 'tv',
          id: 2,
          name: 'Dark',
          overview: '',
          genre_ids: [],
          origin_country: [],
          original_language: 'de',
          vote_average: 8,
          vote_count: 4,
        },
      ],
      popularity: 1,
      profile_path: null,
    });
    expect(row.card.kind).toBe('person');
    expect(row.detail).toBe('Known for Moon, Dark');
  });

  it('counts the kinds of results in words', () => {
    const card = (kind: 'movie' | 'tv' | 'person', id: number) => ({
      card: { kind, id, title: 't', subtitle: null, rating: null, imagePath: null, href: null },
      detail: null,
    });
    expect(
      kindSummary([card('movie', 1), card('movie', 2), card('tv', 3), card('person', 4)]),
    ).toBe('2 movies · 1 series · 1 person');
    expect(kindSummary([])).toBe('');
  });

  it('draws at least as many rows at once as the window has room for', () => {
    // A row is at least 84 px tall: 800 px show at most 10, and a part of an 11th.
    expect(rowsInWindow(800)).toBe(11);
    expect(rowsInWindow(1440)).toBeGreaterThanOrEqual(1440 / 84);
    expect(rowsInWindow(0)).toBe(1);
  });
});
