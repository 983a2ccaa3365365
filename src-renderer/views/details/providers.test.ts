import { describe, expect, it } from 'vitest';
import { offerGroups } from './providers';

describe('offerGroups', () => {
  it('keeps only the groups with providers, streaming first, by TMDB’s priority', () => {
    const p = (id: number, priority: number) => ({
      provider_id: id,
      provider_name: `P${id}`,
      logo_path: null,
      display_priority: priority,
    });
    const groups = offerGroups({
      link: 'https://www.themoviedb.org/movie/1/watch',
      buy: [p(2, 5), p(3, 1)],
      flatrate: [p(8, 0)],
      rent: [],
    });
    expect(groups.map((g) => [g.label, g.providers.map((x) => x.provider_id)])).toEqual([
      ['Stream', [8]],
      ['Buy', [3, 2]],
    ]);
    expect(offerGroups(undefined)).toEqual([]);
  });
});
