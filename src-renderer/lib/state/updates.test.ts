import { describe, expect, it } from 'vitest';
import type { ChannelName } from '../../../src-shared/ipc/channels';
import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type { UpdateStatus } from '../../../src-shared/ipc/contract';
import { UpdatesState } from './updates.svelte';

/** A bridge whose shell has `status` now, announces on demand and records install requests. */
function fakeBridge(status: UpdateStatus, installable: boolean) {
  let deliver: ((payload: UpdateStatus) => void) | undefined;
  const asked: ChannelName[] = [];
  const bridge = {
    invoke: (channel: ChannelName) => {
      asked.push(channel);
      if (channel === 'app.update') return Promise.resolve({ ok: true, value: status });
      return Promise.resolve(
        installable
          ? { ok: true, value: { restarting: true } }
          : { ok: false, error: { code: 'conflict', message: 'No downloaded update is waiting.' } },
      );
    },
    on: (_event: string, listener: typeof deliver) => {
      deliver = listener;
      return () => (deliver = undefined);
    },
  } as unknown as MarqueeApi;
  return { bridge, asked, announce: (next: UpdateStatus) => deliver?.(next) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('UpdatesState', () => {
  it('shows the state at start, then follows announcements until a download is ready', async () => {
    const t = fakeBridge({ state: 'watching' }, true);
    const updates = new UpdatesState();
    const stop = updates.start(t.bridge);
    await settle();
    expect(updates.status).toEqual({ state: 'watching' });
    t.announce({ state: 'ready', version: '1.4.0' });
    expect(updates.status).toEqual({ state: 'ready', version: '1.4.0' });
    expect(await updates.install(t.bridge)).toBeNull();
    expect(t.asked).toEqual(['app.update', 'app.installUpdate']);
    expect(updates.installing).toBe(true);
    stop();
  });

  it('keeps an announcement that arrives before the first answer, and reports a refused install', async () => {
    const t = fakeBridge({ state: 'watching' }, false);
    const updates = new UpdatesState();
    updates.start(t.bridge);
    t.announce({ state: 'downloading', version: '1.4.0' });
    await settle();
    expect(updates.status).toEqual({ state: 'downloading', version: '1.4.0' });
    expect(await updates.install(t.bridge)).toMatchObject({ code: 'conflict' });
    expect(updates.installing).toBe(false);
  });
});
