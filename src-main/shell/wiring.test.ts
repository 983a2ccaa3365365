import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IPC_PREFIX } from '../../src-shared/ipc/channels';
import { createCore } from '../core/core';
import { memoryLogger } from '../base/testing/memory-logger';
import { memoryStore } from '../credentials';
import { runMarquee, type ElectronApi, type RunningShell } from './bootstrap';
import {
  FakeApp,
  FakeBrowserWindow,
  FakeIpcMain,
  FakeProtocol,
  FakeShell,
  fakeMenu,
  fakeScreen,
} from './testing/fake-electron';

vi.mock('electron', async () => (await import('./testing/fake-electron')).fakeElectronModule());

/*
 * The shell around the real core and the real demo catalogue: only Electron is replaced. This is
 * what the app does on first start without TMDB credentials, minus the window's pixels.
 */
const root = join(import.meta.dirname, '..', '..');
let dataDir: string;
let app: FakeApp;
let ipcMain: FakeIpcMain;
let protocol: FakeProtocol;
let running: RunningShell;
const log = memoryLogger();
// A laptop on the left and a monitor on the right; the saved window is tested against both.
const laptop = { x: 0, y: 0, width: 1440, height: 860 };

const trusted = { senderFrame: { parent: null, url: 'app://marquee/index.html' } };
const foreign = { senderFrame: { parent: null, url: 'https://evil.com/' } };
const call = (channel: string, event: unknown = trusted, input?: unknown) =>
  ipcMain.handlers.get(`${IPC_PREFIX}${channel}`)?.(event, input);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'marquee-shell-'));
  app = new FakeApp();
  ipcMain = new FakeIpcMain();
  protocol = new FakeProtocol();
  const electron = {
    app,
    BrowserWindow: FakeBrowserWindow,
    ipcMain,
    Menu: fakeMenu,
    nativeTheme: { shouldUseDarkColors: false },
    protocol,
    safeStorage: { isEncryptionAvailable: () => false },
    shell: new FakeShell(),
    screen: fakeScreen([laptop]),
    nativeImage: { createFromBitmap: () => ({}) },
  } as unknown as ElectronApi;
  running = runMarquee(electron, {
    env: { MARQUEE_DATA_DIR: dataDir },
    platform: 'linux',
    mainDir: join(root, 'out', 'main'),
    createCore,
    loadCatalogue: () => import('../../catalogue'),
    selectCredentials: () =>
      Promise.resolve(memoryStore('the wiring test keeps secrets in memory')),
    log,
  });
  app.becomeReady();
  await running.ready;
});

afterAll(async () => {
  app.quit();
  await vi.waitFor(() => {
    expect(app.quitCalls).toBe(2);
  });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the shell around the real core, in demo mode', () => {
  it('answers app.info from the page, in demo mode, with the chosen data folder', async () => {
    const result = await call('app.info');
    expect(result).toMatchObject({ ok: true, value: { name: 'Marquee', demo: true, dataDir } });
  });

  it('serves countries from the demo catalogue through IPC', async () => {
    const result = (await call('reference.countries')) as {
      ok: boolean;
      value?: { items: { iso_3166_1: string }[] };
    };
    expect(result.ok).toBe(true);
    expect(result.value?.items.length).toBeGreaterThan(10);
    expect(result.value?.items.map((c) => c.iso_3166_1)).toContain('DE');
  });

  it('refuses the same call from a foreign page', async () => {
    expect(await call('reference.countries', foreign)).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
  });

  it('refuses malformed input as data', async () => {
    expect(await call('app.info', trusted, { unexpected: true })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it('shows the inbox unread count on the badge, again after a read mark', async () => {
    await vi.waitFor(() => {
      expect(app.badgeCounts).toEqual([0]);
    });
    expect(await call('tracking.markRead', trusted, { ids: 'all' })).toMatchObject({ ok: true });
    await vi.waitFor(() => {
      expect(app.badgeCounts).toEqual([0, 0]);
    });
  });

  it('keeps "check for updates" (off by default) and never checks in development', async () => {
    expect(await call('settings.get')).toMatchObject({ value: { checkForUpdates: false } });
    expect(await call('settings.set', trusted, { checkForUpdates: true })).toMatchObject({
      ok: true,
      value: { checkForUpdates: true },
    });
    expect(log.lines.join('\n')).toContain('updater.off');
    expect(log.lines.join('\n')).not.toContain('updater.started');
  });

  it('saves the window when it closes and reopens it inside the displays there are now', async () => {
    const first = FakeBrowserWindow.instances.at(-1);
    if (!first) throw new Error('no window');
    expect(first.options).toMatchObject({ width: 1280, height: 820 });
    // Left on a monitor that is no longer connected, maximised.
    first.bounds = { x: 2000, y: 100, width: 1600, height: 1000 };
    first.maximized = true;
    first.emit('close');
    first.webContents.destroy();
    first.emit('closed');
    await vi.waitFor(() => {
      expect(JSON.parse(readFileSync(join(dataDir, 'window-state.json'), 'utf8'))).toEqual({
        bounds: { x: 2000, y: 100, width: 1600, height: 1000 },
        maximized: true,
      });
    });
    app.emit('activate');
    const second = FakeBrowserWindow.instances.at(-1);
    expect(second).not.toBe(first);
    expect(second?.options).toMatchObject({ x: 0, y: 0, width: 1440, height: 860 });
    second?.emit('ready-to-show');
    expect(second?.maximized).toBe(true);
  });

  it.skipIf(!existsSync(join(root, 'out', 'renderer', 'index.html')))(
    'serves the built renderer over app:// with the CSP (skipped until `npm run build`)',
    async () => {
      const response = await protocol.handlers.get('app')?.(
        new Request('app://marquee/index.html'),
      );
      expect(response?.status).toBe(200);
      expect(response?.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
      expect(await response?.text()).toMatch(/<script[^>]+src="\.\/assets\//);
    },
  );
});
