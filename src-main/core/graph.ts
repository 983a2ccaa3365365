import path from 'node:path';
import { CodedError } from '../../src-shared/ipc/errors';
import { createCacheThrough } from '../cache/cache-through';
import type { IngestContext } from '../cache/extract';
import { createImageStore } from '../cache/images';
import { createIngest } from '../cache/ingest';
import { createLocalSearch } from '../cache/search';
import { createResponseCache } from '../cache/store';
import type { Handlers } from '../ipc/guard';
import { createLibrary } from '../library/library';
import type { AuthService } from '../services/auth';
import { cacheHandlers, clearAccountData } from '../services/cache-handlers';
import { catalogueHandlers } from '../services/catalogue-handlers';
import { createImageService, type ImageService } from '../services/images';
import { libraryHandlers } from '../services/library';
import { createLocalTitles } from '../services/local-titles';
import { pullAccount, pullGuest } from '../services/pull';
import { createReads } from '../services/reads';
import { multiSearchHandler } from '../services/search-multi';
import { createSendOp } from '../services/send-op';
import type { SettingsStore } from '../services/settings';
import { createSyncService, type SyncChannels, type SyncService } from '../services/sync-service';
import type { TmdbClient } from '../tmdb/types';
import type { Databases } from './databases';
import type { EventBus } from './events';
import type { Logger } from './log';
import type { NetworkStatus } from './network';
import type { Timers } from './timers';

export const MB = 1024 * 1024;

export interface ServiceDeps {
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
}

/** Everything but the app and auth channels, once the databases are open. */
export type ServiceHandlers = Omit<
  Handlers,
  'app.info' | 'network.current' | 'settings.get' | 'settings.set' | keyof AuthService['handlers']
>;

export interface Services {
  handlers: ServiceHandlers;
  images: ImageService;
  sync: SyncService | null;
  pendingChanges(): number;
  clearAccountData(): void;
  /** Resolves when background revalidations and sync runs are done. */
  idle(): Promise<void>;
  close(): void;
}

/**
 * Builds the services over the open databases: cached reads, offline search, images, the
 * library and its sync, and the cache channels.
 */
export function buildServices(deps: ServiceDeps): Services {
  const { dbs, settings, tmdb, auth, network, events, clock, log } = deps;
  const online = (): boolean => network.online;
  const through = createCacheThrough({
    cache: createResponseCache(dbs.cache, clock),
    clock,
    onRevalidateError: (key, error) => {
      log.debug('cache.revalidate_failed', { key, error });
    },
  });
  const ingest = createIngest(dbs.cache, clock);
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
    onNetwork: (isOnline, reason) => {
      network.report(isOnline, reason);
    },
  });

  const library = dbs.library ? createLibrary(dbs.library, { clock }) : null;
  const sync = library
    ? createSyncService({
        library,
        send: createSendOp(tmdb, () => auth.accountId()),
        pull: async () => {
          const accountId = auth.accountId();
          const guest = auth.credentials().guestSessionId;
          if (auth.state() === 'user' && accountId !== null) {
            library.replaceMirror(
              await pullAccount(tmdb, accountId, { clock, ingest: safeIngest }),
            );
          } else if (auth.state() === 'guest' && guest !== undefined) {
            library.replaceMirror(await pullGuest(tmdb, guest, { ingest: safeIngest }));
          }
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

  const handlers: ServiceHandlers = {
    ...catalogueHandlers(read, settings),
    'search.multi': multiSearchHandler({
      read,
      localSearch: createLocalSearch(dbs.cache),
      titles,
      online,
      clock,
    }),
    ...libraryHandlers({
      store: dbs.library && library ? { db: dbs.library, library } : null,
      problem: dbs.status.libraryProblem,
      titles,
      events,
      authState: () => auth.state(),
      onQueued: () => sync?.kick(),
    }),
    ...(sync ? sync.handlers : unavailableSync(dbs.status.libraryProblem)),
    ...cacheHandlers({ db: dbs.cache, imageDir, imageLimitBytes: imageCap }),
  };

  return {
    handlers,
    images,
    sync,
    pendingChanges: () => library?.entries(['pending', 'in_flight']).length ?? 0,
    clearAccountData: () => {
      clearAccountData({ cache: dbs.cache, library: dbs.library });
      events.emit('library.changed', { collections: ['watchlist', 'favorites', 'rated', 'lists'] });
    },
    idle: async () => {
      await through.idle();
      await sync?.idle();
    },
    close: () => sync?.close(),
  };
}

function unavailableSync(problem: string | null): Pick<Handlers, SyncChannels> {
  const refuse = (): never => {
    throw new CodedError(
      'internal',
      `Sync is off because your library could not be opened. (${problem ?? 'unknown problem'})`,
    );
  };
  return { 'sync.now': refuse, 'sync.outbox': refuse, 'sync.retryFailed': refuse };
}
