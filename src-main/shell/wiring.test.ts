import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
  } as unknown as ElectronApi;
  running = runMarquee(electron, {
    env: { MARQUEE_DATA_DIR: dataDir },
    platform: 'linux',
    mainDir: join(root, 'out', 'main'),
    createCore,
    loadCatalogue: () => import('../../catalogue'),
    selectCredentials: () =>
      Promise.resolve(memoryStore('the wiring test keeps secrets in memory')),
    log: memoryLogger(),
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
