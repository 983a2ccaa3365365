import { mkdtempSync, rmSync } from 'node:fs';
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
import type { UpdaterLike } from './updater';

vi.mock('electron', async () => (await import('./testing/fake-electron')).fakeElectronModule());

/** electron-updater's `autoUpdater` as the installed app sees it, played by hand. */
class FakeAutoUpdater {
  autoDownload = false;
  autoInstallOnAppQuit = true;
  logger: UpdaterLike['logger'] = null;
  checks = 0;
  installs = 0;
  readonly listeners = new Map<string, ((value: { version: string }) => void)[]>();
  on(event: string, listener: (value: never) => void): this {
    const typed = listener as (value: { version: string }) => void;
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), typed]);
    return this;
  }
  emit(event: string, version: string): void {
    for (const listener of this.listeners.get(event) ?? []) listener({ version });
  }
  checkForUpdates(): Promise<null> {
    this.checks += 1;
    return Promise.resolve(null);
  }
  quitAndInstall(): void {
    this.installs += 1;
  }
}

/*
 * An installed macOS copy (packaged) around the real core and demo catalogue, with the updater
 * replaced: what the Settings panel sees and does through IPC.
 */
const root = join(import.meta.dirname, '..', '..');
const trusted = { senderFrame: { parent: null, url: 'app://marquee/index.html' } };
let dataDir: string;
let app: FakeApp;
let ipcMain: FakeIpcMain;
let running: RunningShell;
const updater = new FakeAutoUpdater();
const call = (channel: string, input?: unknown) =>
  ipcMain.handlers.get(`${IPC_PREFIX}${channel}`)?.(trusted, input);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'marquee-updates-'));
  app = new FakeApp();
  app.isPackaged = true;
  ipcMain = new FakeIpcMain();
  const electron = {
    app,
    BrowserWindow: FakeBrowserWindow,
    ipcMain,
    Menu: fakeMenu,
    nativeTheme: { shouldUseDarkColors: false },
    protocol: new FakeProtocol(),
    safeStorage: { isEncryptionAvailable: () => false },
    shell: new FakeShell(),
    screen: fakeScreen([{ x: 0, y: 0, width: 1440, height: 860 }]),
    nativeImage: { createFromBitmap: () => ({}) },
  } as unknown as ElectronApi;
  running = runMarquee(electron, {
    env: { MARQUEE_DATA_DIR: dataDir },
    platform: 'darwin',
    mainDir: join(root, 'out', 'main'),
    createCore,
    loadCatalogue: () => import('../../catalogue'),
    selectCredentials: () =>
      Promise.resolve(memoryStore('the updates test keeps secrets in memory')),
    loadUpdater: () => Promise.resolve(updater as unknown as UpdaterLike),
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

describe('updates in an installed copy, through IPC', () => {
  it('are off until opted in; then a found release downloads and waits for "Restart to update"', async () => {
    expect(await call('app.update')).toEqual({ ok: true, value: { state: 'off' } });
    expect(await call('settings.set', { checkForUpdates: true })).toMatchObject({ ok: true });
    await vi.waitFor(() => {
      expect(updater.checks).toBe(1);
    });
    expect(updater).toMatchObject({ autoDownload: true, autoInstallOnAppQuit: false });

    updater.emit('update-downloaded', '9.9.9');
    expect(await call('app.update')).toEqual({
      ok: true,
      value: { state: 'ready', version: '9.9.9' },
    });
    const sent = FakeBrowserWindow.instances.flatMap((w) => w.webContents.sent);
    expect(sent).toContainEqual({
      channel: `${IPC_PREFIX}app.update`,
      payload: { state: 'ready', version: '9.9.9' },
    });
    expect(updater.installs).toBe(0);

    // The user's choice to install on quit reaches electron-updater at once.
    await call('settings.set', { installUpdates: 'on-quit' });
    expect(updater.autoInstallOnAppQuit).toBe(true);

    expect(await call('app.installUpdate')).toEqual({ ok: true, value: { restarting: true } });
    expect(updater.installs).toBe(1);
  });
});
