import { describe, expect, it } from 'vitest';
import { memoryLogger } from '../base/testing/memory-logger';
import { manualTimers } from '../base/testing/manual-timers';
import type { UpdateStatus } from '../../src-shared/ipc/contract';
import { installUpdates, type UpdateSettings, type UpdaterLike } from './updater';

const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

class FakeUpdater implements UpdaterLike {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  logger: UpdaterLike['logger'] = null;
  checks = 0;
  installs: [boolean | undefined, boolean | undefined][] = [];
  fail: Error | undefined;
  readonly errorListeners: ((error: unknown) => void)[] = [];
  readonly infoListeners = new Map<string, ((info: { version: string }) => void)[]>();
  on(event: string, listener: (value: never) => void): this {
    if (event === 'error') this.errorListeners.push(listener as (error: unknown) => void);
    else {
      const info = listener as (info: { version: string }) => void;
      this.infoListeners.set(event, [...(this.infoListeners.get(event) ?? []), info]);
    }
    return this;
  }
  /** What electron-updater emits as a release is found and fetched. */
  emit(event: 'update-available' | 'update-downloaded', version: string): void {
    for (const listener of this.infoListeners.get(event) ?? []) listener({ version });
  }
  checkForUpdates(): Promise<unknown> {
    this.checks += 1;
    return this.fail ? Promise.reject(this.fail) : Promise.resolve(null);
  }
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void {
    this.installs.push([isSilent, isForceRunAfter]);
  }
}

const on = (installUpdates: UpdateSettings['installUpdates'] = 'when-asked'): UpdateSettings => ({
  checkForUpdates: true,
  installUpdates,
});
const off: UpdateSettings = { checkForUpdates: false, installUpdates: 'when-asked' };

function setup(options: {
  packaged: boolean;
  enabled: boolean;
  installUpdates?: UpdateSettings['installUpdates'];
  platform?: string;
  load?: () => Promise<UpdaterLike>;
}) {
  const updater = new FakeUpdater();
  const log = memoryLogger();
  let loads = 0;
  const timers = manualTimers();
  const announced: UpdateStatus[] = [];
  const updates = installUpdates({
    packaged: options.packaged,
    platform: options.platform ?? 'darwin',
    settings: () =>
      Promise.resolve({
        checkForUpdates: options.enabled,
        installUpdates: options.installUpdates ?? 'when-asked',
      }),
    announce: (status) => announced.push(status),
    load:
      options.load ??
      (() => {
        loads += 1;
        return Promise.resolve(updater);
      }),
    log,
    intervalMs: 1000,
    timers,
  });
  return { updater, log, updates, timers, announced, loads: () => loads };
}

describe('updates', () => {
  it('are off by default: an installed app with the setting off never loads electron-updater', async () => {
    const t = setup({ packaged: true, enabled: false });
    await settle();
    expect(t.loads()).toBe(0);
    expect(t.updates.running()).toBe(false);
  });

  it('never check in development, even with the setting on or turned on', async () => {
    const t = setup({ packaged: false, enabled: true });
    t.updates.settingsChanged(on());
    await settle();
    expect(t.loads()).toBe(0);
    expect(t.updater.checks).toBe(0);
    expect(t.log.lines.join('\n')).toContain('development build');
  });

  it('start when the setting is turned on: one check now, then one per interval; off stops them', async () => {
    const t = setup({ packaged: true, enabled: false });
    await settle();
    t.updates.settingsChanged(on());
    await settle();
    expect(t.updater.checks).toBe(1);
    expect(t.updater).toMatchObject({ autoDownload: true });
    t.timers.tick(1000);
    await settle();
    expect(t.updater.checks).toBe(2);
    t.updates.settingsChanged(off);
    t.timers.tick(1000);
    await settle();
    expect(t.updater.checks).toBe(2);
    expect(t.updates.running()).toBe(false);
  });

  it('start at launch when the installed app has the setting on', async () => {
    const t = setup({ packaged: true, enabled: true });
    await settle();
    expect(t.updater.checks).toBe(1);
    expect(t.updates.running()).toBe(true);
    t.updates.stop();
  });

  it('log failures redacted and keep going: a failed check, an error event, a failed load', async () => {
    const t = setup({ packaged: true, enabled: true });
    await settle();
    t.updater.fail = new Error(
      'GET https://api.github.com/releases?access_token=ghp_secret123 failed: 502',
    );
    t.timers.tick(1000);
    await settle();
    for (const listener of t.updater.errorListeners) listener(new Error('token=abc123 refused'));
    t.updater.logger?.error('Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl');
    const text = t.log.lines.join('\n');
    expect(text).toContain('updater.failed');
    expect(text).toContain('502');
    expect(text).not.toContain('ghp_secret123');
    expect(text).not.toContain('abc123');
    expect(text).not.toContain('eyJhbGciOiJIUzI1NiJ9');
    t.updater.fail = undefined;
    t.timers.tick(1000);
    await settle();
    expect(t.updater.checks).toBe(3);

    let attempts = 0;
    const broken = setup({
      packaged: true,
      enabled: true,
      load: () => {
        attempts += 1;
        return Promise.reject(new Error('Cannot find module electron-updater'));
      },
    });
    await settle();
    broken.timers.tick(1000);
    await settle();
    expect(attempts).toBe(2);
    expect(broken.log.lines.join('\n')).toContain('Cannot find module electron-updater');
  });

  it('download in the background and wait for the user: nothing installs on quit unless chosen', async () => {
    const t = setup({ packaged: true, enabled: true });
    await settle();
    expect(t.updates.status()).toEqual({ state: 'watching' });
    expect(t.updater).toMatchObject({ autoDownload: true, autoInstallOnAppQuit: false });
    expect(t.updates.install()).toBe(false); // Nothing downloaded yet.
    t.updater.emit('update-available', '1.4.0');
    expect(t.updates.status()).toEqual({ state: 'downloading', version: '1.4.0' });
    // A download that fails is not shown as still running; the next check fetches it again.
    for (const listener of t.updater.errorListeners)
      listener(new Error('net::ERR_CONNECTION_RESET'));
    expect(t.updates.status()).toEqual({ state: 'watching' });
    t.timers.tick(1000);
    await settle();
    expect(t.updater.checks).toBe(2);
    t.updater.emit('update-available', '1.4.0');
    t.updater.emit('update-downloaded', '1.4.0');
    expect(t.updates.status()).toEqual({ state: 'ready', version: '1.4.0' });
    expect(t.announced.map((s) => s.state)).toEqual([
      'watching',
      'downloading',
      'watching',
      'downloading',
      'ready',
    ]);
    expect(t.updater.installs).toEqual([]);
    // Checks pause while it waits: the same release would only be fetched again.
    t.timers.tick(1000);
    await settle();
    expect(t.updater.checks).toBe(2);
    // Turning checks off keeps the downloaded update on offer; "Restart to update" installs it.
    t.updates.settingsChanged(off);
    expect(t.updates.status()).toEqual({ state: 'ready', version: '1.4.0' });
    expect(t.updates.install()).toBe(true);
    expect(t.updater.installs).toEqual([[false, true]]);
  });

  it('install when Marquee quits only when the user chose so, and stop when they change their mind', async () => {
    const t = setup({ packaged: true, enabled: true, installUpdates: 'on-quit' });
    await settle();
    expect(t.updater.autoInstallOnAppQuit).toBe(true);
    t.updates.settingsChanged(on('when-asked'));
    expect(t.updater.autoInstallOnAppQuit).toBe(false);
    t.updates.settingsChanged(on('on-quit'));
    expect(t.updater.autoInstallOnAppQuit).toBe(true);
    t.updates.settingsChanged({ ...off, installUpdates: 'on-quit' });
    expect(t.updater.autoInstallOnAppQuit).toBe(false);
  });

  it('are not offered on Linux, whose feed carries a hash and no signature', async () => {
    const t = setup({ packaged: true, enabled: true, platform: 'linux' });
    t.updates.settingsChanged(on());
    await settle();
    expect(t.loads()).toBe(0);
    expect(t.updates.status()).toEqual({ state: 'unavailable' });
    expect(t.log.lines.join('\n')).toContain('updater.off');
  });
});
