import { describe, expect, it, vi } from 'vitest';
import * as electron from 'electron';
import type { ShellOptions } from './bootstrap';

vi.mock('electron', async () => (await import('./testing/fake-electron')).fakeElectronModule());
vi.mock('./bootstrap', () => ({
  runMarquee: vi.fn(() => ({ ready: Promise.resolve(undefined) })),
}));
// The real core needs the TMDB client and SQLite; main.ts only has to hand it over.
vi.mock('../core/core', () => ({ createCore: vi.fn() }));

describe('main entry', () => {
  it('hands the real Electron objects and the core factory to the shell, once', async () => {
    const { runMarquee } = await import('./bootstrap');
    const { createCore } = await import('../core/core');
    await import('./main');
    expect(runMarquee).toHaveBeenCalledTimes(1);
    const [api, options] = vi.mocked(runMarquee).mock.calls[0] ?? [];
    expect(api?.app).toBe(electron.app);
    expect(api?.BrowserWindow).toBe(electron.BrowserWindow);
    expect(api?.ipcMain).toBe(electron.ipcMain);
    expect(api?.protocol).toBe(electron.protocol);
    expect(api?.shell).toBe(electron.shell);
    expect(api?.safeStorage).toBe(electron.safeStorage);
    expect(api?.screen).toBe(electron.screen);
    expect(api?.nativeImage).toBe(electron.nativeImage);
    const shellOptions = options as ShellOptions;
    expect(shellOptions.createCore).toBe(createCore);
    expect(shellOptions.env).toBe(process.env);
    expect(shellOptions.mainDir).toBe(import.meta.dirname);
    // electron-updater is not loaded at start-up, only handed over as a loader.
    expect(shellOptions.loadUpdater).toBeTypeOf('function');
  });
});
