import { describe, expect, it } from 'vitest';
import type { Read } from '../cache/reads';
import { findThrough } from './capture-wiring';

describe('findThrough', () => {
  it('asks TMDB’s find through the cached reads and keeps only the ids', async () => {
    const asked: unknown[] = [];
    const read = ((key: string, args: unknown) => {
      asked.push([key, args]);
      return Promise.resolve({
        data: {
          movie_results: [{ id: 278, title: 'The Shawshank Redemption' }],
          tv_results: [{ id: 1396, name: 'Breaking Bad' }],
          tv_episode_results: [{ id: 62085, show_id: 1396, season_number: 1, episode_number: 1 }],
          person_results: [],
          tv_season_results: [],
        },
      });
    }) as unknown as Read;
    expect(await findThrough(read)('tvdb_id', '349232')).toEqual({
      movies: [278],
      episodes: [{ showId: 1396, season: 1, episode: 1 }],
      series: [1396],
    });
    expect(asked).toEqual([
      [
        'GET /3/find/{external_id}',
        { params: { external_id: '349232' }, query: { external_source: 'tvdb_id' } },
      ],
    ]);
  });
});
