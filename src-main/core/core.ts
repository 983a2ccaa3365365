import fs from 'node:fs';
import path from 'node:path';
import { CodedError } from '../../src-shared/ipc/errors';
import { createAuthService, type AuthDeps, type AuthService } from '../auth/auth-service';
import { EventBus } from '../base/events';
import { silentLogger, type Logger } from '../base/log';
import { NetworkStatus } from '../base/network-status';
import { realTimers, type Timers } from '../base/timers';
import type { ImageReply } from '../cache/image-service';
import { requestDefaults } from '../cache/reads';
import { memoryStore, type CredentialStore } from '../credentials';
import { CACHE_FILE, openDatabases, type Databases } from '../db/databases';
import { createDispatch, type Dispatch, type Handlers } from '../ipc/guard';
import { writeTurnBefore } from '../ipc/write-turns';
import { appHandlers, type AppUpdates } from '../ipc/handlers/app';
import { authHandlers } from '../ipc/handlers/auth';
import { availabilityHandlers } from '../ipc/handlers/availability';
import { browseHandlers } from '../ipc/handlers/browse';
import { captureHandlers } from '../ipc/handlers/capture';
import { devicesHandlers } from '../ipc/handlers/devices';
import { cacheHandlers } from '../ipc/handlers/cache';
import { importHandlers } from '../ipc/handlers/import';
import { libraryPart } from '../ipc/handlers/library-open';
import { passThroughHandlers } from '../ipc/handlers/pass-through';
import { picksHandlers } from '../ipc/handlers/picks';
import type { ImportWiring } from '../import/service-types';
import type { StagedSource } from '../../src-shared/ipc/contract';
import { libraryHandlers } from '../ipc/handlers/library';
import { servicesHandlers } from '../ipc/handlers/services';
import { settingsHandlers } from '../ipc/handlers/settings';
import { statsHandlers } from '../ipc/handlers/stats';
import { syncHandlers } from '../ipc/handlers/sync';
import { trackingHandlers } from '../ipc/handlers/tracking';
import { createSettingsStore, type SettingsStore } from '../settings/settings-store';
import { createTmdbClient } from '../tmdb/client';
import type { TmdbClient, TmdbClientOptions } from '../tmdb/types';
import type { CaptureWiring } from './capture-wiring';
import type { DevicesWiring } from './devices-wiring';
import type { TmdbConfig } from './config';
import { cacheChecks } from './cache-checks';
import { buildGraph, type Graph } from './graph';
import { buildPicks } from './picks-wiring';
import type { PicksService } from '../picks/service';
import { wireHeavyWork, type WorkerWiring } from './worker-wiring';
import type { HeavyWork } from '../worker/heavy';
import { createWriteTurns } from '../db/write-turn';
import { seedHistory } from './seed-history';
import { createStatsAhead, statsAheadDeps } from './stats-ahead';
import type { Play } from '../tracking/types';

export interface CoreOptions {
  dataDir: string;
  app: { name: string; version: string; platform: string };
  tmdb: TmdbConfig & { fetch?: typeof fetch; demo: boolean };
  clock?: () => number;
  log?: Logger;
  /** Where secrets are kept; by default in memory for this run only. */
  credentials?: CredentialStore;
  /** Opens TMDB's approval page in the system browser (the shell passes Electron's, checked). */
  openExternal?: (url: string) => Promise<void>;
  /** The offline probe, the periodic refresh and sync retries run on these. */
  timers?: Timers;
  /** The image cache cap in bytes, overriding the `imageCacheMb` setting. */
  imageCacheBytes?: number;
  /** Waits between retries (client and sync); tests pass a fast one. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Client tuning for tests and benchmarks. */
  client?: Pick<
    TmdbClientOptions,
    | 'timeoutMs'
    | 'maxRetries'
    | 'ratePerSecond'
    | 'maxConcurrency'
    | 'backoffBaseMs'
    | 'backoffCapMs'
  >;
  /** The auth service factory; tests may swap it. */
  createAuth?: (deps: AuthDeps) => AuthService;
  /** The shell's open dialog for imports, and the demo catalogue's sample exports (demo mode). */
  imports?: ImportWiring;
  /** The desktop shell's updater; without it the app reports that it does not update itself. */
  updates?: AppUpdates;
  /** Media servers' clients and the webhook listener (play capture). */
  capture?: CaptureWiring;
  /** Sync across computers: the system's folder dialog (desktop), and what tests set. */
  devices?: DevicesWiring;
  /** The worker's script for heavy work; without it the work runs here (tests without a worker). */
  worker?: WorkerWiring;
  /** The operating system's locale (Electron's `app.getLocale()`): my services' suggested region. */
  locale?: string;
}

export interface Core {
  handlers: Handlers;
  dispatch: Dispatch;
  events: EventBus;
  network: NetworkStatus;
  tmdb: TmdbClient;
  close(): Promise<void>;
}

/** What `createCore` returns: the core plus what the image scheme and tests need. */
export interface RunningCore extends Core {
  /** Resolves once the databases are open and the session is restored (handlers wait for it). */
  ready: Promise<void>;
  /** The image URL scheme (`img/{size}/{file}`), for the Electron protocol and the browser harness. */
  serveImage(urlPath: string): Promise<ImageReply>;
  /** Removes the signed-out account's cached responses and library rows. */
  clearAccountData(): Promise<void>;
  /** Not a channel: the browser harness's upload route stages a file's bytes through this. */
  imports: { stageBytes(name: string, bytes: Uint8Array): Promise<StagedSource> };
  /**
   * Records a generated history (demo mode) when the library has no plays at all; otherwise
   * nothing changes. Resolves with how many plays were added.
   */
  seedHistory(plays: readonly Play[]): Promise<{ seeded: number }>;
  /** Records that the shell showed these inbox items as system notifications. */
  markOsNotified(ids: readonly number[]): Promise<void>;
}

const TMDB_SITE = 'https://www.themoviedb.org';
/** How long `close()` waits for in-flight work before closing the databases anyway. */
const CLOSE_GRACE_MS = 2_000;
/**
 * How long closing waits for the Stats view's answers to be computed, when not stored. With the
 * grace above it stays inside the shell's 5 s quit timeout, so the databases are always closed.
 */
const STATS_FLUSH_MS = 2_000;

/** The graph with what is wired after it: the worker's heavy work and the picks over it. */
type Started = Graph & { heavy: HeavyWork | null; picks: PicksService | null };

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The composition root of everything that runs in plain Node. It returns at once: the
 * databases open (with their integrity checks and migrations) and the session is restored in
 * the background, and every handler waits for that. Nothing on this path touches the network.
 */
export function createCore(options: CoreOptions): RunningCore {
  const clock = options.clock ?? Date.now;
  const log = options.log ?? silentLogger;
  const timers = options.timers ?? realTimers;
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const fetchFn = options.tmdb.fetch ?? globalThis.fetch;
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });

  const events = new EventBus();
  const network = new NetworkStatus(events, clock);
  const settings: SettingsStore = createSettingsStore(options.dataDir, { clock, log });
  let graph: Started | undefined;
  let dbs: Databases | undefined;
  const turns = createWriteTurns();

  // The client reads credentials through the auth service, so sign-in and sign-out apply at once.
  const holder: { auth?: AuthService } = {};
  const tmdb = createTmdbClient({
    apiBase: options.tmdb.apiBase,
    credentials: () => holder.auth?.credentials() ?? {},
    // Without a `fetch` of the caller's, the client sends through its own transport (undici).
    ...(options.tmdb.fetch === undefined ? {} : { fetch: options.tmdb.fetch }),
    defaults: () => requestDefaults(settings),
    onNetwork: (online, reason) => {
      network.report(online, reason);
    },
    clock,
    sleep,
    random,
    log,
    ...options.client,
  });
  const credentials =
    options.credentials ??
    memoryStore('No keychain was given to this Marquee instance; secrets last until it quits.');
  const auth = (options.createAuth ?? createAuthService)({
    tmdb,
    store: credentials,
    clock,
    log,
    events,
    env: {
      ...(options.tmdb.accessToken === undefined ? {} : { accessToken: options.tmdb.accessToken }),
      ...(options.tmdb.apiKey === undefined ? {} : { apiKey: options.tmdb.apiKey }),
      demo: options.tmdb.demo,
    },
    approvalOrigin: options.tmdb.demo ? options.tmdb.apiBase : TMDB_SITE,
    openExternal:
      options.openExternal ??
      (() => Promise.reject(new CodedError('internal', 'Marquee cannot open a browser here.'))),
    pendingChanges: () => graph?.pendingChanges() ?? 0,
    onSignedIn: () => void graph?.sync?.refresh(),
    onSignedOut: async () => {
      await ready;
      graph?.clearAccountData();
    },
  });
  holder.auth = auth;
  network.useProbe({ timers, probe: () => tmdb.request('GET /3/configuration/countries', {}) });

  const cacheCheck = cacheChecks(timers, log);
  const ready = (async () => {
    // The caller (the shell making its window) goes on first: nothing here runs inside createCore.
    await new Promise((resolve) => setImmediate(resolve));
    dbs = await openDatabases(options.dataDir, { clock, log });
    // The cache's full check runs later, off this thread (see db/cache-check.ts).
    if (dbs.status.cache === 'ok') cacheCheck.start(path.join(options.dataDir, CACHE_FILE));
    await auth.init();
    const built = buildGraph({
      dbs,
      dataDir: options.dataDir,
      settings,
      tmdb,
      auth,
      network,
      events,
      timers,
      clock,
      sleep,
      random,
      log,
      fetch: fetchFn,
      imageBase: options.tmdb.imageBase,
      imageCacheBytes: options.imageCacheBytes,
      // The demo catalogue is local: its facts need no pause between fetches.
      ...(options.tmdb.demo ? { statsFillIntervalMs: 0 } : {}),
      appVersion: options.app.version,
      ...(options.imports === undefined ? {} : { imports: options.imports }),
      ...(options.capture === undefined ? {} : { capture: options.capture }),
      ...(options.devices === undefined ? {} : { devices: options.devices }),
      credentials,
      demo: options.tmdb.demo,
      heavy: () => graph?.heavy ?? null,
      turn: () => turns.turn(),
      ...(options.locale === undefined ? {} : { locale: options.locale }),
    });
    const heavy = wireHeavyWork(options.worker, {
      dbs,
      dataDir: options.dataDir,
      settings,
      clock,
      log,
      appVersion: options.app.version,
      stats: () => built.stats,
      turns,
    });
    const picks = buildPicks({
      dbs,
      ...built,
      events,
      clock,
      online: () => network.online,
      log,
      heavy,
    });
    graph = { ...built, heavy, picks };
    // The worker loads on its own thread while the window asks for its first, fast reads.
    heavy?.warm();
    // Changes queued in an earlier run go out as soon as they can (in the background).
    graph.sync?.kick();
    // Followed series and watchlist films are refreshed now (when online), then on a timer.
    graph.tracking?.start();
    // Facts of watched titles still missing are filled in the background (when online).
    graph.stats?.start();
    // An import interrupted by a crash resumes (or, after repeated crashes, is rolled back).
    graph.imports?.start();
    // Media servers' clients that follow plays themselves, and the webhook listener.
    void graph.capture?.start().catch((error: unknown) => {
      log.warn('capture.start_failed', { error });
    });
    // This computer's history shared through the sync folder, when one is set up.
    void graph.devices?.start().catch((error: unknown) => {
      log.warn('devices.start_failed', { error });
    });
  })();
  // A failed start is reported by every handler; it must not also be an unhandled rejection.
  ready.catch((error: unknown) => {
    log.error('core.start_failed', { error });
  });

  const started = async (): Promise<Started> => {
    await ready;
    if (!graph) throw new CodedError('internal', 'Marquee did not finish starting.');
    return graph;
  };

  // Each domain's part of the handler map; `satisfies` makes a missing channel a compile error.
  // App and settings answer at once; the others wait for start-up through `started`.
  const handlers = {
    ...appHandlers({
      app: {
        name: options.app.name,
        version: options.app.version,
        platform: options.app.platform,
        dataDir: options.dataDir,
        apiBase: options.tmdb.apiBase,
        imageBase: options.tmdb.imageBase,
        demo: options.tmdb.demo,
      },
      network,
      ...(options.updates ? { updates: options.updates } : {}),
      notices: async () => {
        // A failed start is answered by every other channel; it has no notice of its own.
        await ready.catch(() => undefined);
        const notice = dbs?.status.libraryNotice;
        return notice ? [notice] : [];
      },
    }),
    ...settingsHandlers(settings),
    ...authHandlers(started),
    ...browseHandlers(started),
    ...passThroughHandlers(started),
    ...libraryHandlers(started),
    ...syncHandlers(started),
    ...cacheHandlers(started),
    ...trackingHandlers(started),
    ...statsHandlers(started),
    ...availabilityHandlers(started),
    ...importHandlers(started),
    ...captureHandlers(started),
    ...picksHandlers(started),
    ...servicesHandlers(async () => {
      const { services, libraryProblem, read } = await started();
      return { services, libraryProblem, read };
    }),
    ...devicesHandlers(async () => {
      const { devices, libraryProblem } = await started();
      return { devices, libraryProblem, pickFolder: options.devices?.pickFolder ?? null };
    }),
  } satisfies Handlers;

  // The Stats view's first answers, kept stored (computed in the worker) for the next start.
  const statsAhead = createStatsAhead(
    statsAheadDeps({
      handlers,
      events,
      log,
      stats: () => (graph?.heavy ? graph.stats : null),
      free: () => graph?.heavy?.busy() === false,
    }),
  );
  void ready.then(
    () => {
      if (closing === undefined) statsAhead.start();
    },
    () => undefined,
  );

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      network.close();
      await ready.catch(() => undefined);
      await cacheCheck.stop().catch(() => undefined);
      graph?.close();
      // With the fill and the domains stopped, the Stats view's answers are stored for next time.
      await statsAhead.flush(STATS_FLUSH_MS);
      // Bounded: a running job is cancelled, and the worker stopped when it does not stop in time.
      await graph?.heavy?.close().catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS)));
      await Promise.race([
        Promise.all([graph?.idle(), auth.close()]).catch(() => undefined),
        grace,
      ]);
      clearTimeout(timer);
      dbs?.close();
    })());

  return {
    handlers,
    dispatch: createDispatch(handlers, log, {
      onDamage: cacheCheck.check,
      before: writeTurnBefore(turns),
    }),
    events,
    network,
    tmdb,
    ready,
    serveImage: async (urlPath) => (await started()).images.serveImage(urlPath),
    imports: {
      stageBytes: async (name, bytes) => {
        const { imports, libraryProblem } = await started();
        return libraryPart(imports, 'Import is off', libraryProblem).stageBytes(name, bytes);
      },
    },
    clearAccountData: async () => {
      (await started()).clearAccountData();
    },
    seedHistory: async (plays) => {
      const { tracking } = await started();
      return tracking ? seedHistory(tracking, plays) : { seeded: 0 };
    },
    markOsNotified: async (ids) => {
      (await started()).tracking?.tracking.markOsNotified(ids);
    },
    close,
  };
}
