import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MediaServerView } from '../../../src-shared/ipc/contract/capture';
import { FakeBridge, ok, settle } from './testing/fake-bridge';
import { MediaServersState, serverSentence } from './media-servers.svelte';

afterEach(() => {
  vi.unstubAllGlobals();
});

function server(id: string, over: Partial<MediaServerView> = {}): MediaServerView {
  return {
    id,
    kind: 'jellyfin',
    name: `Server ${id}`,
    url: 'http://127.0.0.1:8096',
    accounts: [{ id: 'u1', name: 'Ann', chosen: true }],
    thresholdPercent: 90,
    listen: 'local',
    webhookUrl: `http://127.0.0.1:7878/hook/${id}`,
    status: { state: 'connected', message: 'Connected.', lastEventAt: null },
    ...over,
  };
}

const progress = (serverId: string, done: number, running = true) => ({
  serverId,
  running,
  done,
  total: 10,
  added: done,
  review: 0,
  failed: 0,
  message: null,
});

describe('MediaServersState', () => {
  it('loads the servers and says why when it cannot', async () => {
    let fail = true;
    const bridge = new FakeBridge({
      'capture.servers': () =>
        fail
          ? { ok: false, error: { code: 'storage_busy', message: 'busy' } }
          : ok({ servers: [server('a')] }),
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new MediaServersState();
    await state.load();
    expect(state.loaded).toBe(false);
    expect(state.error?.code).toBe('storage_busy');
    fail = false;
    await state.load();
    expect(state.loaded).toBe(true);
    expect(state.error).toBeNull();
    expect(state.servers.map((s) => s.id)).toEqual(['a']);
  });

  it('adds a server, or returns one plain sentence about the server (never TMDB)', async () => {
    let refuse = true;
    const bridge = new FakeBridge({
      'capture.servers': () => ok({ servers: [] }),
      'capture.addServer': () =>
        refuse
          ? { ok: false, error: { code: 'unauthorized', message: 'Jellyfin said 401' } }
          : ok(server('b', { kind: 'plex' })),
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new MediaServersState();
    await state.load();
    const input = {
      kind: 'plex' as const,
      url: 'http://127.0.0.1:32400',
      auth: { kind: 'token' as const, token: 'secret' },
    };
    const refused = await state.add(input);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.failure.sentence).toBe(
        'The server did not accept the sign-in. Check the user name and password, or the token.',
      );
      expect(refused.failure.sentence).not.toMatch(/TMDB/);
      expect(refused.failure.error.message).toBe('Jellyfin said 401');
    }
    expect(state.servers).toEqual([]);
    refuse = false;
    const added = await state.add(input);
    expect(added.ok).toBe(true);
    expect(state.servers.map((s) => s.kind)).toEqual(['plex']);
    expect(serverSentence({ code: 'offline' })).toMatch(/server did not answer/);
    expect(serverSentence({ code: 'disk_full' })).toMatch(/disk is full/);
  });

  it('replaces a server in place after a test or an update, and drops it when removed', async () => {
    const bridge = new FakeBridge({
      'capture.servers': () => ok({ servers: [server('a'), server('b')] }),
      'capture.testServer': () =>
        ok(
          server('a', {
            status: { state: 'unreachable', message: 'No answer.', lastEventAt: null },
          }),
        ),
      'capture.updateServer': (input) =>
        ok(server('b', { thresholdPercent: input?.thresholdPercent ?? 90 })),
      'capture.removeServer': () => ok({ ok: true as const }),
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new MediaServersState();
    await state.load();
    await state.test('a');
    expect(state.servers[0]?.status.state).toBe('unreachable');
    await state.update('b', { thresholdPercent: 80 });
    expect(bridge.calls.at(-1)?.input).toEqual({ serverId: 'b', thresholdPercent: 80 });
    expect(state.servers.map((s) => [s.id, s.thresholdPercent])).toEqual([
      ['a', 90],
      ['b', 80],
    ]);
    await state.remove('a');
    expect(state.servers.map((s) => s.id)).toEqual(['b']);
  });

  it('coalesces a burst of capture.changed into one reload, and keeps back fill progress', async () => {
    const bridge = new FakeBridge({
      'capture.servers': () => ok({ servers: [server('a')] }),
      'capture.backfill': () => ok(progress('a', 0)),
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new MediaServersState();
    const stop = state.start(bridge);
    // Not loaded yet: events do not read the list.
    bridge.emit('capture.changed', { serverIds: ['a'] });
    await settle();
    expect(bridge.channels()).toEqual([]);
    await state.load();
    for (let i = 0; i < 5; i += 1) bridge.emit('capture.changed', { serverIds: ['a'] });
    await settle();
    expect(bridge.channels().filter((c) => c === 'capture.servers')).toHaveLength(2);

    expect(state.backfillOf('a')).toBeNull();
    await state.backfill('a');
    expect(state.backfillOf('a')?.running).toBe(true);
    bridge.emit('capture.backfill', progress('a', 4));
    expect(state.backfillOf('a')?.done).toBe(4);
    bridge.emit('capture.backfill', progress('a', 10, false));
    expect(state.backfillOf('a')?.running).toBe(false);
    stop();
    bridge.emit('capture.backfill', progress('a', 1));
    expect(state.backfillOf('a')?.done).toBe(10);
  });

  it('stops a running back fill, and keeps its progress until the last event says it stopped', async () => {
    const bridge = new FakeBridge({
      'capture.backfill': () => ok(progress('a', 0)),
      'capture.cancelBackfill': () => ok({ stopping: true }),
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new MediaServersState();
    const stop = state.start(bridge);
    await state.backfill('a');
    bridge.emit('capture.backfill', progress('a', 3));
    const stopped = await state.cancelBackfill('a');
    expect(stopped).toEqual({ ok: true, value: true });
    expect(bridge.calls.at(-1)).toMatchObject({
      channel: 'capture.cancelBackfill',
      input: { serverId: 'a' },
    });
    expect(state.backfillOf('a')?.running).toBe(true);
    bridge.emit('capture.backfill', {
      ...progress('a', 3, false),
      message: 'Stopped; the plays read so far are kept.',
    });
    expect(state.backfillOf('a')).toMatchObject({ running: false, done: 3 });
    stop();
  });

  it('finds servers on this computer', async () => {
    const bridge = new FakeBridge({
      'capture.discover': () => ok({ found: [{ kind: 'kodi', url: 'http://127.0.0.1:8080' }] }),
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new MediaServersState();
    expect(state.found).toBeNull();
    await state.discover();
    expect(state.found).toEqual([{ kind: 'kodi', url: 'http://127.0.0.1:8080' }]);
  });
});
