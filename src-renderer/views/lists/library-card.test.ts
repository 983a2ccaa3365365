import { describe, expect, it } from 'vitest';
import type { LibraryItem } from '../../../src-shared/ipc/contract';
import { libraryCards } from './library-card';

const base: LibraryItem = {
  mediaType: 'movie',
  mediaId: 603,
  title: 'The Matrix',
  posterPath: '/p.jpg',
  releaseDate: '1999-03-31',
  voteAverage: 8.2,
  popularity: null,
  addedAt: null,
  rating: null,
  pending: false,
};

describe('libraryCards', () => {
  it('makes poster cards of films and series, leading to their pages', () => {
    const [movie, series] = libraryCards([
      base,
      { ...base, mediaType: 'tv', mediaId: 1399, title: null, voteAverage: 0 },
    ]);
    expect(movie).toMatchObject({
      kind: 'movie',
      subtitle: '1999',
      rating: '8.2',
      href: '#/movie/603',
    });
    expect(series).toMatchObject({
      kind: 'tv',
      title: 'Untitled (tv 1399)',
      rating: null,
      href: '#/tv/1399',
    });
  });

  it('leaves episodes out', () => {
    expect(libraryCards([{ ...base, mediaType: 'episode', season: 1, episode: 2 }])).toEqual([]);
  });
});
