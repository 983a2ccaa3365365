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
 */
export function statsHandlers(use: () => Promise<StatsDeps>): HandlersFor<StatsChannel> {
  const stats = async (): Promise<{ stats: StatsService['stats']; heavy: HeavyWork | null }> => {
    const deps = await use();
    const service = libraryPart(deps.stats, 'Stats are off', deps.libraryProblem);
    return { stats: service.stats, heavy: deps.heavy ?? null };
  };
  return {
    'stats.overview': async ({ from, to, media }) => {
      const query = {
        ...(from === undefined ? {} : { from }),
        ...(to === undefined ? {} : { to }),
        media,
      };
      const { stats: here, heavy } = await stats();
      return heavy ? heavy.statsOverview(query) : here.overview(query);
    },
    'stats.years': async () => {
      const { stats: here, heavy } = await stats();
      return { years: heavy ? await heavy.statsYears() : here.years() };
    },
    'stats.yearInReview': async ({ year, media }) => {
      const { stats: here, heavy } = await stats();
      return heavy ? heavy.yearInReview({ year, media }) : here.yearInReview({ year, media });
    },
  };
}
