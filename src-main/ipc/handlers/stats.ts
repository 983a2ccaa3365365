import type { StatsChannel } from '../../../src-shared/ipc/contract';
import type { HandlersFor } from '../../../src-shared/ipc/handlers';
import type { StatsService } from '../../stats/stats-service';
import { libraryPart } from './library-open';

export interface StatsDeps {
  /** null when the library could not be opened: there is no history to count. */
  stats: StatsService | null;
  libraryProblem: string | null;
}

/** Viewing stats and the year in review, computed from the library's history. */
export function statsHandlers(use: () => Promise<StatsDeps>): HandlersFor<StatsChannel> {
  const stats = async (): Promise<StatsService['stats']> => {
    const deps = await use();
    return libraryPart(deps.stats, 'Stats are off', deps.libraryProblem).stats;
  };
  return {
    'stats.overview': async ({ from, to, media }) =>
      (await stats()).overview({
        ...(from === undefined ? {} : { from }),
        ...(to === undefined ? {} : { to }),
        media,
      }),
    'stats.years': async () => ({ years: (await stats()).years() }),
    'stats.yearInReview': async ({ year, media }) => (await stats()).yearInReview({ year, media }),
  };
}
