import { resolve } from 'node:path';
import type {
  App,
  BrowserWindow,
  IpcMain,
  Menu,
  NativeTheme,
  Notification,
  Protocol,
  SafeStorage,
  Shell,
} from 'electron';
import { CodedError } from '../../src-shared/ipc/errors';
import type { CoreOptions, RunningCore } from '../core/core';
import type { CredentialStore } from '../credentials';
import type { Logger } from '../base/log';
import { contentSecurityPolicy } from '../base/csp';
import type { DemoCatalogueModule } from './demo';
import { resolveTmdbSetup } from './demo';
import { createOpenExternal } from './external';
import { forwardEvents, registerIpc } from './ipc';
import {
  acquireSingleInstance,
  focusWindow,
  installCleanQuit,
  quitWhenWindowsClosed,
} from './lifecycle';
import { installMenu } from './menu';
import { installNotifications } from './notifications';
import { builtPaths } from './paths';
import { handleAppProtocol, registerAppScheme } from './protocol';
import { hardenApp } from './security';
import { createMainWindow } from './window';

/** The Electron objects the shell uses, passed in so the wiring can be tested with fakes. */
export interface ElectronApi {
  app: App;
  BrowserWindow: typeof BrowserWindow;
  ipcMain: IpcMain;
  Menu: typeof Menu;
  nativeTheme: NativeTheme;
  protocol: Protocol;
  safeStorage: SafeStorage;
  shell: Shell;
  /** Absent in tests that do not exercise notifications. */
  Notification?: typeof Notification;
}

export interface ShellOptions {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  /** The folder of the built main bundle (out/main). */
  mainDir: string;
  createCore: (options: CoreOptions) => RunningCore;
  loadCatalogue: () => Promise<DemoCatalogueModule>;
  /** Picks the keychain, the safeStorage-encrypted file, or memory only (never plaintext). */
  selectCredentials: (options: {
    safeStorage: SafeStorage;
    dataDir: string;
    log: Logger;
  }) => Promise<CredentialStore>;
  log: Logger;
}

export interface RunningShell {
  /** Resolves once the window exists, or with undefined when this instance quit at once. */
  ready: Promise<{ core: RunningCore; window: BrowserWindow } | undefined>;
}

/**
 * Marquee's Electron start-up, in order: privileged scheme (before ready), single-instance lock,
 * hardening of every web contents, then after ready the TMDB setup, the core, the app:// handler,
 * IPC, the menu and the window. A start-up failure is logged and ends the app with code 1.
 */
export function runMarquee(electron: ElectronApi, options: ShellOptions): RunningShell {
  const { app } = electron;
  const { log } = options;
  let window: BrowserWindow | undefined;

  registerAppScheme(electron.protocol);
  // A separate data folder (tests, a second profile) must be set before ready and before the lock,
  // which Electron keys by the userData folder.
  const dataDir = options.env.MARQUEE_DATA_DIR?.trim();
  if (dataDir) app.setPath('userData', resolve(dataDir));
  if (
    !acquireSingleInstance(app, () => {
      focusWindow(window);
    })
  ) {
    return { ready: Promise.resolve(undefined) };
  }
  // The demo catalogue's origin joins the allowed pages once it runs (its sign-in approval page).
  const extraOrigins = new Set<string>();
  const openExternal = createOpenExternal(electron.shell, log, extraOrigins);
  hardenApp(app, { openExternal, log });
  quitWhenWindowsClosed(app, options.platform);

  const start = async (): Promise<{ core: RunningCore; window: BrowserWindow }> => {
    await app.whenReady();
    const setup = await resolveTmdbSetup(options.env, options.loadCatalogue);
    if (setup.tmdb.demo) extraOrigins.add(new URL(setup.tmdb.apiBase).origin);
    let core: RunningCore;
    try {
      const dataDir = app.getPath('userData');
      // safeStorage answers only after ready, so the store is chosen here.
      const credentials = await options.selectCredentials({
        safeStorage: electron.safeStorage,
        dataDir,
        log,
      });
      core = options.createCore({
        dataDir,
        app: { name: app.getName(), version: app.getVersion(), platform: options.platform },
        tmdb: setup.tmdb,
        log,
        credentials,
        openExternal: async (url) => {
          if (!(await openExternal(url))) {
            throw new CodedError(
              'forbidden',
              'Marquee could not open TMDB’s approval page in your browser.',
            );
          }
        },
      });
    } catch (error) {
      await setup.stop();
      throw error;
    }
    installCleanQuit(
      app,
      async () => {
        try {
          await core.close();
        } finally {
          await setup.stop();
        }
      },
      log,
    );
    log.info('shell.started', { demo: setup.tmdb.demo, apiBase: setup.tmdb.apiBase });

    const paths = builtPaths(options.mainDir);
    handleAppProtocol(electron.protocol, {
      root: paths.renderer,
      csp: contentSecurityPolicy(),
      log,
      // Posters, backdrops and profiles come from the image cache, fetched by main.
      routes: {
        img: async (_request, rest) => {
          const reply = await core.serveImage(`img/${rest}`);
          return new Response(Buffer.from(reply.body), {
            status: reply.status,
            headers: reply.headers,
          });
        },
      },
    });
    registerIpc(electron.ipcMain, core.dispatch);
    installMenu(electron.Menu, {
      appName: app.getName(),
      isMac: options.platform === 'darwin',
      isDev: !app.isPackaged,
    });

    const open = (): BrowserWindow => {
      const created = createMainWindow({
        BrowserWindow: electron.BrowserWindow,
        nativeTheme: electron.nativeTheme,
        preloadPath: paths.preload,
        log,
      });
      forwardEvents(core.events, created.webContents);
      created.on('closed', () => {
        if (window === created) window = undefined;
      });
      window = created;
      return created;
    };
    const NotificationClass = electron.Notification;
    if (NotificationClass) {
      installNotifications({
        events: core.events,
        factory: {
          isSupported: () => NotificationClass.isSupported(),
          create: (options) => new NotificationClass(options),
        },
        enabled: async () => (await core.handlers['settings.get'](undefined)).osNotifications,
        window: () => window,
        log,
      });
    }
    // macOS: clicking the dock icon with no window open brings one back.
    app.on('activate', () => {
      if (!window) open();
    });
    return { core, window: open() };
  };

  const ready = start().catch((error: unknown) => {
    log.error('shell.start_failed', { error });
    app.exit(1);
    return undefined;
  });
  return { ready };
}
