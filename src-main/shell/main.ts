import {
  app,
  BrowserWindow,
  ipcMain,
  Menu,
  nativeTheme,
  Notification,
  protocol,
  safeStorage,
  shell,
} from 'electron';
import { createCore } from '../core/core';
import { createLogger } from '../base/log';
import { loadKeytar, selectCredentialStore } from '../credentials';
import { runMarquee } from './bootstrap';

// The electron-vite main entry: real Electron objects and real modules in, everything else in
// bootstrap.ts. The demo catalogue is imported only when it is used (no TMDB credentials set).
runMarquee(
  { app, BrowserWindow, ipcMain, Menu, nativeTheme, Notification, protocol, safeStorage, shell },
  {
    env: process.env,
    platform: process.platform,
    mainDir: import.meta.dirname,
    createCore,
    loadCatalogue: () => import('../../catalogue'),
    selectCredentials: ({ safeStorage: storage, dataDir, log }) =>
      selectCredentialStore({ loadKeytar, safeStorage: storage, dataDir, log }),
    log: createLogger(
      (line) => process.stdout.write(`${line}\n`),
      process.env.MARQUEE_LOG_LEVEL === 'debug' ? 'debug' : 'info',
    ),
  },
);
