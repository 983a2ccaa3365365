import { describe, expect, it } from 'vitest';
import { episodeAiring } from './episode-airing';

const TODAY = '2025-03-10';

describe('an episode’s air date on the series page', () => {
  it('offers marking an episode that aired, and names the day of one to come', () => {
    expect(episodeAiring('2025-03-09', TODAY)).toEqual({
      airDate: '2025-03-09',
      aired: true,
      fact: '9 March 2025',
      unaired: 'Airs 9 March 2025',
    });
    expect(episodeAiring('2025-04-01', TODAY)).toMatchObject({
      aired: false,
      unaired: 'Airs 1 April 2025',
    });
  });

  it('reads a date that names no day as unknown: never aired, never another day', () => {
    for (const bad of ['2023-13-45', '2023-02-29', '2023-00-10', '2023-04-31', 'soon', '', null]) {
      const airing = episodeAiring(bad, TODAY);
      expect(airing, String(bad)).toEqual({
        airDate: null,
        aired: false,
        fact: 'Air date not announced',
        unaired: 'Not aired yet',
      });
    }
  });
});
