import type { Country, DepartmentJobs } from '../../src-shared/tmdb/schemas/reference';
import type { Provenance } from '../../src-shared/ipc/contract';
import { createDispatch, type Dispatch, type Handlers } from '../ipc/guard';
import { createTmdbClient } from '../tmdb/client';
import type { TmdbClient, TmdbCredentials } from '../tmdb/types';
import type { TmdbConfig } from './config';
import { EventBus } from './events';
import { silentLogger, type Logger } from './log';
import { NetworkStatus } from './network';

export interface CoreOptions {
  dataDir: string;
  app: { name: string; version: string; platform: string };
  tmdb: TmdbConfig & { fetch?: typeof fetch; demo: boolean };
  clock?: () => number;
  log?: Logger;
}

export interface Core {
  handlers: Handlers;
  dispatch: Dispatch;
  events: EventBus;
  network: NetworkStatus;
  tmdb: TmdbClient;
  close(): Promise<void>;
}

/**
 * The composition root of everything that runs in plain Node: the TMDB client, the network state
 * and the IPC handlers. The Electron shell and the browser harness each wrap the same core.
 */
export function createCore(options: CoreOptions): Core {
  const clock = options.clock ?? Date.now;
  const log = options.log ?? silentLogger;
  const events = new EventBus();
  const network = new NetworkStatus(events, clock);
  const credentials = (): TmdbCredentials => ({
    accessToken: options.tmdb.accessToken,
    apiKey: options.tmdb.apiKey,
  });
  const tmdb = createTmdbClient({
    apiBase: options.tmdb.apiBase,
    credentials,
    ...(options.tmdb.fetch ? { fetch: options.tmdb.fetch } : {}),
    onNetwork: (online, reason) => network.report(online, reason),
    clock,
  });

  // First cut of caching for reference data: kept in memory for a day. The SQLite cache replaces it.
  const REFERENCE_TTL = 24 * 60 * 60 * 1000;
  const memo = new Map<string, { value: unknown; fetchedAt: number }>();
  async function cached<T>(key: string, load: () => Promise<T>): Promise<{ items: T; meta: Provenance }> {
    const hit = memo.get(key);
    if (hit && clock() - hit.fetchedAt < REFERENCE_TTL) {
      return { items: hit.value as T, meta: { source: 'cache', fetchedAt: hit.fetchedAt, stale: false } };
    }
    try {
      const value = await load();
      const fetchedAt = clock();
      memo.set(key, { value, fetchedAt });
      return { items: value, meta: { source: 'network', fetchedAt, stale: false } };
    } catch (error) {
      if (hit) return { items: hit.value as T, meta: { source: 'cache', fetchedAt: hit.fetchedAt, stale: true } };
      throw error;
    }
  }

  const handlers: Handlers = {
    'app.info': () => ({
      name: options.app.name,
      version: options.app.version,
      platform: options.app.platform,
      dataDir: options.dataDir,
      apiBase: options.tmdb.apiBase,
      imageBase: options.tmdb.imageBase,
      demo: options.tmdb.demo,
    }),
    'reference.countries': () =>
      cached<Country[]>('countries', () => tmdb.request('GET /3/configuration/countries', {})),
    'reference.jobs': () =>
      cached<DepartmentJobs[]>('jobs', () => tmdb.request('GET /3/configuration/jobs', {})),
  };

  return {
    handlers,
    dispatch: createDispatch(handlers, log),
    events,
    network,
    tmdb,
    close: () => Promise.resolve(),
  };
}
