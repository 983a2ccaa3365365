import path from 'node:path';
import { APPEND } from '../../src-shared/ipc/pass-through';
import type { EventBus } from '../base/events';
import type { Logger } from '../base/log';
import type { NetworkStatus } from '../base/network-status';
import type { Timers } from '../base/timers';
import type { AuthService } from '../auth/auth-service';
import type { CaptureService } from '../capture/capture-service';
import type { CredentialStore } from '../credentials';
import { createChangePath, type ChangePath } from '../changes/change-path';
import { machineFingerprint } from '../changes/machine';
import { createChangeStore } from '../changes/store/changes';
import { createCacheMaintenance, type CacheMaintenance } from '../cache/cache-maintenance';
import { createCacheThrough } from '../cache/cache-through';
import type { IngestContext } from '../cache/extract';
import { createImageService, type ImageService } from '../cache/image-service';
import { createImageStore } from '../cache/store/images';
import { createIngest, type Ingest } from '../cache/store/ingest';
import { buildAvailability, type AvailabilityService } from './availability-wiring';
import { startIndexUpkeep } from '../cache/index-upkeep';
import { createSearchIndexStore } from '../cache/store/search-upkeep';
import {
  createLocalAnswer,
  createMultiSearch,
  type MultiSearch,
  type SearchDeps,
} from '../cache/multi-search';
import { createSearchAhead, type SearchAhead } from '../cache/search-ahead';
import { createIndexLetters } from '../cache/store/search-letters';
import { createReads, type Read } from '../cache/reads';
import { createResponseCache } from '../cache/store/responses';
import { createLocalSearch } from '../cache/store/search';
import { createLocalTitles } from '../cache/store/titles';
import { createUsageStore } from '../cache/store/usage';
import type { Databases } from '../db/databases';
import { createCollectionReader } from '../library/store/collections';
import { createLibrary } from '../library/store/library';
import { pullAccount, pullGuest } from '../library/sync/pull';
import { createSyncScheduler, type SyncScheduler } from '../library/sync/scheduler';
import { createSendOp } from '../library/sync/send-op';
import { createUserLibrary, type UserLibrary } from '../library/user-library';
import { createViewStore } from '../library/store/views';
import type { ImportService, ImportWiring } from '../import/service-types';
import type { DeviceSync } from '../sync/service';
import { buildDevices, type DevicesWiring } from './devices-wiring';
import { buildImports } from './import-wiring';
import type { SettingsStore } from '../settings/settings-store';
import { cachedFactsSource } from '../stats/facts-source';
import { createStatsStore } from '../stats/store';
import { createStatsService, type StatsService } from '../stats/stats-service';
import type { TmdbClient } from '../tmdb/types';
import { systemTimeZone } from '../tracking/dates';
import { createTrackingStore } from '../tracking/store';
import { createTrackingService, type TrackingService } from '../tracking/tracking-service';
import { buildCapture, type CaptureWiring } from './capture-wiring';
import { buildServices } from './services-wiring';
import type { HeavyWork } from '../worker/heavy';

export const MB = 1024 * 1024;

export interface GraphDeps {
  dbs: Databases;
  dataDir: string;
  settings: SettingsStore;
  tmdb: TmdbClient;
  auth: AuthService;
  network: NetworkStatus;
  events: EventBus;
  timers: Timers;
  clock: () => number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  log: Logger;
  fetch: typeof fetch;
  imageBase: string;
  /** Overrides the `imageCacheMb` setting (tests). */
  imageCacheBytes: number | undefined;
  /** The user's IANA time zone (the system's unless a test says otherwise). */
  timeZone?: () => string;
  /** Pause between two fetches of watched titles' facts (none against the local demo catalogue). */
  statsFillIntervalMs?: number;
  /** Marquee's version, written into backups. */
  appVersion?: string;
  /** The shell's open dialog and the demo catalogue's sample exports, when there are any. */
  imports?: ImportWiring;
  /** Media servers' clients and the webhook listener; the keychain their tokens go to. */
  capture?: CaptureWiring;
  credentials?: CredentialStore;
  /** Sync across computers: the folder dialog, and what tests set. */
  devices?: DevicesWiring;
  /** Marquee runs on the demo catalogue (the simulated media server plays its titles). */
  demo?: boolean;
  /** The worker's heavy work, wired after the graph (imports restore a backup's history there). */
  heavy?: () => HeavyWork | null;
  locale?: string;
  /** Background writers wait for the worker's write here (`WriteTurns.turn`). */
  turn?: () => Promise<void>;
}

/** Everything the handlers reach once the databases are open. */
export interface Graph {
  auth: AuthService;
  settings: SettingsStore;
  read: Read;
  search: MultiSearch;
  /** The local answers to every letter that can be typed next in the search box. */
  searchAhead: SearchAhead;
  images: ImageService;
  cacheMaintenance: CacheMaintenance;
  library: UserLibrary;
  /**
   * Null when the library could not be opened: the TMDB outbox, the watch history, stats, import
   * and backup, media-server capture, sync across computers, my streaming services.
   */
  sync: SyncScheduler | null;
  tracking: TrackingService | null;
  stats: StatsService | null;
  imports: ImportService | null;
  capture: CaptureService | null;
  devices: DeviceSync | null;
  services: ReturnType<typeof buildServices> | null;
  availability: AvailabilityService;
  libraryProblem: string | null;
  /** The library's one write path; null without a library. */
  changes: ChangePath | null;
  pendingChanges(): number;
  clearAccountData(): void;
  /** Resolves when background revalidations and sync runs are done. */
  idle(): Promise<void>;
  close(): void;
}

/** Builds the domains over the open databases, and the cache's upkeep. */
export function buildGraph(deps: GraphDeps): Graph {
  const { dbs, settings, tmdb, auth, network, events, clock, log } = deps;
  const online = (): boolean => network.online;
  const onOnline = (listener: () => void): (() => void) =>
    events.on('network.status', (status) => {
      if (status.online) listener();
    });
  const responses = createResponseCache(dbs.cache, clock);
  const through = createCacheThrough({
    cache: responses,
    clock,
    onRevalidateError: (key, error) => {
      log.debug('cache.revalidate_failed', { key, error });
    },
  });
  const indexUpkeep = startIndexUpkeep({
    store: createSearchIndexStore(dbs.cache),
    timers: deps.timers,
    onError: (error) => {
      log.debug('cache.index_upkeep_failed', { error });
    },
  });
  const ingestNow = createIngest(dbs.cache, clock);
  // Every write postpones the index's idle merging (src-main/cache/index-upkeep.ts).
  const ingest: Ingest = (body, context) => {
    indexUpkeep.noteWrite();
    return ingestNow(body, context);
  };
  const safeIngest = (body: unknown, context?: IngestContext): void => {
    try {
      ingest(body, context);
    } catch (error) {
      log.warn('cache.ingest_failed', { error });
    }
  };
  const titles = createLocalTitles(dbs.cache);
  const read = createReads({
    tmdb,
    through,
    online,
    settings,
    accountId: () => auth.accountId(),
    ingest,
    log,
    clock,
  });

  const imageCap = (): number => deps.imageCacheBytes ?? settings.get().imageCacheMb * MB;
  const imageDir = path.join(deps.dataDir, 'images');
  const imageStore = createImageStore({
    db: dbs.cache,
    dir: imageDir,
    clock,
    capBytes: imageCap(),
    online,
  });
  settings.onChange((next, previous) => {
    if (next.imageCacheMb !== previous.imageCacheMb) imageStore.setCap(imageCap());
  });
  const images = createImageService({
    store: imageStore,
    imageBase: deps.imageBase,
    fetch: deps.fetch,
    onImageHost: (isOnline, reason) => {
      network.reportImages(isOnline, reason);
    },
  });

  const library = dbs.library ? createLibrary(dbs.library, { clock }) : null;
  const sync = library
    ? createSyncScheduler({
        library,
        send: createSendOp(tmdb, () => auth.accountId()),
        pull: async () => {
          const accountId = auth.accountId();
          const guest = auth.credentials().guestSessionId;
          const snapshot =
            auth.state() === 'user' && accountId !== null
              ? await pullAccount(tmdb, accountId, { clock, ingest: safeIngest })
              : auth.state() === 'guest' && guest !== undefined
                ? await pullGuest(tmdb, guest, { ingest: safeIngest })
                : null;
          if (snapshot === null) return [];
          library.replaceMirror(snapshot);
          if (snapshot.failures?.length)
            log.warn('sync.pull_partial', { failed: snapshot.failures.map((f) => f.part) });
          return [...(snapshot.failures ?? [])];
        },
        authState: () => auth.state(),
        online,
        events,
        titles,
        timers: deps.timers,
        clock,
        sleep: deps.sleep,
        random: deps.random,
        log,
      })
    : null;

  // The one write path of Marquee's own data in this library, shared by every service that
  // writes it, so its clock and its announcements stay in one order.
  const changes = dbs.library
    ? createChangePath({
        store: createChangeStore(dbs.library),
        clock,
        fingerprint: machineFingerprint,
        ...(deps.turn ? { turn: deps.turn } : {}),
      })
    : null;
  const tracking =
    dbs.library && changes
      ? createTrackingService({
          store: createTrackingStore(dbs.library),
          changes,
          tmdb,
          clock,
          timeZone: deps.timeZone ?? systemTimeZone,
          region: () => settings.get().region,
          timers: deps.timers,
          online,
          onOnline,
          log,
          emit: {
            inbox: (items, unread) => {
              events.emit('tracking.inbox', { items, unread });
            },
            refresh: (progress) => {
              events.emit('tracking.refresh', progress);
            },
            changed: (seriesIds, movieIds, changeIds) => {
              events.emit('tracking.changed', { seriesIds, movieIds, changes: changeIds });
            },
          },
        })
      : null;

  const timeZone = deps.timeZone ?? systemTimeZone;
  const stats = dbs.library
    ? createStatsService({
        store: createStatsStore(dbs.library),
        source: cachedFactsSource(read, APPEND),
        clock,
        timeZone,
        online,
        onOnline,
        // Marked, undone or restored plays, and an import that stopped (written chunks stay).
        onPlaysChanged: (listener) => {
          const offTracking = events.on('tracking.changed', listener);
          const offImport = events.on('import.changed', ({ state }) => {
            if (state !== 'analysing' && state !== 'ready' && state !== 'applying') listener();
          });
          return () => {
            offTracking();
            offImport();
          };
        },
        timers: deps.timers,
        sleep: deps.sleep,
        log,
        ...(deps.appVersion === undefined ? {} : { appVersion: deps.appVersion }),
        emit: (coverage) => {
          events.emit('stats.changed', coverage);
        },
        ...(deps.statsFillIntervalMs === undefined ? {} : { intervalMs: deps.statsFillIntervalMs }),
        ...(deps.turn ? { turn: deps.turn } : {}),
      })
    : null;

  const userLibrary = createUserLibrary({
    store:
      dbs.library && library
        ? {
            library,
            views: createViewStore(dbs.library),
            collection: createCollectionReader(dbs.library),
          }
        : null,
    problem: dbs.status.libraryProblem,
    problemCode: dbs.status.libraryFailure,
    titles,
    events,
    authState: () => auth.state(),
    onQueued: () => sync?.kick(),
  });
  const imports =
    dbs.library && tracking && changes
      ? buildImports(deps, {
          db: dbs.library,
          changes,
          read,
          titles,
          tracking,
          library: userLibrary,
          timeZone,
          online,
        })
      : null;
  const devices =
    dbs.library && tracking && changes ? buildDevices(deps, { db: dbs.library, changes }) : null;
  const capture =
    dbs.library && changes && tracking
      ? buildCapture(deps, { db: dbs.library, changes, tracking, read, timeZone, online })
      : null;
  const services = buildServices(deps, { changes, tracking, responses, safeIngest });

  const searchDeps: SearchDeps = {
    read,
    localSearch: createLocalSearch(dbs.cache),
    titles,
    online,
    clock,
  };
  return {
    auth,
    settings,
    read,
    search: createMultiSearch(searchDeps),
    searchAhead: createSearchAhead({
      letters: createIndexLetters(dbs.cache, log),
      answer: createLocalAnswer(searchDeps),
    }),
    images,
    cacheMaintenance: createCacheMaintenance({
      store: createUsageStore(dbs.cache),
      imageDir,
      imageLimitBytes: imageCap,
    }),
    library: userLibrary,
    sync,
    tracking,
    stats,
    imports,
    capture,
    devices,
    services,
    availability: buildAvailability(dbs, settings),
    libraryProblem: dbs.status.libraryProblem,
    changes,
    pendingChanges: () => library?.count(['pending', 'in_flight']) ?? 0,
    clearAccountData: () => {
      responses.clearAccountScopes();
      library?.clearAll();
      events.emit('library.changed', { collections: ['watchlist', 'favorites', 'rated', 'lists'] });
    },
    idle: async () => {
      await through.idle();
      await sync?.idle();
      await tracking?.idle();
      await stats?.idle();
      await imports?.idle();
      await capture?.idle();
      await devices?.idle();
      await services?.idle();
    },
    close: () => {
      indexUpkeep.stop();
      sync?.close();
      tracking?.close();
      stats?.close();
      imports?.close();
      void capture?.close();
      void devices?.close();
      services?.close();
    },
  };
}
