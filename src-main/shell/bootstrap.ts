import { resolve } from 'node:path';
import type { App, BrowserWindow, IpcMain, Menu, NativeTheme, Protocol, Shell } from 'electron';
import type { Core, CoreOptions } from '../core/core';
import type { Logger } from '../core/log';
import { contentSecurityPolicy } from '../security/csp';
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
  shell: Shell;
}

export interface ShellOptions {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  /** The folder of the built main bundle (out/main). */
  mainDir: string;
  createCore: (options: CoreOptions) => Core;
  loadCatalogue: () => Promise<DemoCatalogueModule>;
  log: Logger;
}

export interface RunningShell {
  /** Resolves once the window exists, or with undefined when this instance quit at once. */
  ready: Promise<{ core: Core; window: BrowserWindow } | undefined>;
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
  const openExternal = createOpenExternal(electron.shell, log);
  hardenApp(app, { openExternal, log });
  quitWhenWindowsClosed(app, options.platform);

  const start = async (): Promise<{ core: Core; window: BrowserWindow }> => {
    await app.whenReady();
    const setup = await resolveTmdbSetup(options.env, options.loadCatalogue);
    let core: Core;
    try {
      core = options.createCore({
        dataDir: app.getPath('userData'),
        app: { name: app.getName(), version: app.getVersion(), platform: options.platform },
        tmdb: setup.tmdb,
        log,
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
