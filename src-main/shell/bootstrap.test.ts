import { describe, expect, it, vi } from 'vitest';
import { channelNames, IPC_PREFIX } from '../../src-shared/ipc/channels';
import type { CoreOptions } from '../core/core';
import { memoryLogger } from '../base/testing/memory-logger';
import { memoryStore } from '../credentials';
import { runMarquee, type ElectronApi } from './bootstrap';
import type { DemoCatalogueModule } from './demo';
import {
  FakeApp,
  FakeBrowserWindow,
  FakeEvent,
  FakeIpcMain,
  FakeNotification,
  FakeProtocol,
  FakeShell,
  FakeWebContents,
  fakeMenu,
} from './testing/fake-electron';
import { fakeCore } from './testing/fake-core';

vi.mock('electron', async () => (await import('./testing/fake-electron')).fakeElectronModule());

const settle = () => new Promise((resolve) => setImmediate(resolve));

function boot(
  options: {
    lock?: boolean;
    env?: Record<string, string | undefined>;
    failCore?: boolean;
    notifications?: boolean;
  } = {},
) {
  FakeBrowserWindow.instances = [];
  const app = new FakeApp();
  app.lockAvailable = options.lock ?? true;
  const ipcMain = new FakeIpcMain();
  const protocol = new FakeProtocol();
  const core = fakeCore();
  const shell = new FakeShell();
  const coreOptions: CoreOptions[] = [];
  let catalogueCloses = 0;
  const catalogue: DemoCatalogueModule = {
    startCatalogue: () =>
      Promise.resolve({
        apiBase: 'http://127.0.0.1:40999',
        imageBase: 'http://127.0.0.1:40999/t/p',
        accessToken: 'demo-access-token',
        close: () => {
          catalogueCloses += 1;
          return Promise.resolve();
        },
      }),
  };
  const log = memoryLogger();
  const electron = {
    app,
    BrowserWindow: FakeBrowserWindow,
    ipcMain,
    Menu: fakeMenu,
    nativeTheme: { shouldUseDarkColors: true },
    protocol,
    safeStorage: { isEncryptionAvailable: () => false },
    shell,
    ...(options.notifications ? { Notification: FakeNotification } : {}),
  } as unknown as ElectronApi;
  const credentialRequests: Array<{ dataDir: string }> = [];
  const running = runMarquee(electron, {
    env: options.env ?? {},
    platform: 'linux',
    mainDir: '/opt/marquee/out/main',
    createCore: (o) => {
      coreOptions.push(o);
      if (options.failCore) throw new Error('cannot open library');
      return core;
    },
    loadCatalogue: () => Promise.resolve(catalogue),
    selectCredentials: ({ dataDir }) => {
      credentialRequests.push({ dataDir });
      return Promise.resolve(memoryStore('test'));
    },
    log,
  });
  return {
    shell,
    credentialRequests,
    app,
    ipcMain,
    protocol,
    core,
    coreOptions,
    running,
    log,
    catalogueCloses: () => catalogueCloses,
  };
}

describe('start-up', () => {
  it('registers the app scheme before the app is ready', () => {
    const { protocol } = boot();
    expect(protocol.privileged).toHaveLength(1);
    expect(protocol.handlers.size).toBe(0);
  });

  it('a second instance quits without creating a core or a window', async () => {
    const { app, coreOptions, running } = boot({ lock: false });
    app.becomeReady();
    await expect(running.ready).resolves.toBeUndefined();
    expect(app.quitCalls).toBe(1);
    expect(coreOptions).toEqual([]);
    expect(FakeBrowserWindow.instances).toEqual([]);
  });

  it('after ready wires core, protocol, IPC and the window', async () => {
    const { app, ipcMain, protocol, coreOptions, running } = boot();
    app.becomeReady();
    const started = await running.ready;
    expect(coreOptions[0]?.dataDir).toBe('/fake/userData');
    expect(coreOptions[0]?.tmdb).toMatchObject({ demo: true, apiBase: 'http://127.0.0.1:40999' });
    expect(protocol.handlers.has('app')).toBe(true);
    expect([...ipcMain.handlers.keys()].sort()).toEqual(
      channelNames.map((c) => `${IPC_PREFIX}${c}`).sort(),
    );
    const window = FakeBrowserWindow.instances[0];
    expect(started?.window).toBe(window);
    expect(window?.loadedUrl).toBe('app://marquee/index.html');
    expect((window?.options.webPreferences as { preload?: string }).preload).toBe(
      '/opt/marquee/out/preload/index.cjs',
    );
  });

  it('keeps its data in MARQUEE_DATA_DIR when set', async () => {
    const { app, coreOptions, running } = boot({
      env: { MARQUEE_DATA_DIR: '/tmp/marquee-profile' },
    });
    expect(app.getPath('userData')).toBe('/tmp/marquee-profile');
    app.becomeReady();
    await running.ready;
    expect(coreOptions[0]?.dataDir).toBe('/tmp/marquee-profile');
  });

  it('uses TMDB, not the demo catalogue, when a token is configured', async () => {
    const { app, coreOptions, running } = boot({
      env: { TMDB_ACCESS_TOKEN: 'eyJhbGciOi.real.token' },
    });
    app.becomeReady();
    await running.ready;
    expect(coreOptions[0]?.tmdb).toMatchObject({
      demo: false,
      apiBase: 'https://api.themoviedb.org',
    });
  });

  it('forwards core events to the window', async () => {
    const { app, core, running } = boot();
    app.becomeReady();
    await running.ready;
    core.events.emit('network.status', { online: true, since: 5 });
    expect(FakeBrowserWindow.instances[0]?.webContents.sent).toEqual([
      { channel: `${IPC_PREFIX}network.status`, payload: { online: true, since: 5 } },
    ]);
  });

  it('hardens web contents created after start-up', async () => {
    const { app, running } = boot();
    app.becomeReady();
    await running.ready;
    const contents = new FakeWebContents();
    app.emit('web-contents-created', new FakeEvent(), contents);
    expect(contents.windowOpenHandler?.({ url: 'https://evil.com' })).toEqual({ action: 'deny' });
  });

  it('focuses the existing window when a second instance starts', async () => {
    const { app, running } = boot();
    app.becomeReady();
    await running.ready;
    app.emit('second-instance', {}, [], '/');
    expect(FakeBrowserWindow.instances[0]?.focused).toBe(true);
  });

  it('ends with code 1, and stops the demo catalogue, when the core cannot start', async () => {
    const { app, running, log, catalogueCloses } = boot({ failCore: true });
    app.becomeReady();
    await expect(running.ready).resolves.toBeUndefined();
    expect(app.exitCode).toBe(1);
    expect(catalogueCloses()).toBe(1);
    expect(log.lines.join('\n')).toContain('shell.start_failed');
  });
});

describe('wiring the core', () => {
  it('chooses the credential store after ready, in the data folder, and gives it to the core', async () => {
    const { app, coreOptions, credentialRequests, running } = boot();
    expect(credentialRequests).toEqual([]);
    app.becomeReady();
    await running.ready;
    expect(credentialRequests).toEqual([{ dataDir: '/fake/userData' }]);
    expect(coreOptions[0]?.credentials?.kind).toBe('memory');
  });

  it('lets the core open the demo catalogue’s approval page, and refuses other pages', async () => {
    const { app, coreOptions, running, shell } = boot();
    app.becomeReady();
    await running.ready;
    const openExternal = coreOptions[0]?.openExternal;
    expect(openExternal).toBeDefined();
    await openExternal?.(
      'http://127.0.0.1:40999/authenticate/abc?redirect_to=http%3A%2F%2F127.0.0.1%3A5%2Fdone',
    );
    expect(shell.opened).toHaveLength(1);
    await expect(openExternal?.('http://127.0.0.1:41000/authenticate/abc')).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(openExternal?.('https://evil.example/authenticate/abc')).rejects.toMatchObject({
      code: 'forbidden',
    });
    expect(shell.opened).toHaveLength(1);
  });

  it('does not allow loopback pages when talking to TMDB itself', async () => {
    const { app, coreOptions, running } = boot({
      env: { TMDB_ACCESS_TOKEN: 'eyJhbGciOi.real.token' },
    });
    app.becomeReady();
    await running.ready;
    await expect(
      coreOptions[0]?.openExternal?.('http://127.0.0.1:40999/authenticate/abc'),
    ).rejects.toMatchObject({
      code: 'forbidden',
    });
  });

  it('serves app://marquee/img/… from the core’s image cache', async () => {
    const { app, core, protocol, running } = boot();
    app.becomeReady();
    await running.ready;
    const handler = protocol.handlers.get('app');
    const response = await handler?.(new Request('app://marquee/img/w342/poster.png'));
    expect(response?.status).toBe(200);
    expect(response?.headers.get('Content-Type')).toBe('image/png');
    expect(response?.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect(core.imageRequests).toEqual(['img/w342/poster.png']);
  });
});

describe('system notifications', () => {
  it('records the items it showed in the inbox through the core', async () => {
    const { app, core, running } = boot({ notifications: true });
    (core.handlers as Record<string, unknown>)['settings.get'] = () =>
      Promise.resolve({ osNotifications: true, checkForUpdates: false });
    app.becomeReady();
    await running.ready;
    const item = {
      id: 41,
      kind: 'episode' as const,
      mediaId: 7,
      season: 1,
      episode: 2,
      releaseType: null,
      title: 'Series',
      body: 'S01E02 aired today.',
      occurredAt: '2026-11-22',
      createdAt: 1,
      readAt: null,
    };
    FakeNotification.instances = [];
    core.events.emit('tracking.inbox', { unread: 1, items: [item] });
    await vi.waitFor(() => {
      expect(core.osNotified).toEqual([41]);
    });
    expect(FakeNotification.instances.map((n) => n.shown)).toEqual([true]);
  });
});

describe('quitting', () => {
  it('closes the core and stops the demo catalogue exactly once, then quits', async () => {
    const { app, core, running, catalogueCloses } = boot();
    app.becomeReady();
    await running.ready;
    app.quit();
    app.quit();
    await settle();
    expect(core.closeCalls).toBe(1);
    expect(catalogueCloses()).toBe(1);
    expect(app.quitCalls).toBe(3);
  });
});
