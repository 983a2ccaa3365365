import { APPEND } from '../../src-shared/ipc/pass-through';
import { MY_SERVICES_KEY, myServices } from '../../src-shared/ipc/contract/services';
import type { EventBus } from '../base/events';
import type { Logger } from '../base/log';
import type { Read } from '../cache/reads';
import type { ChangePath } from '../changes/change-path';
import { createPreferences } from '../changes/preferences';
import { createPreferenceStore } from '../changes/store/preferences';
import type { Databases } from '../db/databases';
import { computePicks, picksReaders } from '../picks/compute';
import { createPicksService, type PicksService } from '../picks/service';
import type { HeavyWork } from '../worker/heavy';

export interface PicksWiringDeps {
  dbs: Databases;
  changes: ChangePath | null;
  read: Read;
  events: EventBus;
  clock: () => number;
  online: () => boolean;
  log: Logger;
  /** The worker the picks are worked out in; without one they are worked out here. */
  heavy: HeavyWork | null;
}

/**
 * The picks over the library and the cache: worked out in the worker (off this thread) when there
 * is one, kept until what they stand on changes — a play, a rating, a preference, facts filled
 * in — and "not interested" written as a preference through the change path.
 */
export function buildPicks(deps: PicksWiringDeps): PicksService | null {
  const { dbs, changes, read } = deps;
  if (dbs.library === null || changes === null) return null;
  const preferences = createPreferences({
    store: createPreferenceStore(dbs.library),
    changes,
    clock: deps.clock,
  });
  const here = picksReaders(dbs.library, dbs.cache);
  const service = createPicksService({
    compute: async (job) => (deps.heavy ? deps.heavy.picks(job) : computePicks(here, job)),
    preferences,
    clock: deps.clock,
    online: deps.online,
    fetchSeed: async (kind, id) => {
      if (kind === 'movie')
        await read(
          'GET /3/movie/{movie_id}',
          { params: { movie_id: id }, query: { append_to_response: APPEND.movie } },
          { mediaType: 'movie' },
        );
      else
        await read(
          'GET /3/tv/{series_id}',
          { params: { series_id: id }, query: { append_to_response: APPEND.tv } },
          { mediaType: 'tv' },
        );
    },
    popularOnServices: async () => {
      const mine = preferences.get(MY_SERVICES_KEY, myServices, null);
      if (mine === null || mine.providers.length === 0) return null;
      const { data } = await read(
        'GET /3/discover/movie',
        {
          query: {
            sort_by: 'popularity.desc',
            with_watch_providers: mine.providers.map((p) => p.id).join('|'),
            watch_region: mine.region,
          },
        },
        { mediaType: 'movie' },
      );
      return data.results.map((r) => ({ kind: 'movie' as const, id: r.id }));
    },
    cacheStamp: () => here.cache.stamp(),
    emit: (computedAt) => {
      deps.events.emit('picks.changed', { computedAt });
    },
    log: deps.log,
  });
  // A "not interested" is left out of the kept ranking at once; anything else changes the ranking.
  changes.onCommitted((change) => {
    const data = change.data as { key?: unknown; value?: unknown } | null;
    const dismissal =
      change.kind === 'preference.set' &&
      typeof data?.key === 'string' &&
      data.key.startsWith('picks.hidden:') &&
      data.value === true;
    if (!dismissal) service.invalidate();
  });
  for (const event of ['library.changed', 'stats.changed', 'tracking.changed'] as const)
    deps.events.on(event, () => {
      service.invalidate();
    });
  return service;
}
