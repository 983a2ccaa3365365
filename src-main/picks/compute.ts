import type { Databases } from '../db/databases';
import { rankPicks } from './rank';
import { createPicksCache, type PicksCache } from './store/cached';
import { createPicksHistory, type PicksHistory } from './store/history';
import type { Kind, PicksResult } from './types';

/** What one working out of the picks takes besides the two databases. */
export interface PicksJob {
  now: number;
  limit: number;
  /**
   * Popular titles on the person's services, best first, when Marquee has them (a cached
   * discover of their services); null: the cache's most popular titles stand in.
   */
  popular: Array<{ kind: Kind; id: number }> | null;
}

/** How many popular titles the fallback looks at. */
const POPULAR_READ = 300;

export interface PicksReaders {
  history: PicksHistory;
  cache: PicksCache;
}

export function picksReaders(
  library: NonNullable<Databases['library']>,
  cache: Databases['cache'],
): PicksReaders {
  return { history: createPicksHistory(library), cache: createPicksCache(cache) };
}

/** The picks from what the library and the cache hold now: the same in the worker and here. */
export function computePicks(readers: PicksReaders, job: PicksJob): PicksResult {
  const { history, cache } = readers;
  return rankPicks({
    now: job.now,
    limit: job.limit,
    watched: history.watched(),
    traits: history.traits(),
    excluded: history.excluded(),
    lists: (kind, id) => cache.lists(kind, id),
    peopleOf: (kind, id) => cache.peopleOf(kind, id),
    nameOf: (kind, id) => cache.name(kind, id),
    popular: () => {
      const onServices = job.popular !== null && job.popular.length > 0;
      return {
        items: onServices ? cache.summaries(job.popular ?? []) : cache.popular(POPULAR_READ),
        onServices,
      };
    },
  });
}
