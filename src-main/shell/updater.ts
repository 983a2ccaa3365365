import { redactAndCut } from '../../src-shared/redact';
import type { Logger } from '../base/log';
import { realTimers, type Timers } from '../base/timers';

/**
 * Updates from Marquee's GitHub releases (electron-updater reads the feed electron-builder writes
 * into the installed app). Opt-in: Settings → "Check for updates", off by default. Never in
 * development (`app.isPackaged` false) and never in the browser harness, which does not start the
 * shell at all. electron-updater is loaded only when checks start, so a run that never checks never
 * loads it. A found update downloads in the background and installs when Marquee quits; the system
 * notification electron-updater shows says so.
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
  checkForUpdatesAndNotify(): Promise<unknown>;
}

export interface UpdaterDeps {
  /** `app.isPackaged`: false for `npm start` and tests. */
  packaged: boolean;
  /** The user's opt-in (`checkForUpdates`), read now. */
  enabled: () => Promise<boolean>;
  /** electron-updater's `autoUpdater`, imported lazily. */
  load: () => Promise<UpdaterLike>;
  log: Logger;
  /** How often to look again while Marquee runs. */
  intervalMs?: number;
  timers?: Timers;
}

export interface Updates {
  /** Call when the setting may have changed: starts or stops the checks to match it. */
  settingChanged(on: boolean): void;
  /** Whether periodic checks run now (for tests and the log). */
  running(): boolean;
  stop(): void;
}

export const CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;

const message = (value: unknown): string =>
  redactAndCut(value instanceof Error ? value.message : String(value), 500);

export function installUpdates(deps: UpdaterDeps): Updates {
  const timers = deps.timers ?? realTimers;
  let cancel: (() => void) | undefined;
  let wanted = false;
  let updater: Promise<UpdaterLike | undefined> | undefined;

  const failed = (error: unknown): void => {
    deps.log.warn('updater.failed', { message: message(error) });
  };
  const get = (): Promise<UpdaterLike | undefined> =>
    (updater ??= deps
      .load()
      .then((loaded) => {
        loaded.autoDownload = true;
        loaded.autoInstallOnAppQuit = true;
        // electron-updater's own lines go through Marquee's (redacting) log.
        loaded.logger = {
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
        loaded.on('error', failed);
        return loaded;
      })
      .catch((error: unknown) => {
        failed(error);
        updater = undefined; // Tried again at the next check.
        return undefined;
      }));
  const check = (): void => {
    if (!wanted) return;
    void get()
      .then((loaded) => (wanted ? loaded?.checkForUpdatesAndNotify() : undefined))
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
  const apply = (on: boolean): void => {
    wanted = on && deps.packaged;
    if (wanted) start();
    else stopChecks();
  };

  if (!deps.packaged) {
    deps.log.info('updater.off', { reason: 'development build' });
  } else {
    deps.enabled().then(apply).catch(failed);
  }
  return {
    settingChanged: (on) => {
      if (deps.packaged) apply(on);
    },
    running: () => cancel !== undefined,
    stop: () => {
      wanted = false;
      stopChecks();
    },
  };
}
