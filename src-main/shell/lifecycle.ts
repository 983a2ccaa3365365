import type { App, BrowserWindow } from 'electron';
import type { Logger } from '../base/log';

/**
 * One Marquee per user: two processes on the same SQLite library and outbox would race. The second
 * instance quits at once and the first brings its window forward.
 */
export function acquireSingleInstance(
  app: Pick<App, 'requestSingleInstanceLock' | 'quit' | 'on'>,
  onSecondInstance: () => void,
): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', () => {
    onSecondInstance();
  });
  return true;
}

/** Brings a window to the front, restoring it if minimised. */
export function focusWindow(window: BrowserWindow | undefined): void {
  if (!window || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

/** How long quitting waits for the cleanup before giving up on it. */
export const QUIT_CLEANUP_TIMEOUT_MS = 5_000;

/**
 * Runs `cleanup` (closing the databases, stopping the demo catalogue) exactly once when the app
 * quits. Electron does not wait for promises in `will-quit`, so the first quit is held back,
 * the cleanup awaited, and the quit issued again; a cleanup that fails or hangs is logged and the
 * app still quits.
 */
export function installCleanQuit(
  app: Pick<App, 'on' | 'quit'>,
  cleanup: () => Promise<void>,
  log: Logger,
  timeoutMs = QUIT_CLEANUP_TIMEOUT_MS,
): void {
  let state: 'running' | 'cleaning' | 'done' = 'running';
  app.on('will-quit', (event) => {
    if (state === 'done') return;
    event.preventDefault();
    if (state === 'cleaning') return;
    state = 'cleaning';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        log.error('quit.cleanup_timeout', { timeoutMs });
        resolve();
      }, timeoutMs);
    });
    Promise.race([cleanup(), timeout])
      .catch((error: unknown) => {
        log.error('quit.cleanup_failed', { error });
      })
      .finally(() => {
        clearTimeout(timer);
        state = 'done';
        app.quit();
      });
  });
}

/** Quit when the last window closes, except on macOS where apps stay in the dock. */
export function quitWhenWindowsClosed(
  app: Pick<App, 'on' | 'quit'>,
  platform: NodeJS.Platform,
): void {
  app.on('window-all-closed', () => {
    if (platform !== 'darwin') app.quit();
  });
}
