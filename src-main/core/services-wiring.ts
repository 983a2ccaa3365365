import { endpoints } from '../../src-shared/tmdb/endpoints';
import type { TitleWatchProviders } from '../../src-shared/tmdb/schemas/watchProviders';
import { errorCode } from '../base/errors';
import type { EventBus } from '../base/events';
import type { Logger } from '../base/log';
import type { NetworkStatus } from '../base/network-status';
import type { ChangePath } from '../changes/change-path';
import { createPreferences } from '../changes/preferences';
import { createPreferenceStore } from '../changes/store/preferences';
import type { IngestContext } from '../cache/extract';
import { requestDefaults } from '../cache/reads';
import type { ResponseCache } from '../cache/store/responses';
import type { Databases } from '../db/databases';
import { regionFromLocale } from '../services/region';
import type { ProviderSource } from '../services/refresh';
import { createServices, type ServicesService } from '../services/services';
import { createArrivalStore } from '../services/store/arrivals';
import type { SettingsStore } from '../settings/settings-store';
import { canonicalRequestKey } from '../tmdb/canonical-key';
import type { TmdbClient } from '../tmdb/types';
import { localDate, systemTimeZone } from '../tracking/dates';
import { createInboxStore } from '../tracking/store/inbox';
import type { TrackingService } from '../tracking/tracking-service';

export interface ServicesGraphDeps {
  dbs: Databases;
  network: NetworkStatus;
  tmdb: TmdbClient;
  settings: SettingsStore;
  events: EventBus;
  clock: () => number;
  log: Logger;
  /** The operating system's locale (the shell passes Electron's `app.getLocale()`). */
  locale?: string | undefined;
  /** The user's IANA time zone (the system's unless a test says otherwise). */
  timeZone?: (() => string) | undefined;
}

const MOVIE = 'GET /3/movie/{movie_id}/watch/providers';
const TV = 'GET /3/tv/{series_id}/watch/providers';

/**
 * One title's watch providers, asked of TMDB every time (the refresh decides when), kept in the
 * response cache under the key a cached read uses, and fed to the normalized tables, so the detail
 * page, the availability index and offline reads all see the newest answer.
 */
export function providerSource(
  tmdb: TmdbClient,
  put: ResponseCache['put'],
  settings: SettingsStore,
  ingest: (body: unknown, context?: IngestContext) => void,
): ProviderSource {
  return async (mediaType, mediaId, signal) => {
    const key = mediaType === 'movie' ? MOVIE : TV;
    let body: TitleWatchProviders;
    try {
      body =
        mediaType === 'movie'
          ? await tmdb.request(MOVIE, { params: { movie_id: mediaId } }, { signal })
          : await tmdb.request(TV, { params: { series_id: mediaId } }, { signal });
    } catch (error) {
      if (errorCode(error) === 'not_found') return 'gone';
      throw error;
    }
    const args =
      mediaType === 'movie'
        ? { params: { movie_id: mediaId } }
        : { params: { series_id: mediaId } };
    put({
      key: canonicalRequestKey(endpoints[key], args, { defaults: requestDefaults(settings) }),
      family: 'reference',
      body,
    });
    ingest(body, { mediaType });
    return body;
  };
}

/** My services and arrivals over the library; refreshed after each run of the tracking scheduler. */
export function buildServices(
  deps: ServicesGraphDeps,
  parts: {
    changes: ChangePath | null;
    tracking: TrackingService | null;
    responses: ResponseCache;
    safeIngest: (body: unknown, context?: IngestContext) => void;
  },
): ServicesService | null {
  const db = deps.dbs.library;
  const { changes, tracking } = parts;
  if (!db || !changes || !tracking) return null;
  const inbox = createInboxStore(db);
  const suggested = regionFromLocale(
    deps.locale,
    Intl.DateTimeFormat().resolvedOptions().locale,
    process.env.LANG,
  );
  const services = createServices({
    preferences: createPreferences({
      store: createPreferenceStore(db),
      changes,
      clock: deps.clock,
    }),
    changes,
    store: createArrivalStore(db),
    source: providerSource(
      deps.tmdb,
      (args) => {
        parts.responses.put(args);
      },
      deps.settings,
      parts.safeIngest,
    ),
    clock: deps.clock,
    today: () => localDate(deps.clock(), (deps.timeZone ?? systemTimeZone)()),
    addInbox: (items, now) => inbox.add(items, now),
    onArrivals: (items) => {
      deps.events.emit('tracking.inbox', { items, unread: inbox.unread() });
    },
    suggestedRegion: () => suggested,
    online: () => deps.network.online,
    emit: (state) => {
      deps.events.emit('services.changed', state);
    },
    log: deps.log,
  });
  tracking.afterRefresh(() => services.refresh().then(() => undefined));
  return services;
}
