import type { StatsChannel } from '../../../src-shared/ipc/contract';
import { CodedError } from '../../../src-shared/ipc/errors';
import type { HandlersFor } from '../../../src-shared/ipc/handlers';
import type { StatsService } from '../../stats/stats-service';

export interface StatsDeps {
  /** null when the library could not be opened: there is no history to count. */
  stats: StatsService | null;
  libraryProblem: string | null;
}

/** Viewing stats and the year in review, computed from the library's history. */
export function statsHandlers(use: () => Promise<StatsDeps>): HandlersFor<StatsChannel> {
  const stats = async (): Promise<StatsService['stats']> => {
    const deps = await use();
    if (deps.stats) return deps.stats.stats;
    throw new CodedError(
      'internal',
      `Stats are off because your library could not be opened. (${deps.libraryProblem ?? 'unknown problem'})`,
    );
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
