import { describe, expect, it } from 'vitest';
import { memoryLogger } from '../base/testing/memory-logger';
import { manualTimers } from '../base/testing/manual-timers';
import { installUpdates, type UpdaterLike } from './updater';

const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

class FakeUpdater implements UpdaterLike {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  logger: UpdaterLike['logger'] = null;
  checks = 0;
  fail: Error | undefined;
  readonly errorListeners: ((error: unknown) => void)[] = [];
  on(_event: 'error', listener: (error: unknown) => void): this {
    this.errorListeners.push(listener);
    return this;
  }
  checkForUpdatesAndNotify(): Promise<unknown> {
    this.checks += 1;
    return this.fail ? Promise.reject(this.fail) : Promise.resolve(null);
  }
}

function setup(options: {
  packaged: boolean;
  enabled: boolean;
  load?: () => Promise<UpdaterLike>;
}) {
  const updater = new FakeUpdater();
  const log = memoryLogger();
  let loads = 0;
  const timers = manualTimers();
  const updates = installUpdates({
    packaged: options.packaged,
    enabled: () => Promise.resolve(options.enabled),
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
  return { updater, log, updates, timers, loads: () => loads };
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
    t.updates.settingChanged(true);
    await settle();
    expect(t.loads()).toBe(0);
    expect(t.updater.checks).toBe(0);
    expect(t.log.lines.join('\n')).toContain('development build');
  });

  it('start when the setting is turned on: one check now, then one per interval; off stops them', async () => {
    const t = setup({ packaged: true, enabled: false });
    await settle();
    t.updates.settingChanged(true);
    await settle();
    expect(t.updater.checks).toBe(1);
    expect(t.updater).toMatchObject({ autoDownload: true, autoInstallOnAppQuit: true });
    t.timers.tick(1000);
    await settle();
    expect(t.updater.checks).toBe(2);
    t.updates.settingChanged(false);
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
});
