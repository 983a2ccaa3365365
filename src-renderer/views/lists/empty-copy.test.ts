import { describe, expect, it } from 'vitest';
import { emptyCollectionTitle } from './empty-copy';

describe('emptyCollectionTitle', () => {
  it('reads as a sentence', () => {
    expect(emptyCollectionTitle('watchlist', 'movie')).toBe('Your watchlist has no films yet.');
    expect(emptyCollectionTitle('favorites', 'tv')).toBe('You have no favourite series yet.');
    expect(emptyCollectionTitle('rated', 'episode')).toBe('You have not rated any episodes yet.');
  });
});
