import type { FindAnswer, FindById } from '../resolve';
import type { IdStore, KnownId } from '../store';

/** An id store in memory. */
export function memoryIds(): IdStore & { size(): number } {
  const map = new Map<string, KnownId>();
  return {
    get: (source, id) => map.get(`${source}|${id}`) ?? null,
    put: (source, id, known) => {
      map.set(`${source}|${id}`, known);
    },
    size: () => map.size,
  };
}

const empty = (): FindAnswer => ({ movies: [], episodes: [], series: [] });

/** TMDB's find, from a table of answers, counting the requests it was asked. */
export function fakeFind(
  answers: Record<string, Partial<FindAnswer>>,
): FindById & { calls: string[] } {
  const calls: string[] = [];
  const find = (source: 'imdb_id' | 'tvdb_id', id: string): Promise<FindAnswer> => {
    calls.push(`${source}:${id}`);
    return Promise.resolve({ ...empty(), ...answers[`${source}:${id}`] });
  };
  return Object.assign(find, { calls });
}

/** TMDB's find answering what the tests of the capture domain use. */
export const findAnswers: Record<string, Partial<FindAnswer>> = {
  // Breaking Bad 1x1, by the episode's own ids.
  'tvdb_id:349232': { episodes: [{ showId: 1396, season: 1, episode: 1 }] },
  'imdb_id:tt0959621': { episodes: [{ showId: 1396, season: 1, episode: 1 }] },
  // The Shawshank Redemption.
  'imdb_id:tt0111161': { movies: [278] },
  // A series by its TheTVDB id (Breaking Bad).
  'tvdb_id:81189': { series: [1396] },
  'tvdb_id:468006': { series: [94997] },
};
