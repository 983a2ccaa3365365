import { redactAndCut } from '../../src-shared/redact';
import type { Settings, UpdateStatus } from '../../src-shared/ipc/contract';
import type { Logger } from '../base/log';
import { realTimers, type Timers } from '../base/timers';

/**
 * Updates from Marquee's GitHub releases (electron-updater reads the feed electron-builder writes
 * into the installed app). Opt-in: Settings → "Check for updates", off by default. Never in
 * development (`app.isPackaged` false), never on Linux (the feed there carries only a hash, no
 * signature: Linux users update through their package or a new AppImage), and never in the browser
 * harness, which does not start the shell at all. electron-updater is loaded only when checks
 * start, so a run that never checks never loads it.
 *
 * A found update downloads in the background. It is installed when the user says so (Settings →
 * "Restart to update") or, if they chose so, when Marquee quits; never behind their back. Only
 * signed releases are published to the feed (see the release workflow).
 */

/** The part of electron-updater's `autoUpdater` Marquee uses. */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  logger: {
    info(message?: unknown): void;
    warn(message?: unknown): void;
    error(message?: unknown): void;
  } | null;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  on(
    event: 'update-available' | 'update-downloaded',
    listener: (info: { version: string }) => void,
  ): unknown;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
}

export type UpdateSettings = Pick<Settings, 'checkForUpdates' | 'installUpdates'>;

export interface UpdaterDeps {
  /** `app.isPackaged`: false for `npm start` and tests. */
  packaged: boolean;
  /** `process.platform`: Linux builds never update themselves. */
  platform: string;
  /** The user's choices, read now. */
  settings: () => Promise<UpdateSettings>;
  /** electron-updater's `autoUpdater`, imported lazily. */
  load: () => Promise<UpdaterLike>;
  /** Told each change of the update's state (the shell forwards it to the window). */
  announce?: (status: UpdateStatus) => void;
  log: Logger;
  /** How often to look again while Marquee runs. */
  intervalMs?: number;
  timers?: Timers;
}

export interface Updates {
  /** Call when the settings may have changed: starts or stops the checks to match them. */
  settingsChanged(next: UpdateSettings): void;
  status(): UpdateStatus;
  /** Installs the downloaded update now (Marquee quits and starts again); false if none is ready. */
  install(): boolean;
  /** Whether periodic checks run now (for tests and the log). */
  running(): boolean;
  stop(): void;
}

export const CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;

const message = (value: unknown): string =>
  redactAndCut(value instanceof Error ? value.message : String(value), 500);

export function installUpdates(deps: UpdaterDeps): Updates {
  const timers = deps.timers ?? realTimers;
  const able = deps.packaged && deps.platform !== 'linux';
  let cancel: (() => void) | undefined;
  let wanted = false;
  let onQuit = false;
  let updater: Promise<UpdaterLike | undefined> | undefined;
  let loaded: UpdaterLike | undefined;
  let status: UpdateStatus = { state: able ? 'off' : 'unavailable' };

  const show = (next: UpdateStatus): void => {
    if (next.state === status.state && next.version === status.version) return;
    status = next;
    deps.announce?.(next);
  };
  const failed = (error: unknown): void => {
    deps.log.warn('updater.failed', { message: message(error) });
  };
  const get = (): Promise<UpdaterLike | undefined> =>
    (updater ??= deps
      .load()
      .then((found) => {
        found.autoDownload = true;
        found.autoInstallOnAppQuit = onQuit && wanted;
        // electron-updater's own lines go through Marquee's (redacting) log.
        found.logger = {
          info: (m) => {
            deps.log.info('updater.info', { message: message(m) });
          },
          warn: (m) => {
            deps.log.warn('updater.warn', { message: message(m) });
          },
          error: (m) => {
            deps.log.warn('updater.error', { message: message(m) });
          },
        };
        found.on('error', (error) => {
          failed(error);
          // A download that failed is not "downloading" any more; the next check starts it again.
          if (status.state === 'downloading') show({ state: 'watching' });
        });
        found.on('update-available', ({ version }) => {
          if (status.state !== 'ready') show({ state: 'downloading', version });
        });
        found.on('update-downloaded', ({ version }) => {
          deps.log.info('updater.downloaded', { version, installOnQuit: onQuit });
          show({ state: 'ready', version });
        });
        loaded = found;
        return found;
      })
      .catch((error: unknown) => {
        failed(error);
        updater = undefined; // Tried again at the next check.
        return undefined;
      }));
  const check = (): void => {
    // A downloaded update waits for the user; looking again would only fetch the same one.
    if (!wanted || status.state === 'ready') return;
    void get()
      .then((found) => (wanted ? found?.checkForUpdates() : undefined))
      .catch(failed);
  };
  const start = (): void => {
    if (cancel) return;
    deps.log.info('updater.started', {
      everyHours: (deps.intervalMs ?? CHECK_INTERVAL_MS) / 3.6e6,
    });
    check();
    cancel = timers.every(deps.intervalMs ?? CHECK_INTERVAL_MS, check);
  };
  const stopChecks = (): void => {
    if (!cancel) return;
    cancel();
    cancel = undefined;
    deps.log.info('updater.stopped');
  };
  const apply = (next: UpdateSettings): void => {
    wanted = next.checkForUpdates && able;
    onQuit = next.installUpdates === 'on-quit';
    if (loaded) loaded.autoInstallOnAppQuit = onQuit && wanted;
    if (wanted) {
      if (status.state === 'off') show({ state: 'watching' });
      start();
    } else {
      stopChecks();
      // A downloaded update stays on offer: it is on disk, and installing it is still the user's call.
      if (able && status.state !== 'ready') show({ state: 'off' });
    }
  };

  if (!deps.packaged) {
    deps.log.info('updater.off', { reason: 'development build' });
  } else if (!able) {
    deps.log.info('updater.off', { reason: 'updates come with the system package' });
  } else {
    deps.settings().then(apply).catch(failed);
  }
  return {
    settingsChanged: (next) => {
      if (able) apply(next);
    },
    status: () => status,
    install: () => {
      if (status.state !== 'ready' || !loaded) return false;
      deps.log.info('updater.install', { version: status.version });
      // Not silent (the Windows installer shows its progress), and Marquee starts again after.
      loaded.quitAndInstall(false, true);
      return true;
    },
    running: () => cancel !== undefined,
    stop: () => {
      wanted = false;
      stopChecks();
    },
  };
}
