import type { StatsChannel } from '../../../src-shared/ipc/contract';
import type { HandlersFor } from '../../../src-shared/ipc/handlers';
import type { StatsService } from '../../stats/stats-service';
import type { HeavyWork } from '../../worker/heavy';
import { libraryPart } from './library-open';

export interface StatsDeps {
  /** null when the library could not be opened: there is no history to count. */
  stats: StatsService | null;
  libraryProblem: string | null;
  /** The worker the stats are computed in; without one they are computed here. */
  heavy?: HeavyWork | null;
}

/**
 * Viewing stats and the year in review, computed from the library's history. Every one reads
 * all plays, so each runs in the worker when there is one (src-main/worker/).
 *
 * Identical calls share one answer: a call that arrives while the same channel is computing for
 * the same input, with no change to the library committed since that computation began, waits
 * for it rather than starting another (twenty windows, or a view and its refresh, asking at once
 * cost one computation). A committed change gives later calls a computation of their own.
 */
export function statsHandlers(use: () => Promise<StatsDeps>): HandlersFor<StatsChannel> {
  const running = new Map<string, Promise<unknown>>();
  const shared = async <T>(
    channel: string,
    input: unknown,
    compute: (here: StatsService['stats'], heavy: HeavyWork | null) => T | Promise<T>,
  ): Promise<T> => {
    const deps = await use();
    const service = libraryPart(deps.stats, 'Stats are off', deps.libraryProblem);
    const key = `${channel} ${service.version()} ${JSON.stringify(input)}`;
    const kept = running.get(key) as Promise<T> | undefined;
    if (kept !== undefined) return kept;
    const answer = (async () => compute(service.stats, deps.heavy ?? null))();
    running.set(key, answer);
    try {
      return await answer;
    } finally {
      if (running.get(key) === answer) running.delete(key);
    }
  };
  return {
    'stats.overview': ({ from, to, media }) => {
      const query = {
        ...(from === undefined ? {} : { from }),
        ...(to === undefined ? {} : { to }),
        media,
      };
      return shared('stats.overview', query, (here, heavy) =>
        heavy ? heavy.statsOverview(query) : here.overview(query),
      );
    },
    'stats.years': () =>
      shared('stats.years', null, async (here, heavy) => ({
        years: heavy ? await heavy.statsYears() : here.years(),
      })),
    'stats.yearInReview': ({ year, media }) =>
      shared('stats.yearInReview', { year, media }, (here, heavy) =>
        heavy ? heavy.yearInReview({ year, media }) : here.yearInReview({ year, media }),
      ),
  };
}
