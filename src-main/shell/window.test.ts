import { describe, expect, it, vi } from 'vitest';
import type { BrowserWindow } from 'electron';
import { memoryLogger } from '../base/testing/memory-logger';
import { FakeBrowserWindow } from './testing/fake-electron';
import { BACKGROUND, createMainWindow, windowOptions } from './window';

vi.mock('electron', async () => (await import('./testing/fake-electron')).fakeElectronModule());

const preloadPath = '/app/out/preload/index.cjs';

describe('main window options', () => {
  const prefs = windowOptions({ preloadPath, dark: false }).webPreferences ?? {};

  it.each([
    ['sandbox', true],
    ['contextIsolation', true],
    ['nodeIntegration', false],
    ['nodeIntegrationInWorker', false],
    ['nodeIntegrationInSubFrames', false],
    ['webSecurity', true],
    ['allowRunningInsecureContent', false],
    ['experimentalFeatures', false],
    ['webviewTag', false],
    ['spellcheck', false],
    ['navigateOnDragDrop', false],
    ['safeDialogs', true],
  ] as const)('sets webPreferences.%s to %s', (flag, value) => {
    expect(prefs[flag]).toBe(value);
  });

  it('leaves enableBlinkFeatures unset', () => {
    expect('enableBlinkFeatures' in prefs).toBe(false);
  });

  it('uses the built sandboxed preload', () => {
    expect(prefs.preload).toBe(preloadPath);
  });

  it('starts hidden and has a minimum size', () => {
    const options = windowOptions({ preloadPath, dark: false });
    expect(options.show).toBe(false);
    expect(options.minWidth).toBeGreaterThanOrEqual(800);
    expect(options.minHeight).toBeGreaterThanOrEqual(500);
  });

  it('paints the background of the OS theme', () => {
    expect(windowOptions({ preloadPath, dark: true }).backgroundColor).toBe(BACKGROUND.dark);
    expect(windowOptions({ preloadPath, dark: false }).backgroundColor).toBe(BACKGROUND.light);
  });
});

describe('createMainWindow', () => {
  const create = (dark: boolean): FakeBrowserWindow => {
    const window = createMainWindow({
      BrowserWindow: FakeBrowserWindow as unknown as typeof BrowserWindow,
      nativeTheme: { shouldUseDarkColors: dark },
      preloadPath,
      log: memoryLogger(),
    });
    return window as unknown as FakeBrowserWindow;
  };

  it('loads Marquee from app://marquee, never from file://', () => {
    expect(create(false).loadedUrl).toBe('app://marquee/index.html');
  });

  it('shows the window only once it is ready to show', () => {
    const window = create(false);
    expect(window.shown).toBe(false);
    window.emit('ready-to-show');
    expect(window.shown).toBe(true);
  });

  it('follows the OS dark theme', () => {
    expect(create(true).options.backgroundColor).toBe(BACKGROUND.dark);
  });
});
