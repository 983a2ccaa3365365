import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  nativeTheme,
  Notification,
  protocol,
  safeStorage,
  screen,
  shell,
} from 'electron';
import { createCore } from '../core/core';
import { createLogger } from '../base/log';
import { loadKeytar, selectCredentialStore } from '../credentials';
import { runMarquee } from './bootstrap';

// The electron-vite main entry: real Electron objects and real modules in, everything else in
// bootstrap.ts. The demo catalogue is imported only when it is used (no TMDB credentials set), and
// electron-updater only when update checks start (an installed build, the setting on).
runMarquee(
  {
    app,
    BrowserWindow,
    dialog,
    ipcMain,
    Menu,
    nativeImage,
    nativeTheme,
    Notification,
    protocol,
    safeStorage,
    screen,
    shell,
  },
  {
    env: process.env,
    platform: process.platform,
    mainDir: import.meta.dirname,
    createCore,
    loadCatalogue: () => import('../../catalogue'),
    // electron-updater is CommonJS; its `autoUpdater` is a lazy getter on the module's exports.
    loadUpdater: async () => {
      const updater = (await import('electron-updater')) as typeof import('electron-updater') & {
        default?: typeof import('electron-updater');
      };
      return (updater.default ?? updater).autoUpdater;
    },
    selectCredentials: ({ safeStorage: storage, dataDir, log }) =>
      selectCredentialStore({ loadKeytar, safeStorage: storage, dataDir, log }),
    log: createLogger(
      (line) => process.stdout.write(`${line}\n`),
      process.env.MARQUEE_LOG_LEVEL === 'debug' ? 'debug' : 'info',
    ),
  },
);
