import { join, resolve } from 'node:path';
import type {
  App,
  BrowserWindow,
  IpcMain,
  Menu,
  nativeImage,
  NativeTheme,
  Notification,
  Protocol,
  SafeStorage,
  Shell,
} from 'electron';
import { CodedError } from '../../src-shared/ipc/errors';
import { captureWiring } from '../capture/wiring';
import type { CoreOptions, RunningCore } from '../core/core';
import type { CredentialStore } from '../credentials';
import type { Logger } from '../base/log';
import { contentSecurityPolicy } from '../base/csp';
import type { Dispatch } from '../ipc/guard';
import { installBadge, platformBadge } from './badge';
import type { DemoCatalogueModule } from './demo';
import { resolveTmdbSetup } from './demo';
import { createOpenExternal } from './external';
import { createPickImportSource, createPickSyncFolder, type OpenDialog } from './import-dialog';
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
import { installUpdates, type UpdaterLike, type Updates, type UpdateSettings } from './updater';
import { createMainWindow } from './window';
import {
  loadWindowState,
  restoreWindowState,
  trackWindowState,
  WINDOW_STATE_FILE,
  type DisplaySource,
  type WindowStateTracker,
} from './window-state';

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
  /** Electron's `screen` (read after ready): the window comes back where it was. */
  screen?: DisplaySource;
  /** Electron's `nativeImage`: the Windows taskbar overlay is drawn with it. */
  nativeImage?: Pick<typeof nativeImage, 'createFromBitmap'>;
  /** Electron's `dialog`: the open dialog of imports. Absent in tests that do not import. */
  dialog?: OpenDialog;
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
  /** electron-updater's `autoUpdater`, imported only when update checks start. */
  loadUpdater?: () => Promise<UpdaterLike>;
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
  let windowState: WindowStateTracker | undefined;

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
    // Made once the core runs (it reads the settings); the core's update channels ask it then.
    const late: { updates?: Updates } = {};
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
        // The region suggested for my streaming services before the first choice.
        ...(typeof app.getLocale === 'function' ? { locale: app.getLocale() } : {}),
        updates: {
          status: () => late.updates?.status() ?? { state: 'unavailable' },
          install: () => late.updates?.install() ?? false,
        },
        log,
        credentials,
        // Play capture: the media servers' clients and the webhook listener.
        capture: captureWiring(),
        // Sync across computers: the folder dialog over the window.
        ...(electron.dialog
          ? { devices: { pickFolder: createPickSyncFolder(electron.dialog, () => window) } }
          : {}),
        // Stats, exports and backups run in a worker thread, off the window's process.
        worker: { entry: builtPaths(options.mainDir).worker },
        // Imports: the open dialog over the window, and demo mode's sample exports.
        imports: {
          ...(electron.dialog
            ? { pick: createPickImportSource(electron.dialog, () => window) }
            : {}),
          ...(setup.importSamples ? { samples: setup.importSamples } : {}),
        },
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
    if (setup.demoHistory.length > 0) {
      // Demo mode's first start: the demo account's history, so Stats and Up Next are full.
      core.seedHistory(setup.demoHistory).then(
        ({ seeded }) => {
          if (seeded > 0) log.info('shell.demo_history', { plays: seeded });
        },
        (error: unknown) => {
          log.warn('shell.demo_history_failed', { error });
        },
      );
    }
    const updates = (late.updates = installUpdates({
      packaged: app.isPackaged,
      platform: options.platform,
      settings: () => Promise.resolve(core.handlers['settings.get'](undefined)),
      announce: (status) => {
        core.events.emit('app.update', status);
      },
      load:
        options.loadUpdater ?? (() => Promise.reject(new Error('no update module in this build'))),
      log,
    }));
    installCleanQuit(
      app,
      async () => {
        updates.stop();
        await windowState?.flush();
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
    // The dock/taskbar badge follows the inbox's unread count: new items arrive as events, and a
    // read mark is seen in its reply (the inbox has no event for it).
    const badge = installBadge({
      events: core.events,
      unread: async () => (await core.handlers['tracking.status'](undefined)).unread,
      show: platformBadge({
        platform: options.platform,
        setBadgeCount: (count) => app.setBadgeCount(count),
        ...(electron.nativeImage
          ? { createImage: electron.nativeImage.createFromBitmap.bind(electron.nativeImage) }
          : {}),
        window: () => window,
        log,
      }),
      log,
    });
    badge.refresh();
    const dispatch: Dispatch = async (channel, input, sender) => {
      const result = await core.dispatch(channel, input, sender);
      if (result.ok && channel === 'tracking.markRead') badge.refresh();
      if (result.ok && channel === 'settings.set') {
        updates.settingsChanged(result.value as UpdateSettings);
      }
      return result;
    };
    registerIpc(electron.ipcMain, dispatch);
    installMenu(electron.Menu, {
      appName: app.getName(),
      isMac: options.platform === 'darwin',
      isDev: !app.isPackaged,
    });

    const stateFile = join(app.getPath('userData'), WINDOW_STATE_FILE);
    const open = (): BrowserWindow => {
      const created = createMainWindow({
        BrowserWindow: electron.BrowserWindow,
        nativeTheme: electron.nativeTheme,
        preloadPath: paths.preload,
        ...(electron.screen
          ? { state: restoreWindowState(loadWindowState(stateFile, log), electron.screen) }
          : {}),
        log,
      });
      windowState = trackWindowState(created, { file: stateFile, log });
      created.on('focus', () => {
        badge.refresh();
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
        markShown: (ids) => core.markOsNotified(ids),
        log,
      });
    }
    // macOS: clicking the dock icon with no window open brings one back.
    app.on('activate', () => {
      if (!window) {
        open();
        badge.refresh();
      }
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
