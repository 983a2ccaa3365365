import fs from 'node:fs';
import { channelNames } from '../../src-shared/ipc/channels';
import { CodedError } from '../../src-shared/ipc/errors';
import { memoryStore, type CredentialStore } from '../credentials';
import { createDispatch, type Dispatch, type Handlers } from '../ipc/guard';
import { createAuthService, type AuthDeps, type AuthService } from '../services/auth';
import type { ImageReply } from '../services/images';
import { createSettingsStore, type SettingsStore } from '../services/settings';
import { requestDefaults } from '../services/reads';
import { createTmdbClient } from '../tmdb/client';
import type { TmdbClient, TmdbClientOptions } from '../tmdb/types';
import type { TmdbConfig } from './config';
import { openDatabases, type Databases } from './databases';
import { EventBus } from './events';
import { silentLogger, type Logger } from './log';
import { NetworkStatus } from './network';
import { buildServices, type Services } from './services';
import { realTimers, type Timers } from './timers';

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
}

const TMDB_SITE = 'https://www.themoviedb.org';
/** How long `close()` waits for in-flight work before closing the databases anyway. */
const CLOSE_GRACE_MS = 2_000;

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
  let services: Services | undefined;
  let dbs: Databases | undefined;

  // The client reads credentials through the auth service, so sign-in and sign-out apply at once.
  const holder: { auth?: AuthService } = {};
  const tmdb = createTmdbClient({
    apiBase: options.tmdb.apiBase,
    credentials: () => holder.auth?.credentials() ?? {},
    fetch: fetchFn,
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
  const auth = (options.createAuth ?? createAuthService)({
    tmdb,
    store:
      options.credentials ??
      memoryStore('No keychain was given to this Marquee instance; secrets last until it quits.'),
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
    pendingChanges: () => services?.pendingChanges() ?? 0,
    onSignedIn: () => void services?.sync?.refresh(),
    onSignedOut: async () => {
      await ready;
      services?.clearAccountData();
    },
  });
  holder.auth = auth;
  network.useProbe({ timers, probe: () => tmdb.request('GET /3/configuration/countries', {}) });

  const ready = (async () => {
    dbs = await openDatabases(options.dataDir, { clock, log });
    await auth.init();
    services = buildServices({
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
    });
    // Changes queued in an earlier run go out as soon as they can (in the background).
    services.sync?.kick();
  })();
  // A failed start is reported by every handler; it must not also be an unhandled rejection.
  ready.catch((error: unknown) => {
    log.error('core.start_failed', { error });
  });

  const started = async (): Promise<Services> => {
    await ready;
    if (!services) throw new CodedError('internal', 'Marquee did not finish starting.');
    return services;
  };

  const own: Pick<Handlers, 'app.info' | 'network.current' | 'settings.get' | 'settings.set'> = {
    'app.info': () => ({
      name: options.app.name,
      version: options.app.version,
      platform: options.app.platform,
      dataDir: options.dataDir,
      apiBase: options.tmdb.apiBase,
      imageBase: options.tmdb.imageBase,
      demo: options.tmdb.demo,
      imagePath: 'img',
    }),
    'network.current': () => network.snapshot(),
    'settings.get': () => settings.get(),
    'settings.set': (change) => settings.set(change),
  };

  const handlers = Object.fromEntries(
    channelNames.map((channel) => {
      const immediate = (own as Partial<Record<string, (input: unknown) => unknown>>)[channel];
      const fromAuth = (auth.handlers as Partial<Record<string, (input: unknown) => unknown>>)[
        channel
      ];
      const handler = async (input: unknown): Promise<unknown> => {
        if (immediate) return immediate(input);
        const built = await started();
        const fn =
          fromAuth ??
          (built.handlers as Partial<Record<string, (input: unknown) => unknown>>)[channel];
        if (!fn) throw new CodedError('internal', `No handler for ${channel}.`);
        return fn(input);
      };
      return [channel, handler];
    }),
    // One wrapper per channel of the contract; each keeps its channel's types at the call site of the guard.
  ) as unknown as Handlers;

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      network.close();
      await ready.catch(() => undefined);
      services?.close();
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS)));
      await Promise.race([
        Promise.all([services?.idle(), auth.close()]).catch(() => undefined),
        grace,
      ]);
      clearTimeout(timer);
      dbs?.close();
    })());

  return {
    handlers,
    dispatch: createDispatch(handlers, log),
    events,
    network,
    tmdb,
    ready,
    serveImage: async (urlPath) => (await started()).images.serveImage(urlPath),
    clearAccountData: async () => {
      (await started()).clearAccountData();
    },
    close,
  };
}
