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

  it('puts my services first in each group, in TMDB’s order among themselves', () => {
    const p = (id: number, priority: number) => ({
      provider_id: id,
      provider_name: `P${id}`,
      logo_path: null,
      display_priority: priority,
    });
    const groups = offerGroups(
      { link: 'x', flatrate: [p(1, 0), p(8, 9), p(2, 1), p(337, 4)], rent: [p(3, 0), p(8, 2)] },
      new Set([337, 8]),
    );
    expect(groups.map((g) => g.providers.map((x) => x.provider_id))).toEqual([
      [337, 8, 1, 2],
      [8, 3],
    ]);
  });
});
