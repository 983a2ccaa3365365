import type { StatsChannel } from '../../../src-shared/ipc/contract';
import type { HandlersFor } from '../../../src-shared/ipc/handlers';
import type { StatsService } from '../../stats/stats-service';
import type { StoredChannel } from '../../stats/store/answers';
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
 *
 * The overview and the years are stored once computed (`StatsStore.answers`) until what they
 * were computed from changes: the first Stats view after a start reads them, not the history.
 */
/** Stored answers kept in memory once read (a few questions, each at the library's version). */
const READ_KEPT = 8;

export function statsHandlers(use: () => Promise<StatsDeps>): HandlersFor<StatsChannel> {
  const running = new Map<string, Promise<unknown>>();
  const read = new Map<string, unknown>();
  const shared = async <T>(
    channel: string,
    input: unknown,
    compute: (here: StatsService['stats'], heavy: HeavyWork | null) => T | Promise<T>,
    stored?: { channel: StoredChannel; fresh: (answer: T, service: StatsService) => T },
  ): Promise<T> => {
    const deps = await use();
    const service = libraryPart(deps.stats, 'Stats are off', deps.libraryProblem);
    const version = service.version();
    const key = `${channel} ${version} ${JSON.stringify(input)}`;
    const kept = running.get(key) as Promise<T> | undefined;
    if (kept !== undefined) return kept;
    const storedKey = stored && service.answerKey(stored.channel, input);
    if (stored && storedKey) {
      // A stored answer is read once per library version, not once per call (twenty at once).
      const readKey = `${storedKey.channel} ${storedKey.input} ${storedKey.day} ${version}`;
      let found = read.get(readKey) as T | undefined;
      if (found === undefined) {
        found = service.stored(storedKey) as T | undefined;
        if (found !== undefined) {
          if (read.size >= READ_KEPT) read.clear();
          read.set(readKey, found);
        }
      }
      if (found !== undefined) return stored.fresh(found, service);
    }
    // Claimed before the computation reads the library: a change to what the stats read while
    // it runs drops the claim, and the answer, which may predate that change, is not stored.
    const claim = storedKey ? service.claim(storedKey) : null;
    const answer = (async () => {
      const value = await compute(service.stats, deps.heavy ?? null);
      if (storedKey && claim !== null) service.keep(storedKey, value, claim);
      return value;
    })();
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
      return shared(
        'stats.overview',
        query,
        (here, heavy) => (heavy ? heavy.statsOverview(query) : here.overview(query)),
        {
          channel: 'stats.overview',
          // Whether the facts fill runs is said as it is now, not as it was.
          fresh: (overview, service) => ({
            ...overview,
            coverage: { ...overview.coverage, filling: service.filling() },
          }),
        },
      );
    },
    'stats.years': () =>
      shared(
        'stats.years',
        null,
        async (here, heavy) => ({ years: heavy ? await heavy.statsYears() : here.years() }),
        { channel: 'stats.years', fresh: (years) => years },
      ),
    'stats.yearInReview': ({ year, media }) =>
      shared('stats.yearInReview', { year, media }, (here, heavy) =>
        heavy ? heavy.yearInReview({ year, media }) : here.yearInReview({ year, media }),
      ),
  };
}
