import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DevicesStatus } from '../../../src-shared/ipc/contract/devices';
import { FakeBridge, ok, settle } from './testing/fake-bridge';
import { DevicesState, devicesSentence, hasDetail, isFullPath, statusLine } from './devices.svelte';

afterEach(() => {
  vi.unstubAllGlobals();
});

const NOW = Date.UTC(2026, 0, 10, 12, 0, 0);

function status(over: Partial<DevicesStatus> = {}): DevicesStatus {
  return {
    state: 'off',
    folder: null,
    thisDevice: { id: 'aaaaaaaa-0000', name: 'desk' },
    lastSyncedAt: null,
    message: null,
    progress: null,
    problems: [],
    devices: [],
    ...over,
  };
}

const on = (over: Partial<DevicesStatus> = {}): DevicesStatus =>
  status({ state: 'idle', folder: '/home/ann/Sync', lastSyncedAt: NOW - 120_000, ...over });

describe('DevicesState', () => {
  it('reads the status at start and follows devices.changed', async () => {
    const bridge = new FakeBridge({ 'devices.status': () => ok(status()) });
    vi.stubGlobal('window', { api: bridge });
    const state = new DevicesState();
    const stop = state.start(bridge);
    await settle();
    expect(state.status?.state).toBe('off');
    expect(state.on).toBe(false);
    bridge.emit('devices.changed', on());
    expect(state.status?.folder).toBe('/home/ann/Sync');
    expect(state.on).toBe(true);
    stop();
    bridge.emit('devices.changed', status());
    expect(state.on).toBe(true);
  });

  it('keeps the reason when the status cannot be read', async () => {
    const bridge = new FakeBridge({
      'devices.status': () => ({
        ok: false,
        error: { code: 'storage_io', message: 'The library could not be opened' },
      }),
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new DevicesState();
    await state.load();
    expect(state.status).toBeNull();
    expect(state.error?.code).toBe('storage_io');
  });

  it('sets up with the typed path, and says the core’s sentence when it refuses', async () => {
    let refuse = true;
    const bridge = new FakeBridge({
      'devices.setup': () =>
        refuse
          ? {
              ok: false,
              error: {
                code: 'invalid_input',
                message: 'This folder was set up with a different passphrase.',
              },
            }
          : ok(on()),
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new DevicesState();
    const input = { folder: '/home/ann/Sync', passphrase: 'correct horse', name: 'Laptop' };
    const refused = await state.setup(input);
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.failure.sentence).toBe('This folder was set up with a different passphrase.');
    expect(state.status).toBeNull();
    refuse = false;
    const done = await state.setup(input);
    expect(done.ok).toBe(true);
    expect(bridge.calls.at(-1)?.input).toEqual(input);
    expect(state.status?.state).toBe('idle');
  });

  it('keeps the status when the folder dialog was closed, and explains where there is none', async () => {
    let dialog = true;
    const bridge = new FakeBridge({
      'devices.setup': () =>
        dialog
          ? ok(null)
          : { ok: false, error: { code: 'unsupported', message: 'Type the folder’s full path.' } },
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new DevicesState();
    const input = { folder: 'dialog' as const, passphrase: 'correct horse', name: 'Laptop' };
    expect(await state.setup(input)).toEqual({ ok: true, value: null });
    expect(state.status).toBeNull();
    dialog = false;
    const none = await state.setup(input);
    expect(none.ok).toBe(false);
    if (!none.ok) expect(none.failure.sentence).toMatch(/type the folder’s full path/);
  });

  it('renames, syncs now, forgets and stops, each answer becoming the status', async () => {
    const peer = {
      id: 'bbbbbbbb-0000',
      name: 'Study',
      lastChangeAt: NOW,
      changes: 3,
      waiting: 0,
      forgotten: false,
    };
    const bridge = new FakeBridge({
      'devices.rename': (input) =>
        ok(on({ thisDevice: { id: 'aaaaaaaa-0000', name: input?.name ?? '' } })),
      'devices.syncNow': () => ok(on({ devices: [peer] })),
      'devices.forget': () => ok(on({ devices: [{ ...peer, forgotten: true }] })),
      'devices.stop': () => ok(status()),
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new DevicesState();
    await state.rename('Laptop');
    expect(state.status?.thisDevice.name).toBe('Laptop');
    await state.syncNow();
    expect(state.status?.devices.map((d) => d.name)).toEqual(['Study']);
    await state.forget(peer.id);
    expect(bridge.calls.at(-1)?.input).toEqual({ id: peer.id });
    expect(state.status?.devices[0]?.forgotten).toBe(true);
    await state.stop();
    expect(state.on).toBe(false);
  });
});

describe('the status line', () => {
  it('says each state in one plain sentence', () => {
    expect(statusLine(on(), NOW)).toEqual({
      tone: 'ok',
      text: 'Up to date · last synced 2 minutes ago',
    });
    expect(statusLine(on({ lastSyncedAt: null }), NOW).text).toBe('Up to date');
    expect(statusLine(on({ state: 'syncing' }), NOW).text).toBe('Syncing…');
    expect(
      statusLine(on({ state: 'syncing', progress: { done: 2_000, total: 100_000 } }), NOW).text,
    ).toBe('Syncing… 2,000 of 100,000 changes');
    expect(statusLine(on({ state: 'waiting' }), NOW)).toEqual({
      tone: 'waiting',
      text: 'Waiting for the sync folder…',
    });
    const message = '1 file in the sync folder could not be read and was left out.';
    expect(statusLine(on({ state: 'problem', message }), NOW)).toEqual({
      tone: 'problem',
      text: message,
    });
    expect(statusLine(status(), NOW).tone).toBe('off');
  });
});

describe('folder paths and sentences', () => {
  it('accepts the full paths the core accepts', () => {
    expect(isFullPath('/home/ann/Dropbox/Marquee')).toBe(true);
    expect(isFullPath('C:\\Users\\Ann\\Dropbox')).toBe(true);
    expect(isFullPath('\\\\nas\\share')).toBe(true);
    expect(isFullPath('Dropbox/Marquee')).toBe(false);
    expect(isFullPath('~/Dropbox')).toBe(false);
  });

  it('never shows a validation message as the sentence, and never speaks of TMDB', () => {
    const validation = devicesSentence({
      code: 'invalid_input',
      message: 'folder: expected a full folder path',
    });
    expect(validation).toMatch(/folder, passphrase or name/);
    expect(devicesSentence({ code: 'storage_io', message: 'EACCES' })).not.toMatch(/TMDB/);
    expect(
      devicesSentence({
        code: 'invalid_input',
        message: 'That folder does not exist on this computer.',
      }),
    ).toBe('That folder does not exist on this computer.');
  });

  it('offers Details only when the core’s text says more than the sentence', () => {
    const failure = (code: 'invalid_input' | 'unsupported' | 'internal', message: string) => ({
      sentence: devicesSentence({ code, message }),
      error: { code, message },
    });
    expect(
      hasDetail(failure('invalid_input', 'This folder was set up with a different passphrase.')),
    ).toBe(false);
    expect(hasDetail(failure('unsupported', 'Type the folder’s full path instead.'))).toBe(false);
    expect(hasDetail(failure('internal', 'SQLITE_CORRUPT in merge'))).toBe(true);
  });
});
