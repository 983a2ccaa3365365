import { describe, expect, it, vi } from 'vitest';
import type { App, BrowserWindow } from 'electron';
import { memoryLogger } from '../base/testing/memory-logger';
import { FakeApp, FakeBrowserWindow } from './testing/fake-electron';
import {
  acquireSingleInstance,
  focusWindow,
  installCleanQuit,
  quitWhenWindowsClosed,
} from './lifecycle';

vi.mock('electron', async () => (await import('./testing/fake-electron')).fakeElectronModule());

const asApp = (app: FakeApp) => app as unknown as App;

/** Lets queued promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('single instance', () => {
  it('quits a second instance at once when the lock is held elsewhere', () => {
    const app = new FakeApp();
    app.lockAvailable = false;
    app.on('will-quit', () => undefined);
    expect(acquireSingleInstance(asApp(app), () => undefined)).toBe(false);
    expect(app.quitCalls).toBe(1);
  });

  it('keeps running and focuses the first window when a second instance starts', () => {
    const app = new FakeApp();
    const window = new FakeBrowserWindow({});
    window.minimized = true;
    expect(
      acquireSingleInstance(asApp(app), () => {
        focusWindow(window as unknown as BrowserWindow);
      }),
    ).toBe(true);
    expect(app.quitCalls).toBe(0);
    app.emit('second-instance', {}, ['marquee'], '/');
    expect(window.minimized).toBe(false);
    expect(window.shown).toBe(true);
    expect(window.focused).toBe(true);
  });

  it('does nothing when there is no window to focus', () => {
    expect(() => {
      focusWindow(undefined);
    }).not.toThrow();
  });
});

describe('clean quit', () => {
  it('closes the core exactly once, then lets the quit through', async () => {
    const app = new FakeApp();
    const cleanup = vi.fn(() => Promise.resolve());
    installCleanQuit(asApp(app), cleanup, memoryLogger());
    app.quit();
    app.quit(); // a second quit while the first is still cleaning up
    await settle();
    expect(cleanup).toHaveBeenCalledTimes(1);
    // The quit is issued again after the cleanup, and this time nothing holds it back.
    expect(app.quitCalls).toBe(3);
    const last = { defaultPrevented: false, preventDefault: () => (last.defaultPrevented = true) };
    app.emit('will-quit', last);
    expect(last.defaultPrevented).toBe(false);
  });

  it('waits for the cleanup before quitting', async () => {
    const app = new FakeApp();
    let finish!: () => void;
    installCleanQuit(
      asApp(app),
      () => new Promise<void>((resolve) => (finish = resolve)),
      memoryLogger(),
    );
    app.quit();
    await settle();
    expect(app.quitCalls).toBe(1);
    finish();
    await settle();
    expect(app.quitCalls).toBe(2);
  });

  it('still quits when the cleanup fails, and logs why', async () => {
    const app = new FakeApp();
    const log = memoryLogger();
    installCleanQuit(asApp(app), () => Promise.reject(new Error('database is locked')), log);
    app.quit();
    await settle();
    expect(app.quitCalls).toBe(2);
    expect(log.lines.join('\n')).toContain('quit.cleanup_failed');
  });

  it('still quits when the cleanup hangs', async () => {
    vi.useFakeTimers();
    try {
      const app = new FakeApp();
      const log = memoryLogger();
      installCleanQuit(asApp(app), () => new Promise<void>(() => undefined), log, 1_000);
      app.quit();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(app.quitCalls).toBe(2);
      expect(log.lines.join('\n')).toContain('quit.cleanup_timeout');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('closing the last window', () => {
  it.each([
    ['linux', 1],
    ['win32', 1],
    ['darwin', 0],
  ] as const)('on %s quits %i time(s)', (platform, quits) => {
    const app = new FakeApp();
    quitWhenWindowsClosed(asApp(app), platform);
    app.emit('window-all-closed');
    expect(app.quitCalls).toBe(quits);
  });
});
