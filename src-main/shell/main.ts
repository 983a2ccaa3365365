import { app, BrowserWindow, ipcMain, Menu, nativeTheme, protocol, shell } from 'electron';
import { createCore } from '../core/core';
import { createLogger } from '../core/log';
import { runMarquee } from './bootstrap';

// The electron-vite main entry: real Electron objects and real modules in, everything else in
// bootstrap.ts. The demo catalogue is imported only when it is used (no TMDB credentials set).
runMarquee(
  { app, BrowserWindow, ipcMain, Menu, nativeTheme, protocol, shell },
  {
    env: process.env,
    platform: process.platform,
    mainDir: import.meta.dirname,
    createCore,
    loadCatalogue: () => import('../../e2e/catalogue/server'),
    log: createLogger(
      (line) => process.stdout.write(`${line}\n`),
      process.env.MARQUEE_LOG_LEVEL === 'debug' ? 'debug' : 'info',
    ),
  },
);
